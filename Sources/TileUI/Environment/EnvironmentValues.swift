import Foundation

/// A key for a value in `EnvironmentValues`, as SwiftUI's `EnvironmentKey`. Other targets add
/// keys this way (TileKit adds `widgetFamily`).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values a view tree inherits from its ancestors: colour scheme, theme, fonts, text style,
/// redaction, "now", and any keys other targets define.
public struct EnvironmentValues: @unchecked Sendable {
    // Values every Text reads are stored fields (a dictionary lookup per Text would show in the
    // layout benchmark); keys from other targets live in `extra`.
    public var colorScheme: ColorScheme = .light
    public var theme: Theme = .default
    public var redactionReasons: RedactionReasons = []
    /// Set by `privacySensitive()`: redacted when `redactionReasons` contains `.privacy`.
    public var isPrivacySensitive = false
    public var font: Font? = nil
    public var foregroundColor: Color? = nil
    public var fontWeight: Font.Weight? = nil
    public var isItalic = false
    public var isUnderlined = false
    public var lineLimit: Int? = nil
    /// Lines a Text reports even when it shows fewer (`lineLimit(_:reservesSpace:)`, `lineLimit(a...b)`).
    public var reservedLineCount = 0
    public var truncationMode: Text.TruncationMode = .tail
    public var multilineTextAlignment: TextAlignment = .leading
    public var minimumScaleFactor: Double = 1
    /// The date views treat as now; self-updating date text formats relative to it.
    public var now: Date = Date(timeIntervalSince1970: 0)
    /// The time zone date text is shown in.
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    /// The axis of the stack a view sits in, which decides how Spacer and Divider extend.
    var stackAxis: Axis? = nil
    private var extra: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The value for a custom key, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (extra[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { extra[ObjectIdentifier(key)] = newValue }
    }

    /// The environment a render starts from when the caller gives none.
    public static let standard = EnvironmentValues()
}

/// Why a view tree is redacted (LAYOUT.md A9.2).
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Placeholder content: text becomes dim `▒` runs of the same width.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// Redacts only views marked `privacySensitive()`.
    public static let privacy = RedactionReasons(rawValue: 2)
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// Reads an environment value inside a view's `body`, as SwiftUI's `@Environment(\.colorScheme)`.
@propertyWrapper
public struct Environment<Value>: @unchecked Sendable {
    let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in effect while `body` is evaluated; the default outside a render.
    public var wrappedValue: Value {
        (ResolveContext.current?.environment ?? .standard)[keyPath: keyPath]
    }
}

/// The environment of the body being evaluated, so `@Environment` can read it without reflection.
/// One per render, used on one thread, never shared.
@usableFromInline
final class ResolveContext: @unchecked Sendable {
    @usableFromInline var environment: EnvironmentValues

    init(environment: EnvironmentValues) {
        self.environment = environment
    }

    @TaskLocal static var current: ResolveContext?
}
