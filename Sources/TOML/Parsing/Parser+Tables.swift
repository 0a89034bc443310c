/// TOML's rules for what may define or extend which table: a table is defined once, a header
/// may not reopen what dotted keys made or what is already a value, dotted keys may not extend
/// a table a header made, and inline tables and `[ … ]` arrays are closed once written.
extension Parser {
    /// The table a `[name]` header opens.
    mutating func openTable(_ parts: [KeyPart], at position: TOMLPosition, range: Range<Int>) throws(TOMLError) -> TableNode {
        let parent = try walkHeader(parts.dropLast())
        let last = parts[parts.count - 1]
        guard let slot = parent[last.name] else {
            let table = TableNode(origin: .header, position: position, range: range, depth: parts.count, name: last.name, parent: parent)
            parent.insert(last, .table(table))
            return table
        }
        if case .table(let table) = slot.content, table.origin == .implicit {
            table.origin = .header
            table.position = position
            table.range = range
            return table
        }
        throw error("table [\(Self.path(parent, last))] is defined twice; it is already \(Self.describe(slot))", at: last.position)
    }

    /// A new element of the array of tables a `[[name]]` header names.
    mutating func appendTable(_ parts: [KeyPart], at position: TOMLPosition, range: Range<Int>) throws(TOMLError) -> TableNode {
        let parent = try walkHeader(parts.dropLast())
        let last = parts[parts.count - 1]
        let table = TableNode(origin: .arrayOfTables, position: position, range: range, depth: parts.count, name: last.name, parent: parent)
        if let slot = parent[last.name] {
            guard case .tables(let array) = slot.content else {
                throw error("[[\(Self.path(parent, last))]] cannot add a table to '\(Self.path(parent, last))'; it is already \(Self.describe(slot))", at: last.position)
            }
            array.append(table)
        } else {
            parent.insert(last, .tables(TableArrayNode(first: table)))
        }
        return table
    }

    /// The table a header's leading parts lead to, creating implicit tables on the way; through
    /// an array of tables the way goes on in its last element.
    private mutating func walkHeader(_ parts: ArraySlice<KeyPart>) throws(TOMLError) -> TableNode {
        var table = root
        for part in parts {
            guard let slot = table[part.name] else {
                let implicit = TableNode(origin: .implicit, position: part.position, range: part.range, depth: table.depth + 1, name: part.name, parent: table)
                table.insert(part, .table(implicit))
                table = implicit
                continue
            }
            switch slot.content {
            case .table(let next):
                table = next
            case .tables(let array):
                table = array.last
            case .value:
                throw error("'\(Self.path(table, part))' cannot hold a table; it is already \(Self.describe(slot))", at: part.position)
            }
        }
        return table
    }

    /// `value` under the dotted key `parts` of `table`, making the tables the dotted key names.
    mutating func assign(_ value: TOMLValue, to parts: [KeyPart], in table: TableNode) throws(TOMLError) {
        var target = table
        for part in parts.dropLast() {
            guard let slot = target[part.name] else {
                let dotted = TableNode(origin: .dottedKey, position: part.position, range: part.range, depth: target.depth + 1, name: part.name, parent: target)
                target.insert(part, .table(dotted))
                target = dotted
                continue
            }
            guard case .table(let next) = slot.content, next.origin == .dottedKey else {
                throw error("a dotted key cannot add to '\(Self.path(target, part))'; it is already \(Self.describe(slot))", at: part.position)
            }
            target = next
        }
        let last = parts[parts.count - 1]
        if let slot = target[last.name] {
            throw error("key '\(Self.path(target, last))' is defined twice; it is already \(Self.describe(slot))", at: last.position)
        }
        target.insert(last, .value(value))
    }

    /// The path of key `part` in `table`, as a message shows it.
    private static func path(_ table: TableNode, _ part: KeyPart) -> String {
        let parent = table.path
        return TOMLError.shown((parent.isEmpty ? "" : parent + ".") + KeyPart.display(part.name))
    }

    /// What a key already holds, and where, for a message about a second definition.
    private static func describe(_ slot: TableNode.Slot) -> String {
        switch slot.content {
        case .value(let value):
            return "\(value.typeName) at \(slot.key.position)"
        case .tables(let array):
            return "an array of tables ([[…]] at \(array.position))"
        case .table(let table):
            switch table.origin {
            case .header: return "a table, defined by its header at \(table.position)"
            case .arrayOfTables: return "a table of an array of tables at \(table.position)"
            case .implicit: return "a table, opened by the header at \(slot.key.position)"
            case .dottedKey: return "a table, made by the dotted key at \(slot.key.position)"
            case .inline, .document: return "a table at \(table.position)"
            }
        }
    }
}
