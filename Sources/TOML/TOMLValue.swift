/// One value of a TOML document with the place it is written.
public struct TOMLValue: Equatable, Sendable {
    /// What a value is, by TOML's types.
    public enum Kind: Equatable, Sendable {
        case string(String)
        case integer(Int64)
        case float(Double)
        case bool(Bool)
        // Indirect so that the common values (strings, numbers) do not pay for the large
        // payload in every array element and table entry.
        indirect case dateTime(TOMLDateTime)
        /// An array written `[ … ]`, or the tables of an array of tables (`[[name]]`).
        case array([TOMLValue])
        case table(TOMLTable)
    }

    /// The value.
    public var kind: Kind
    /// Where the value starts: its first character; for a table see `TOMLTable.position`.
    public var position: TOMLPosition
    /// The UTF-8 bytes the value is written in; for a table see `TOMLTable.range`.
    public var range: Range<Int>

    /// A value written at `range`, starting at `position`.
    public init(_ kind: Kind, position: TOMLPosition, range: Range<Int>) {
        self.kind = kind
        self.position = position
        self.range = range
    }

    /// A table value; its position and range are the table's.
    public init(_ table: TOMLTable) {
        self.init(.table(table), position: table.position, range: table.range)
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The integer, when this is one that fits an `Int`.
    public var int: Int? {
        if case .integer(let value) = kind { return Int(exactly: value) }
        return nil
    }

    /// The float, when this is one (an integer is not).
    public var double: Double? {
        if case .float(let value) = kind { return value }
        return nil
    }

    /// The boolean, when this is one.
    public var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// The date, time or date-time, when this is one.
    public var dateTime: TOMLDateTime? {
        if case .dateTime(let value) = kind { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [TOMLValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    /// The table, when this is one.
    public var table: TOMLTable? {
        if case .table(let value) = kind { return value }
        return nil
    }

    /// The type as a message names it: "a string", "an integer", "a local date", …
    public var typeName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .dateTime(let value):
            switch value.kind {
            case .offsetDateTime: "an offset date-time"
            case .localDateTime: "a local date-time"
            case .localDate: "a local date"
            case .localTime: "a local time"
            }
        }
    }
}

extension TOMLValue {
    /// The value as an error message shows it, the same in config and theme errors: a string
    /// quoted (controls escaped, long text cut), a number or boolean as written, anything else by
    /// its type (`a table`).
    public var shownInMessage: String {
        switch kind {
        case .string(let text): "\"\(TOMLError.shown(text))\""
        case .integer(let number): "\(number)"
        case .float(let number): "\(number)"
        case .bool(let flag): "\(flag)"
        case .array, .table, .dateTime: typeName
        }
    }
}
