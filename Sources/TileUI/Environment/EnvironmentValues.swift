import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

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
    public var theme: Theme {
        get { shared.theme }
        set { uniqueShared().theme = newValue }
    }
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
    public var zone: Zone {
        get { shared.zone }
        set { uniqueShared().zone = newValue }
    }
    /// The axis of the stack a view sits in, which decides how Spacer and Divider extend.
    var stackAxis: Axis? = nil
    /// The values that are set once for a whole tree, if at all (see `Shared`).
    private var shared = Shared.initial

    public init() {}

    /// The value for a custom key, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (shared.extra[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { uniqueShared().extra[ObjectIdentifier(key)] = newValue }
    }

    /// The theme, the time zone and the keys of other targets, in one box shared by the copies of
    /// an environment until one of them changes it (copy on write). An environment is copied at
    /// every modifier and stack while a tree resolves, and these values, which are set once for a
    /// whole tree if at all, would otherwise be retained and released one by one at each copy.
    ///
    /// Unchecked Sendable as `EnvironmentValues` is: a box is changed only while a single
    /// environment holds it, and `initial`, held by the type too, is never changed.
    private final class Shared: @unchecked Sendable {
        var theme: Theme
        var zone: Zone
        var extra: [ObjectIdentifier: Any]

        init(theme: Theme, zone: Zone, extra: [ObjectIdentifier: Any]) {
            self.theme = theme
            self.zone = zone
            self.extra = extra
        }

        /// The defaults, shared by every new environment until it sets one of them.
        static let initial = Shared(theme: .default, zone: .utc, extra: [:])
    }

    /// The box, copied first when another environment shares it, for writing.
    private mutating func uniqueShared() -> Shared {
        if !isKnownUniquelyReferenced(&shared) {
            shared = Shared(theme: shared.theme, zone: shared.zone, extra: shared.extra)
        }
        return shared
    }

    /// The environment a render starts from when the caller gives none.
    public static let standard = EnvironmentValues()
}

/// Why a view tree is redacted (docs/rules.md A9.2).
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
    /// The live date texts made so far, which a `RetainedDrawing` redraws on their ticks.
    var liveTexts: [LiveTextNode] = []
    /// Whether some node made nodes while drawing (a GeometryReader's content): such a tree is
    /// made anew by each drawing, so a `RetainedDrawing` cannot redraw it in place.
    var buildsWhileDrawing = false

    init(environment: EnvironmentValues) {
        self.environment = environment
    }

    @TaskLocal static var current: ResolveContext?
}
