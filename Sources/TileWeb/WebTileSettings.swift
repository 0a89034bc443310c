import TileKit

/// A tile's edit form as the page builds it: the parameters of the widget the tile shows (for a
/// Smart Stack, its top one), each with what the page needs to offer only valid values, and its
/// value now. The board checks what comes back again (`WidgetDescriptor.resolveParameters`).
public struct WebTileSettings: Codable, Equatable, Sendable {
    public var tile: String
    /// The stack member the form edits (0 for a plain tile).
    public var member: Int
    /// The widget's name, the form's title.
    public var title: String
    /// Whether a save is written to the config file; false for a `--tiles` board, where it
    /// applies to this run only.
    public var savesToFile: Bool
    public var fields: [Field]

    /// One parameter.
    public struct Field: Codable, Equatable, Sendable {
        public var key: String
        public var title: String
        /// `bool`, `integer`, `string`, `choice` (one of `options`) or `multiple` (up to `count` of them).
        public var kind: String
        public var value: ParameterValue
        public var minimum: Int?
        public var maximum: Int?
        public var maxLength: Int?
        /// What a text must look like, in words, where the widget checks more than its length.
        public var expected: String?
        public var options: [Option]?
        /// How many of `options` a `multiple` field takes in the tile's family.
        public var count: Int?
    }

    public struct Option: Codable, Equatable, Sendable {
        public var value: String
        public var title: String
    }

    /// The form for member `member` of tile `tile`, a `widget` in `family`, its parameters `values`.
    public init(tile: String, member: Int, widget: WidgetDescriptor, family: WidgetFamily, values: [String: ParameterValue], savesToFile: Bool) {
        self.tile = tile
        self.member = member
        title = widget.displayName
        self.savesToFile = savesToFile
        fields = widget.parameters.map { parameter in
            var field = Field(
                key: parameter.key, title: parameter.title, kind: "string", value: values[parameter.key] ?? parameter.defaultValue,
                expected: parameter.rule?.expected)
            switch parameter.kind {
            case .bool:
                field.kind = "bool"
            case .integer(let range):
                field.kind = "integer"
                field.minimum = range?.lowerBound
                field.maximum = range?.upperBound
            case .string(let maxLength):
                field.maxLength = maxLength
            case .choice(let options), .dynamic(let options):
                field.kind = "choice"
                field.options = options.map { Option(value: $0.value, title: $0.title) }
            case let .multiple(options, counts):
                field.kind = "multiple"
                field.options = options.map { Option(value: $0.value, title: $0.title) }
                field.count = counts[family] ?? counts.values.max() ?? 1
            }
            return field
        }
    }
}
