/// A check of a text parameter beyond its length (`HH:MM`, `button=url` pairs). It lives in the
/// parameter's description, so every place a value enters — `tiles render --param`, `tiles config
/// set`, the edit form, `tiles check` and a hot reload — refuses the same values with the same message.
public struct ParameterRule: Hashable, Sendable {
    /// What a valid value looks like, as the error message says it:
    /// `a time of day as HH:MM (00:00 to 23:59)`.
    public var expected: String
    private let accepts: @Sendable (String) -> Bool

    /// A rule whose valid values are those `accepts` returns true for, described as `expected`.
    public init(expected: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.expected = expected
        self.accepts = accepts
    }

    /// Whether `text` is valid.
    public func check(_ text: String) -> Bool { accepts(text) }

    // Two rules are the same when they say the same thing; closures cannot be compared.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.expected == rhs.expected }
    public func hash(into hasher: inout Hasher) { hasher.combine(expected) }
}
