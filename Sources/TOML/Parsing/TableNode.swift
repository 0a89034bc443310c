/// A table while the document is being read. Nodes are references so that a header deep in the
/// document reopens its table in constant time per key part; `frozen()` turns the finished tree
/// into `TOMLTable` values in one pass.
final class TableNode {
    /// What a key of a table holds while the document is read.
    enum Content {
        /// A finished value: a string, a number, a date, an `[ … ]` array or an inline table.
        case value(TOMLValue)
        /// A table more lines may add to.
        case table(TableNode)
        /// An array of tables that `[[name]]` headers append to.
        case tables(TableArrayNode)
    }

    struct Slot {
        var content: Content
        var key: KeyPart
    }

    var origin: TOMLTable.Origin
    var position: TOMLPosition
    var range: Range<Int>
    /// How many tables and arrays enclose this one (the document is at 0).
    let depth: Int
    /// The key naming this table in its parent (an element of an array of tables has its array's)
    /// and the parent itself, for messages; nil for the document.
    let name: String?
    private(set) weak var parent: TableNode?
    /// The keys in the order they are written.
    private var slots: [Slot] = []
    /// Where each key is in `slots`, once there are more than `linearLimit` (as in `TOMLTable`).
    private var indices: [String: Int] = [:]
    private static let linearLimit = 8

    init(origin: TOMLTable.Origin, position: TOMLPosition, range: Range<Int>, depth: Int, name: String?, parent: TableNode?) {
        self.origin = origin
        self.position = position
        self.range = range
        self.depth = depth
        self.name = name
        self.parent = parent
    }

    subscript(key: String) -> Slot? {
        let index = slots.count > Self.linearLimit ? indices[key] : slots.firstIndex { $0.key.name == key }
        return index.map { slots[$0] }
    }

    /// Adds `key`, which the table does not have yet.
    func insert(_ key: KeyPart, _ content: Content) {
        slots.append(Slot(content: content, key: key))
        if slots.count == Self.linearLimit + 1 {
            for (index, slot) in slots.enumerated() { indices[slot.key.name] = index }
        } else if slots.count > Self.linearLimit {
            indices[key.name] = slots.count - 1
        }
    }

    /// The dotted path from the document to this table, as a message names it (`a.b."c d"`).
    var path: String {
        var names: [String] = []
        var node: TableNode? = self
        while let current = node {
            if let name = current.name { names.append(KeyPart.display(name)) }
            node = current.parent
        }
        return TOMLError.shown(names.reversed().joined(separator: "."))
    }

    /// The finished table and everything under it. The node gives up its contents as it goes,
    /// so the parsed document and the nodes it came from are not both held in full.
    func frozen() -> TOMLTable {
        var table = TOMLTable(origin: origin, position: position, range: range)
        let slots = self.slots
        self.slots = []
        indices = [:]
        for slot in slots {
            let value: TOMLValue
            switch slot.content {
            case .value(let finished): value = finished
            case .table(let node): value = TOMLValue(node.frozen())
            case .tables(let array):
                value = TOMLValue(.array(array.elements.map { TOMLValue($0.frozen()) }), position: array.position, range: array.range)
            }
            table.set(slot.key.name, TOMLTable.Entry(value: value, keyPosition: slot.key.position, keyRange: slot.key.range))
        }
        return table
    }
}

/// An array of tables while the document is read: `[[name]]` headers append to it, and headers
/// under `name` continue in its last element.
final class TableArrayNode {
    private(set) var elements: [TableNode]
    private(set) var last: TableNode
    /// The first `[[name]]` header.
    let position: TOMLPosition
    let range: Range<Int>

    /// An array holding the table of its first header.
    init(first: TableNode) {
        elements = [first]
        last = first
        position = first.position
        range = first.range
    }

    func append(_ table: TableNode) {
        elements.append(table)
        last = table
    }
}

/// One part of a key (`b` in `a.b.c`) as written.
struct KeyPart {
    var name: String
    var position: TOMLPosition
    var range: Range<Int>

    /// `name` as a message writes it: bare when TOML allows it, else quoted; shortened.
    static func display(_ name: String) -> String {
        let isBare = !name.isEmpty && name.utf8.allSatisfy(isBareKeyByte)
        return isBare ? TOMLError.shown(name) : "\"" + TOMLError.shown(name) + "\""
    }

    /// A–Z, a–z, 0–9, `_` and `-`: what a bare key is made of in TOML 1.0.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
