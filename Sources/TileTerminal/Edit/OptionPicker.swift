import TileKit

/// A filterable list of a parameter's options (docs/rules.md B5.4: "dynamic rows open a filterable
/// list"): typing narrows the list to options whose title or value contains the filter, ↑ ↓ move
/// the highlight, Enter picks, Esc goes back. Pure.
public struct OptionPicker: Equatable, Sendable {
    /// What a key did to the picker.
    public enum Outcome: Equatable, Sendable {
        /// Still choosing.
        case choosing
        /// The user picked this option.
        case picked(ParameterOption)
        /// The user went back without picking.
        case cancelled
    }

    /// Every option, in the widget's order.
    public let options: [ParameterOption]
    /// What has been typed to narrow the list.
    public private(set) var filter = LineEditor(text: "")
    /// The highlighted row of `matches`.
    public private(set) var highlighted = 0

    /// A picker over `options` with `current` highlighted (when it is one of them).
    public init(options: [ParameterOption], current: String?) {
        self.options = options
        highlighted = options.firstIndex { $0.value == current } ?? 0
    }

    /// The options that match the filter (title or value, ignoring case), in order.
    public var matches: [ParameterOption] {
        let needle = filter.text.lowercased()
        guard !needle.isEmpty else { return options }
        return options.filter { $0.title.lowercased().contains(needle) || $0.value.lowercased().contains(needle) }
    }

    /// Applies a key: ↑ ↓ PgUp PgDn Home End move, Enter picks, Esc cancels (or clears a filter
    /// first), anything else edits the filter.
    public mutating func handle(_ key: Key) -> Outcome {
        let count = matches.count
        switch key {
        case .up, .backTab:
            highlighted = count == 0 ? 0 : (highlighted - 1 + count) % count
        case .down, .tab:
            highlighted = count == 0 ? 0 : (highlighted + 1) % count
        case .pageUp, .home:
            highlighted = 0
        case .pageDown, .end:
            highlighted = max(0, count - 1)
        case .enter:
            let shown = matches
            guard shown.indices.contains(highlighted) else { return .choosing }
            return .picked(shown[highlighted])
        case .escape:
            guard filter.text.isEmpty else {
                filter = LineEditor(text: "")
                highlighted = 0
                return .choosing
            }
            return .cancelled
        default:
            let before = filter.text
            if filter.handle(key), filter.text != before { highlighted = 0 }
        }
        return .choosing
    }
}
