/// A TOML table: keys in the order they are first written, each with its value and the place
/// the key is written.
///
/// A value type whose contents live in one shared storage object, copied on the first mutation
/// of a shared copy: the parser fills each table in place as later headers reopen it, so a
/// document is built once, without a second tree to convert from.
public struct TOMLTable: Equatable, Sendable, Sequence {
    /// How a table came to be, which decides what a document may still add to it.
    public enum Origin: Hashable, Sendable {
        /// The document itself.
        case document
        /// A `[name]` header.
        case header
        /// One `[[name]]` header: an element of an array of tables.
        case arrayOfTables
        /// Named only on the way to another table (`a` in `[a.b]`).
        case implicit
        /// Made by a dotted key (`a` in `a.b = 1`).
        case dottedKey
        /// Written `{ … }`.
        case inline
    }

    /// One key of a table.
    public struct Entry: Equatable, Sendable {
        /// The value.
        public var value: TOMLValue
        /// Where the key is first written: for a dotted key or a header, the part that names it.
        public var keyPosition: TOMLPosition
        /// The UTF-8 bytes of that part, quotes included.
        public var keyRange: Range<Int>

        public init(value: TOMLValue, keyPosition: TOMLPosition, keyRange: Range<Int>) {
            self.value = value
            self.keyPosition = keyPosition
            self.keyRange = keyRange
        }
    }

    private(set) var storage: Storage

    /// An empty table.
    public init(origin: Origin, position: TOMLPosition, range: Range<Int>) {
        storage = Storage(origin: origin, position: position, range: range)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// How the table came to be.
    public var origin: Origin { storage.origin }
    /// Where the table is written: the `[` of its header (the first `[[` header for an element),
    /// the `{` of an inline table, the key part that made an implicit or dotted table; 1:1 for
    /// the document.
    public var position: TOMLPosition { storage.position }
    /// The UTF-8 bytes of what `position` names: the header, the braces, the key part; the whole
    /// text for the document.
    public var range: Range<Int> { storage.range }

    /// Adds `key` after the others, or replaces its entry and keeps its place.
    public mutating func set(_ key: String, _ entry: Entry) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        if let index = storage.index(of: key) {
            storage.items[index].entry = entry
        } else {
            storage.append(key, entry)
        }
    }

    /// The keys in the order they are first written.
    public var keys: [String] { storage.items.map(\.key) }

    /// The value of `key`; nil when the table has no such key.
    public subscript(key: String) -> TOMLValue? {
        entry(key)?.value
    }

    /// The entry of `key`: its value and where the key is written.
    public func entry(_ key: String) -> Entry? {
        storage.index(of: key).map { storage.items[$0].entry }
    }

    /// Where `key` is first written; nil when the table has no such key.
    public func position(of key: String) -> TOMLPosition? {
        entry(key)?.keyPosition
    }

    /// How many keys the table has.
    public var count: Int { storage.items.count }
    /// Whether the table has no keys.
    public var isEmpty: Bool { storage.items.isEmpty }
    /// The values in key order.
    public var values: [TOMLValue] { storage.items.map(\.entry.value) }

    /// Each key and its value, in key order.
    public func makeIterator() -> Iterator {
        Iterator(items: storage.items)
    }

    /// Walks a table's keys and values in key order. A named type: an opaque `some
    /// IteratorProtocol` made the runtime build the iterator's type from its mangled name at the
    /// first loop over a table, a cost at every start (docs/performance.md).
    public struct Iterator: IteratorProtocol {
        private let items: [Storage.Item]
        private var index = 0

        init(items: [Storage.Item]) {
            self.items = items
        }

        public mutating func next() -> (key: String, value: TOMLValue)? {
            guard index < items.count else { return nil }
            defer { index += 1 }
            return (key: items[index].key, value: items[index].entry.value)
        }
    }

    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.origin == rhs.origin && lhs.position == rhs.position && lhs.range == rhs.range && lhs.storage.items == rhs.storage.items)
    }
}

extension TOMLTable {
    /// A table's contents. Unchecked Sendable: a table mutates its storage only when it holds
    /// the only reference (copy on write), and the parser fills a storage before any table
    /// value that shares it leaves the parse.
    final class Storage: @unchecked Sendable {
        struct Item: Equatable {
            var key: String
            var entry: Entry
        }

        var origin: Origin
        var position: TOMLPosition
        var range: Range<Int>
        /// The entries in the order their keys are first written.
        var items: [Item] = []
        /// Where each key is in `items`, once there are more than `linearLimit`: most tables
        /// have a few keys, which a scan finds faster than a hash and without its memory.
        private var indices: [String: Int] = [:]
        private static let linearLimit = 8

        init(origin: Origin, position: TOMLPosition, range: Range<Int>) {
            self.origin = origin
            self.position = position
            self.range = range
        }

        func copy() -> Storage {
            let copy = Storage(origin: origin, position: position, range: range)
            copy.items = items
            copy.indices = indices
            return copy
        }

        func index(of key: String) -> Int? {
            items.count > Self.linearLimit ? indices[key] : items.firstIndex { $0.key == key }
        }

        /// Adds `key`, which the table does not have yet.
        func append(_ key: String, _ entry: Entry) {
            items.append(Item(key: key, entry: entry))
            if items.count == Self.linearLimit + 1 {
                for (index, item) in items.enumerated() { indices[item.key] = index }
            } else if items.count > Self.linearLimit {
                indices[key] = items.count - 1
            }
        }

        /// Appends `element` to the array that is the value at `index`, in place: the array is
        /// taken out of the entry first, so that it has one owner and does not get copied.
        func appendElement(_ element: TOMLValue, toArrayAt index: Int) {
            guard case .array(var elements) = items[index].entry.value.kind else { return }
            items[index].entry.value.kind = .bool(false)
            elements.append(element)
            items[index].entry.value.kind = .array(elements)
        }
    }
}
