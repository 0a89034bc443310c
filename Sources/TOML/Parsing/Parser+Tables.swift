/// TOML's rules for what may define or extend which table: a table is defined once, a header
/// may not reopen what dotted keys made or what is already a value, dotted keys may not extend
/// a table a header made, and inline tables and `[ … ]` arrays are closed once written.
extension Parser {
    typealias Storage = TOMLTable.Storage

    /// The table a `[name]` header opens.
    mutating func openTable(_ parts: [KeyPart], at position: TOMLPosition, range: Range<Int>) throws(TOMLError) -> Storage {
        let parent = try walkHeader(parts.dropLast())
        let last = parts[parts.count - 1]
        guard let index = parent.index(of: last.name) else {
            try countTable(at: position)
            let table = Storage(origin: .header, position: position, range: range)
            insert(TOMLValue(TOMLTable(storage: table)), as: last, in: parent)
            return table
        }
        let entry = parent.items[index].entry
        if let table = entry.value.table, table.origin == .implicit {
            // Defined at last: the table and its value now point at the header.
            table.storage.origin = .header
            table.storage.position = position
            table.storage.range = range
            parent.items[index].entry.value.position = position
            parent.items[index].entry.value.range = range
            return table.storage
        }
        throw error("table [\(KeyPart.display(parts.map(\.name)))] is defined twice; it is already \(Self.describe(entry))", at: last.position)
    }

    /// A new element of the array of tables a `[[name]]` header names.
    mutating func appendTable(_ parts: [KeyPart], at position: TOMLPosition, range: Range<Int>) throws(TOMLError) -> Storage {
        let parent = try walkHeader(parts.dropLast())
        let last = parts[parts.count - 1]
        try countTable(at: position)
        let table = Storage(origin: .arrayOfTables, position: position, range: range)
        let element = TOMLValue(TOMLTable(storage: table))
        if let index = parent.index(of: last.name) {
            // No copy of the entry may live across the append, or the array would be copied.
            guard Self.isArrayOfTables(parent.items[index].entry.value) else {
                let name = KeyPart.display(parts.map(\.name))
                throw error("[[\(name)]] cannot add a table to '\(name)'; it is already \(Self.describe(parent.items[index].entry))", at: last.position)
            }
            parent.appendElement(element, toArrayAt: index)
        } else {
            insert(TOMLValue(.array([element]), position: position, range: range), as: last, in: parent)
        }
        return table
    }

    /// The table a header's leading parts lead to, creating implicit tables on the way; through
    /// an array of tables the way goes on in its last element.
    private mutating func walkHeader(_ parts: ArraySlice<KeyPart>) throws(TOMLError) -> Storage {
        var table = root
        for part in parts {
            guard let index = table.index(of: part.name) else {
                try countTable(at: part.position)
                let implicit = Storage(origin: .implicit, position: part.position, range: part.range)
                insert(TOMLValue(TOMLTable(storage: implicit)), as: part, in: table)
                table = implicit
                continue
            }
            let entry = table.items[index].entry
            if let next = entry.value.table, next.origin != .inline {
                table = next.storage
            } else if Self.isArrayOfTables(entry.value), let last = entry.value.array?.last?.table {
                table = last.storage
            } else {
                let name = KeyPart.display(parts.prefix { $0.range != part.range }.map(\.name) + [part.name])
                throw error("'\(name)' cannot hold a table; it is already \(Self.describe(entry))", at: part.position)
            }
        }
        return table
    }

    /// `value` under the dotted key `parts` of `table` (named `path`), making the tables the
    /// dotted key names.
    mutating func assign(_ value: TOMLValue, to parts: [KeyPart], in table: Storage, path: [String]) throws(TOMLError) {
        var target = table
        for (offset, part) in parts.dropLast().enumerated() {
            guard let index = target.index(of: part.name) else {
                try countTable(at: part.position)
                let dotted = Storage(origin: .dottedKey, position: part.position, range: part.range)
                insert(TOMLValue(TOMLTable(storage: dotted)), as: part, in: target)
                target = dotted
                continue
            }
            let entry = target.items[index].entry
            guard let next = entry.value.table, next.origin == .dottedKey else {
                let name = KeyPart.display(path + parts.prefix(offset + 1).map(\.name))
                throw error("a dotted key cannot add to '\(name)'; it is already \(Self.describe(entry))", at: part.position)
            }
            target = next.storage
        }
        let last = parts[parts.count - 1]
        if let index = target.index(of: last.name) {
            let name = KeyPart.display(path + parts.map(\.name))
            throw error("key '\(name)' is defined twice; it is already \(Self.describe(target.items[index].entry))", at: last.position)
        }
        insert(value, as: last, in: target)
    }

    private func insert(_ value: TOMLValue, as key: KeyPart, in table: Storage) {
        table.append(key.name, TOMLTable.Entry(value: value, keyPosition: key.position, keyRange: key.range))
    }

    /// Whether `value` is an array `[[name]]` headers made (and may add to), not one written
    /// `[ … ]`.
    private static func isArrayOfTables(_ value: TOMLValue) -> Bool {
        value.array?.first?.table?.origin == .arrayOfTables
    }

    /// What a key already holds, and where, for a message about a second definition.
    private static func describe(_ entry: TOMLTable.Entry) -> String {
        if isArrayOfTables(entry.value) {
            return "an array of tables ([[…]] at \(entry.value.position))"
        }
        guard let table = entry.value.table else {
            return "\(entry.value.typeName) at \(entry.keyPosition)"
        }
        switch table.origin {
        case .header: return "a table, defined by its header at \(table.position)"
        case .arrayOfTables: return "a table of an array of tables at \(table.position)"
        case .implicit: return "a table, opened by the header at \(entry.keyPosition)"
        case .dottedKey: return "a table, made by the dotted key at \(entry.keyPosition)"
        case .inline, .document: return "a table at \(entry.keyPosition)"
        }
    }
}
