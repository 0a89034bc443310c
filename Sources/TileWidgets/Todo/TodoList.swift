import FoundationEssentials
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// One line of a checklist.
public struct TodoItem: Codable, Hashable, Sendable {
    /// Names the item across edits of its text and other items' removal.
    public var id: String
    public var text: String
    public var done: Bool

    public init(id: String, text: String, done: Bool = false) {
        self.id = id
        self.text = text
        self.done = done
    }
}

/// A checklist as the shared store keeps it: key `todo.<list>`, a JSON array of items. Every
/// change is a read-modify-write under the store's lock, so two boards never lose a tick.
enum TodoList {
    /// The longest item text kept.
    static let maxTextLength = 200
    /// The most items a list keeps; adding to a full list is refused with a message.
    static let maxItems = 100

    /// The store key of list `name`: named after the widget's kind, so `tiles store set todo.…`
    /// reloads the widget on every board.
    static func key(_ name: String) -> String { "todo.\(name)" }

    /// The items of list `name`; a value that is not a list of items reads as empty.
    static func items(_ name: String, in store: SharedStore?) -> [TodoItem] {
        guard let text = store?.value(forKey: key(name)) else { return [] }
        return decode(text) ?? []
    }

    /// Changes list `name` in `store` with `change`.
    static func update(_ name: String, in store: SharedStore?, _ change: (inout [TodoItem]) throws -> Void) throws {
        guard let store else { throw ActionError("no data directory to keep the list in") }
        try store.update(key(name)) { old in
            guard let items = old.map(decode) ?? [] else {
                throw ActionError("\(key(name)) in the store is not a todo list; fix it with `tiles store set \(key(name)) '[]'`")
            }
            var changed = items
            try change(&changed)
            return encode(changed)
        }
    }

    static func decode(_ text: String) -> [TodoItem]? {
        try? JSONDecoder().decode([TodoItem].self, from: Data(text.utf8))
    }

    static func encode(_ items: [TodoItem]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(items)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// A new item id: eight hex digits, unique within a list.
    static func newID(avoiding items: [TodoItem]) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let id = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            let padded = String(repeating: "0", count: max(0, 8 - id.count)) + id
            if !items.contains(where: { $0.id == padded }) { return padded }
        }
    }
}

/// Ticks or unticks one item (the toggle beside it).
struct ToggleTodoItem: SetValueIntent {
    static let identifier = "todo.toggle"
    var list: String
    var item: String
    var value = false

    func perform(in context: IntentContext) async throws {
        try TodoList.update(list, in: context.store) { items in
            guard let index = items.firstIndex(where: { $0.id == item }) else {
                throw ActionError("the item is no longer on the list")
            }
            items[index].done = value
        }
    }
}

/// Adds the line the user typed at the prompt (`+ 添加`) to the end of the list: several items
/// at once when `;` (or `；`) separates them.
struct AddTodoItem: TextInputIntent {
    static let identifier = "todo.add"
    var list: String
    var input = ""

    func perform(in context: IntentContext) async throws {
        let texts = input.split(whereSeparator: { $0 == ";" || $0 == "；" })
            .map { String(String($0).trimmingSpacesAndNewlines().prefix(TodoList.maxTextLength)) }
            .filter { !$0.isEmpty }
        guard !texts.isEmpty else { throw ActionError("an empty item was not added") }
        try TodoList.update(list, in: context.store) { items in
            guard items.count + texts.count <= TodoList.maxItems else {
                throw ActionError("the list holds at most \(TodoList.maxItems) items; clear the done ones first")
            }
            for text in texts { items.append(TodoItem(id: TodoList.newID(avoiding: items), text: text)) }
        }
    }
}

/// Changes one item with the line typed at its prompt (pressing the item's text): new text
/// replaces it, `-` deletes it, `^` moves it up and `v` down.
struct EditTodoItem: TextInputIntent {
    static let identifier = "todo.edit"
    var list: String
    var item: String
    var input = ""

    func perform(in context: IntentContext) async throws {
        let text = String(input.trimmingSpacesAndNewlines().prefix(TodoList.maxTextLength))
        try TodoList.update(list, in: context.store) { items in
            guard let index = items.firstIndex(where: { $0.id == item }) else {
                throw ActionError("the item is no longer on the list")
            }
            switch text {
            case "", "-":
                items.remove(at: index)
            case "^":
                if index > 0 { items.swapAt(index, index - 1) }
            case "v", "V":
                if index + 1 < items.count { items.swapAt(index, index + 1) }
            default:
                items[index].text = text
            }
        }
    }
}

/// Removes the ticked items (`清除已完成`).
struct ClearDoneTodoItems: AppIntent {
    static let identifier = "todo.clearDone"
    var list: String

    func perform(in context: IntentContext) async throws {
        try TodoList.update(list, in: context.store) { items in
            items.removeAll(where: \.done)
        }
    }
}
