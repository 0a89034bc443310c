import Foundation
import Testing
@testable import TileKit
@testable import TileWidgets

/// The todo widget's intents on a real store in a temporary folder, and what its view offers.
@Suite struct TodoWidgetTests {
    let folder: URL
    let store: SharedStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-todo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = SharedStore(directory: folder)
    }

    func context() -> IntentContext {
        IntentContext(kind: "todo", parameters: [:], tile: TimelineContext(family: .systemMedium, now: Date()), store: store)
    }

    @Test func itemsAreAddedTickedAndClearedInTheStore() async throws {
        try await AddTodoItem(list: "main", input: "  买牛奶 \n").perform(in: context())
        try await AddTodoItem(list: "main", input: "写周报").perform(in: context())
        var items = TodoList.items("main", in: store)
        #expect(items.map(\.text) == ["买牛奶", "写周报"])
        #expect(Set(items.map(\.id)).count == 2)
        try await ToggleTodoItem(list: "main", item: items[0].id, value: true).perform(in: context())
        items = TodoList.items("main", in: store)
        #expect(items.map(\.done) == [true, false])
        try await ClearDoneTodoItems(list: "main").perform(in: context())
        #expect(TodoList.items("main", in: store).map(\.text) == ["写周报"])
        #expect(TodoList.items("other", in: store).isEmpty, "lists are apart")
    }

    @Test func ticksFromManyWritersAtOnceAreAllKept() async throws {
        for index in 0..<20 { try await AddTodoItem(list: "main", input: "item \(index)").perform(in: context()) }
        let ids = TodoList.items("main", in: store).map(\.id)
        await withTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask { try? await ToggleTodoItem(list: "main", item: id, value: true).perform(in: context()) }
            }
        }
        #expect(TodoList.items("main", in: store).allSatisfy { $0.done })
    }

    @Test func badInputIsRefusedWithAReasonAndLosesNothing() async throws {
        await #expect(throws: ActionError.self) { try await AddTodoItem(list: "main", input: "   ").perform(in: context()) }
        await #expect(throws: ActionError.self) { try await ToggleTodoItem(list: "main", item: "gone", value: true).perform(in: context()) }
        try store.set("not a list", forKey: "todo.main")
        do {
            try await AddTodoItem(list: "main", input: "x").perform(in: context())
            Issue.record("a corrupt list was overwritten")
        } catch {
            #expect(String(describing: error).contains("todo.main in the store is not a todo list"))
        }
        #expect(store.value(forKey: "todo.main") == "not a list")
        let long = String(repeating: "长", count: 300)
        try store.set(nil, forKey: "todo.main")
        try await AddTodoItem(list: "main", input: long).perform(in: context())
        #expect(TodoList.items("main", in: store).first?.text.count == TodoList.maxTextLength)
    }

    @Test func theViewOffersAToggleAnItemAndTheAddButtonWithItsPrompt() {
        let entry = TodoEntry(date: Date(), list: "main", items: [TodoItem(id: "a1", text: "买牛奶", done: true)])
        var environment = EnvironmentValues.standard
        environment.widgetFamily = .systemMedium
        let grid = CellGrid.render(TodoView(entry: entry), width: 42, height: 10, environment: environment)
        let actions = grid.targets.compactMap(\.action)
        #expect(actions.contains { $0.name == "todo.add" && $0.prompt == L("todo.add_prompt") })
        #expect(actions.contains { $0.name == "todo.edit" && $0.prompt == L("todo.edit_prompt") && $0.value?.contains("a1") == true })
        #expect(actions.contains { $0.name == "todo.toggle" && $0.isOn == false && $0.value?.contains("a1") == true })
        #expect(grid.text.contains("[✓] 买牛奶"))
    }

    @Test func severalItemsAreAddedAtOnceAndAnItemIsEditedMovedAndDeleted() async throws {
        try await AddTodoItem(list: "main", input: "牛奶; 面包 ；鸡蛋;;").perform(in: context())
        var items = TodoList.items("main", in: store)
        #expect(items.map(\.text) == ["牛奶", "面包", "鸡蛋"])
        try await EditTodoItem(list: "main", item: items[1].id, input: "全麦面包").perform(in: context())
        try await EditTodoItem(list: "main", item: items[2].id, input: "^").perform(in: context())
        #expect(TodoList.items("main", in: store).map(\.text) == ["牛奶", "鸡蛋", "全麦面包"])
        try await EditTodoItem(list: "main", item: items[0].id, input: "v").perform(in: context())
        try await EditTodoItem(list: "main", item: items[0].id, input: "v").perform(in: context())
        try await EditTodoItem(list: "main", item: items[0].id, input: "v").perform(in: context())
        #expect(TodoList.items("main", in: store).map(\.text) == ["鸡蛋", "全麦面包", "牛奶"], "the last stays last")
        try await EditTodoItem(list: "main", item: items[2].id, input: " - ").perform(in: context())
        items = TodoList.items("main", in: store)
        #expect(items.map(\.text) == ["全麦面包", "牛奶"])
        await #expect(throws: ActionError.self) { try await EditTodoItem(list: "main", item: "gone", input: "x").perform(in: context()) }
    }

    @Test func aLongListTurnsItsPagesAndWraps() {
        let items = (1...12).map { TodoItem(id: "i\($0)", text: "item \($0)") }
        let entry = TodoEntry(date: Date(), list: "main", items: items)
        func page(_ listPage: Int) -> String {
            var environment = EnvironmentValues.standard
            environment.widgetFamily = .systemMedium
            environment.listPage = listPage
            return CellGrid.render(TodoView(entry: entry), width: 42, height: 10, environment: environment).text
        }
        let first = page(0)
        #expect(first.contains("item 1 ") && first.contains("item 8") && !first.contains("item 9"), "\(first)")
        #expect(first.contains("1/2 · j turns"), "\(first)")
        let second = page(1)
        #expect(second.contains("item 9") && second.contains("item 12") && !second.contains("item 8"), "\(second)")
        #expect(second.contains("2/2 · j turns"))
        #expect(page(2) == first && page(-1) == second, "paging wraps both ways")
        #expect(ListPaging(count: 3, rows: 9, listPage: 5) == ListPaging(count: 3, rows: 9, listPage: 0), "a list that fits has one page")
    }
}
