import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The todo widget's parameters: which list it shows.
public struct TodoIntent: WidgetIntent {
    /// The list's name; tiles showing one name show one list.
    public var list = "main"

    public init() {}

    public static var parameters: [WidgetParameter<TodoIntent>] { [
        .string("list", title: L("param.todo.list"), \.list, maxLength: 32, rule: listRule),
    ] }

    /// `list`'s rule: a name the store key can hold.
    static var listRule: ParameterRule {
        ParameterRule(expected: L("rule.todo.list")) { name in
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "_" }
        }
    }
}

/// The list as it was read.
public struct TodoEntry: TimelineEntry, Hashable {
    public var date: Date
    public var list: String
    public var items: [TodoItem]

    var doneCount: Int { items.filter(\.done).count }
}

/// Reads the list from the shared store. The timeline never expires: a press reloads it, and so
/// does `tiles store set todo.…` on every board.
struct TodoProvider: IntentTimelineProvider {
    let store: SharedStore?

    func placeholder(in context: TimelineContext) -> TodoEntry {
        TodoEntry(date: context.now, list: "main", items: TodoEntry.sampleItems)
    }

    func snapshot(for configuration: TodoIntent, in context: TimelineContext) async -> TodoEntry {
        TodoEntry(date: context.now, list: configuration.list, items: TodoEntry.sampleItems)
    }

    func timeline(for configuration: TodoIntent, in context: TimelineContext) async throws -> Timeline<TodoEntry> {
        let items = context.isPreview ? TodoEntry.sampleItems : TodoList.items(configuration.list, in: store)
        return Timeline(entries: [TodoEntry(date: context.now, list: configuration.list, items: items)], policy: .never)
    }
}

extension TodoEntry {
    /// What previews and `--offline` renders show.
    static var sampleItems: [TodoItem] {
        [
            TodoItem(id: "1", text: L("todo.sample_milk"), done: true),
            TodoItem(id: "2", text: L("todo.sample_report")),
            TodoItem(id: "3", text: L("todo.sample_review")),
        ]
    }
}

/// 待办: a checklist, each item a toggle, with an add button that asks for the new item.
struct TodoView: View {
    var entry: TodoEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.sizeClass) private var sizeClass
    @Environment(\.listPage) private var listPage

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("\(L("todo.title")) \(entry.doneCount)/\(entry.items.count)").invalidatableContent()
        default:
            VStack(alignment: .leading, spacing: 0) {
                header
                if entry.items.isEmpty {
                    Text(L("todo.empty")).foregroundColor(Color("text.secondary"))
                    Text(L("todo.add_hint")).font(.caption).foregroundColor(Color("text.secondary"))
                }
                ForEach(shownItems, id: \.id) { item in
                    // The box ticks the item; its text asks for a new one (edit, delete, move).
                    HStack(spacing: 1) {
                        Toggle(isOn: item.done, intent: ToggleTodoItem(list: entry.list, item: item.id)) { EmptyView() }
                        Button(intent: EditTodoItem(list: entry.list, item: item.id), prompt: L("todo.edit_prompt")) {
                            Text(item.text)
                                .lineLimit(1)
                                .foregroundColor(item.done ? Color("text.secondary") : nil)
                        }
                    }
                }
                if paging.isPaged {
                    Text(L("todo.page", ["page": "\(paging.page + 1)", "pages": "\(paging.pages)"])).font(.caption).foregroundColor(Color("text.secondary"))
                }
                Spacer(minLength: 0)
                if family == .systemLarge || family == .systemExtraLarge, entry.doneCount > 0 {
                    Button(intent: ClearDoneTodoItems(list: entry.list)) {
                        Text(L("todo.clear_done")).underline()
                    }
                }
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .foregroundColor(Color("text.primary"))
            .background(Color("widget.background"))
        }
    }

    private var header: some View {
        HStack(spacing: 1) {
            Text(entry.list == "main" ? L("todo.title") : "\(L("todo.title")) · \(entry.list)").bold().lineLimit(1)
            Text("\(entry.doneCount)/\(entry.items.count)")
                .foregroundColor(Color("text.secondary"))
                .invalidatableContent()
            Spacer(minLength: 0)
            Button(intent: AddTodoItem(list: entry.list), prompt: L("todo.add_prompt")) {
                Text(L("todo.add"))
                    .foregroundColor(Color("button.text"))
                    .background(Color("button.background"))
            }
        }
    }

    /// Lines left for items under the header (and the "more" line when they do not all fit).
    private var itemRows: Int {
        let rows = family.gridSize(in: sizeClass).rows - 1
        let clearRow = (family == .systemLarge || family == .systemExtraLarge) && entry.doneCount > 0 ? 1 : 0
        return max(0, rows - clearRow)
    }

    /// The page of items shown: `j` and `k` on the focused tile turn it.
    private var paging: ListPaging { ListPaging(count: entry.items.count, rows: itemRows, listPage: listPage) }

    private var shownItems: ArraySlice<TodoItem> { entry.items[paging.range] }
}

/// The todo widget's configuration.
struct TodoWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "todo", intent: TodoIntent.self, provider: TodoProvider(store: services.store)) { entry in
            TodoView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.todo.name"))
        .description(L("widget.todo.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryInline])
        .computedLocally()
        .intents(ToggleTodoItem.self, AddTodoItem.self, EditTodoItem.self, ClearDoneTodoItems.self)
    }
}
