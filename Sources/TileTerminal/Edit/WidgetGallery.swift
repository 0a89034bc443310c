import TileKit
import TileUI

/// The widget gallery of edit mode (`a`): every widget the board knows with a preview of the
/// family chosen; typing filters by kind, display name or description, ↑ ↓ choose the widget,
/// ← → its family, Enter adds it, Esc closes. Pure; previews arrive as the shell draws them.
public struct WidgetGallery: Equatable, Sendable {
    /// One widget the board can place.
    public struct Item: Equatable, Sendable {
        public var kind: String
        public var displayName: String
        public var description: String
        public var families: [WidgetFamily]
        /// The group the gallery lists it under (`Information`, `System`…).
        public var group: String

        public init(kind: String, displayName: String, description: String, families: [WidgetFamily], group: String = "") {
            self.kind = kind
            self.displayName = displayName
            self.description = description
            self.families = families
            self.group = group
        }

        /// Whether `needle` (lowercased) is in the kind, display name or description.
        func matches(_ needle: String) -> Bool {
            needle.isEmpty || [kind, displayName, description].contains { $0.lowercased().contains(needle) }
        }
    }

    /// A widget in a family: what a preview shows.
    public struct Choice: Hashable, Sendable {
        public var kind: String
        public var family: WidgetFamily

        public init(kind: String, family: WidgetFamily) {
            self.kind = kind
            self.family = family
        }
    }

    /// What a key did to the gallery.
    public enum Outcome: Equatable, Sendable {
        /// Still choosing.
        case choosing
        /// Add this widget in this family.
        case add(Item, WidgetFamily)
        /// Closed without adding.
        case closed
    }

    /// Every widget, by group (as `items` come), then in the board's order.
    public let items: [Item]
    /// What has been typed to narrow the list.
    public private(set) var filter = LineEditor(text: "")
    /// The highlighted row of `matches`.
    public private(set) var highlighted = 0
    /// The highlighted widget's family, as an index into its families.
    public private(set) var familyIndex = 0
    /// Previews drawn so far.
    public private(set) var previews: [Choice: CellGrid] = [:]

    public init(items: [Item]) {
        self.items = items
    }

    /// The gallery's items for `widgets`: by group, then in the board's order.
    public static func items(of widgets: [WidgetDescriptor]) -> [Item] {
        widgets.enumerated().sorted { ($0.element.category, $0.offset) < ($1.element.category, $1.offset) }.map(\.element).map {
            Item(kind: $0.kind, displayName: $0.displayName, description: $0.description, families: $0.supportedFamilies, group: $0.category.rawValue)
        }
    }

    /// The widgets that match the filter, in order.
    public var matches: [Item] {
        let needle = filter.text.lowercased()
        return items.filter { $0.matches(needle) }
    }

    /// The list as drawn: a group's name before its first widget, then the widgets, each with
    /// its index in `matches`.
    public var rows: [(text: String, match: Int?)] {
        var rows: [(text: String, match: Int?)] = []
        for (index, item) in matches.enumerated() {
            if !item.group.isEmpty, index == 0 || matches[index - 1].group != item.group { rows.append((item.group, nil)) }
            rows.append((item.displayName + "  " + item.kind, index))
        }
        return rows
    }

    /// The highlighted widget and family; nil when nothing matches.
    public var choice: Choice? {
        let shown = matches
        guard shown.indices.contains(highlighted) else { return nil }
        let item = shown[highlighted]
        return Choice(kind: item.kind, family: item.families[min(familyIndex, item.families.count - 1)])
    }

    /// The highlighted choice when its preview is still to be drawn.
    public var missingPreview: Choice? {
        choice.flatMap { previews[$0] == nil ? $0 : nil }
    }

    /// Keeps the drawing of `choice`.
    public mutating func setPreview(_ grid: CellGrid, for choice: Choice) {
        previews[choice] = grid
    }

    /// Applies a key.
    public mutating func handle(_ key: Key) -> Outcome {
        let count = matches.count
        switch key {
        case .escape:
            guard filter.text.isEmpty else {
                filter = LineEditor(text: "")
                highlighted = 0
                familyIndex = 0
                return .choosing
            }
            return .closed
        case .up, .backTab:
            highlighted = count == 0 ? 0 : (highlighted - 1 + count) % count
            familyIndex = 0
        case .down, .tab:
            highlighted = count == 0 ? 0 : (highlighted + 1) % count
            familyIndex = 0
        case .left, .right:
            guard let item = matches.indices.contains(highlighted) ? matches[highlighted] : nil else { break }
            let step = key == .left ? -1 : 1
            familyIndex = (familyIndex + step + item.families.count) % item.families.count
        case .enter:
            let shown = matches
            guard shown.indices.contains(highlighted), let choice else { return .choosing }
            return .add(shown[highlighted], choice.family)
        default:
            if filter.handle(key) {
                highlighted = 0
                familyIndex = 0
            }
        }
        return .choosing
    }
}
