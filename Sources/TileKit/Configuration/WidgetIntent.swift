import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The user-editable parameters of a configurable widget, as an App Intents
/// `WidgetConfigurationIntent`: a plain struct whose `init()` holds the defaults and whose
/// `parameters` list says, in form order, how each stored property is edited.
///
/// ```swift
/// struct CommitIntent: WidgetIntent {
///     var owner = "apple", repo = "swift", branch = "main"
///     static let parameters: [WidgetParameter<Self>] = [
///         .string("owner", title: "Owner", \.owner),
///         .string("repo", title: "Repository", \.repo),
///         .string("branch", title: "Branch", \.branch),
///     ]
/// }
/// ```
public protocol WidgetIntent: Codable, Hashable, Sendable {
    /// The defaults a new tile starts with.
    init()
    /// The parameters in the order a form shows them.
    static var parameters: [WidgetParameter<Self>] { get }
}

extension WidgetIntent {
    /// The parameters as a UI sees them, with current dynamic options and defaults.
    public static var parameterDescriptions: [ParameterDescription] {
        let defaults = Self()
        return parameters.map { $0.describe(defaults) }
    }

    /// The values of every parameter, by key.
    public var parameterValues: [String: ParameterValue] {
        Dictionary(uniqueKeysWithValues: Self.parameters.map { ($0.key, $0.get(self)) })
    }

    /// The defaults with `values` applied: each key must be a parameter and each value valid.
    public init(values: [String: ParameterValue]) throws(ParameterError) {
        self.init()
        // The parameter list is built only when there is a value to set (its key paths and
        // closures are costly to make at start), and searched by a scan: a dictionary keyed by
        // parameter is generic over the intent and costs as much again.
        guard !values.isEmpty else { return }
        let parameters = Self.parameters
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            // A plain loop: `first(where:)` is reached through Sequence's witnesses here, whose
            // associated types the runtime resolves on first use, a cost at start.
            var found: WidgetParameter<Self>?
            for parameter in parameters where parameter.key == key {
                found = parameter
                break
            }
            guard let parameter = found else {
                throw .unknownParameter(key, known: parameters.map(\.key))
            }
            try parameter.set(&self, value)
        }
    }
}

extension WidgetIntent {
    /// Encodes as the parameter values by key, the same shape config files use.
    public func encode(to encoder: any Encoder) throws {
        try parameterValues.encode(to: encoder)
    }

    /// Decodes parameter values by key, validating each one.
    public init(from decoder: any Decoder) throws {
        let values = try [String: ParameterValue](from: decoder)
        do {
            try self.init(values: values)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

/// An intent for widgets without parameters.
public struct EmptyIntent: WidgetIntent {
    public init() {}
    public static var parameters: [WidgetParameter<Self>] { [] }
}

/// How one stored property of an intent is described, read and validated.
public struct WidgetParameter<Intent: WidgetIntent>: Sendable {
    /// The key in config files and on the command line.
    public let key: String
    public let title: String
    private let kind: @Sendable () -> ParameterKind
    private let rule: ParameterRule?
    let get: @Sendable (Intent) -> ParameterValue
    private let assign: @Sendable (inout Intent, ParameterValue) -> Bool

    init(
        key: String, title: String, kind: @escaping @Sendable () -> ParameterKind, rule: ParameterRule? = nil,
        get: @escaping @Sendable (Intent) -> ParameterValue,
        assign: @escaping @Sendable (inout Intent, ParameterValue) -> Bool
    ) {
        self.key = key
        self.title = title
        self.kind = kind
        self.rule = rule
        self.get = get
        self.assign = assign
    }

    func describe(_ intent: Intent) -> ParameterDescription {
        ParameterDescription(key: key, title: title, kind: kind(), defaultValue: get(intent), rule: rule)
    }

    /// Validates `value` and stores it in `intent`.
    func set(_ intent: inout Intent, _ value: ParameterValue) throws(ParameterError) {
        try describe(intent).validate(value)
        guard assign(&intent, value) else {
            throw .wrongType(parameter: key, expected: describe(intent).expectedTypeName, found: value.typeName)
        }
    }

    /// A switch.
    public static func bool(_ key: String, title: String, _ keyPath: WritableKeyPath<Intent, Bool> & Sendable) -> Self {
        Self(key: key, title: title, kind: { .bool }, get: { .bool($0[keyPath: keyPath]) }) { intent, value in
            guard case .bool(let bool) = value else { return false }
            intent[keyPath: keyPath] = bool
            return true
        }
    }

    /// A number, optionally within `range`.
    public static func integer(
        _ key: String, title: String, _ keyPath: WritableKeyPath<Intent, Int> & Sendable, range: ClosedRange<Int>? = nil
    ) -> Self {
        Self(key: key, title: title, kind: { .integer(range: range) }, get: { .integer($0[keyPath: keyPath]) }) { intent, value in
            guard case .integer(let number) = value else { return false }
            intent[keyPath: keyPath] = number
            return true
        }
    }

    /// A line of text, optionally at most `maxLength` characters and passing `rule`.
    public static func string(
        _ key: String, title: String, _ keyPath: WritableKeyPath<Intent, String> & Sendable, maxLength: Int? = nil,
        rule: ParameterRule? = nil
    ) -> Self {
        Self(key: key, title: title, kind: { .string(maxLength: maxLength) }, rule: rule, get: { .string($0[keyPath: keyPath]) }) { intent, value in
            guard case .string(let text) = value else { return false }
            intent[keyPath: keyPath] = text
            return true
        }
    }

    /// One case of a static enum.
    public static func choice<E: ParameterEnum>(
        _ key: String, title: String, _ keyPath: WritableKeyPath<Intent, E> & Sendable
    ) -> Self {
        let options = E.allCases.map { ParameterOption(value: $0.rawValue, title: $0.displayName) }
        return Self(key: key, title: title, kind: { .choice(options) }, get: { .string($0[keyPath: keyPath].rawValue) }) { intent, value in
            guard case .string(let raw) = value, let choice = E(rawValue: raw) else { return false }
            intent[keyPath: keyPath] = choice
            return true
        }
    }

    /// One of the options the widget supplies when asked (dynamic options).
    public static func dynamic(
        _ key: String, title: String, _ keyPath: WritableKeyPath<Intent, String> & Sendable,
        options: @escaping @Sendable () -> [ParameterOption]
    ) -> Self {
        Self(key: key, title: title, kind: { .dynamic(options()) }, get: { .string($0[keyPath: keyPath]) }) { intent, value in
            guard case .string(let text) = value else { return false }
            intent[keyPath: keyPath] = text
            return true
        }
    }

    /// Several of the widget's options, `counts[family]` of them shown per family.
    public static func multiple(
        _ key: String, title: String, _ keyPath: WritableKeyPath<Intent, [String]> & Sendable,
        counts: [WidgetFamily: Int], options: @escaping @Sendable () -> [ParameterOption]
    ) -> Self {
        Self(key: key, title: title, kind: { .multiple(options(), counts: counts) }, get: { .list($0[keyPath: keyPath]) }) { intent, value in
            guard case .list(let list) = value else { return false }
            intent[keyPath: keyPath] = list
            return true
        }
    }
}
