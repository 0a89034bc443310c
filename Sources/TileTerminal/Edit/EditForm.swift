import TileKit

/// The `e` form (docs/rules.md B5.4, iOS's "Edit Widget"), generated from a widget's parameter
/// descriptions: one row per parameter in declaration order, and one row per slot of a
/// multiple-value parameter (as many as the tile's family shows). Bools toggle `[x]`, enums
/// cycle, strings and numbers open a line editor, dynamic options and slots open a filterable
/// list; slots reorder with Shift-↑ ↓. Enter saves, Esc cancels. Pure: keys in, an outcome out.
public struct EditForm: Equatable, Sendable {
    /// One line of the form.
    public enum Row: Equatable, Sendable {
        /// The parameter at this index of `parameters`.
        case value(parameter: Int)
        /// Slot `index` (from 0) of the multiple-value parameter at `parameter`.
        case slot(parameter: Int, index: Int)

        /// The index of the row's parameter.
        public var parameter: Int {
            switch self {
            case .value(let parameter), .slot(let parameter, _): parameter
            }
        }
    }

    /// What is open over the selected row.
    public enum Editor: Equatable, Sendable {
        /// A line editor for a string or integer parameter.
        case text(LineEditor)
        /// The filterable list of a dynamic parameter or a slot.
        case picker(OptionPicker)
    }

    /// What a key did to the form.
    public enum Outcome: Equatable, Sendable {
        /// Still editing.
        case editing
        /// Enter on valid values: save these (every parameter, by key).
        case save([String: ParameterValue])
        /// Esc: close without saving.
        case cancel
    }

    /// The tile being edited.
    public let tileID: String
    /// Which widget of the tile (0 unless the tile is a Smart Stack).
    public let member: Int
    /// The widget's display name, for the form's title.
    public let title: String
    /// The family the tile shows now; it decides how many slots a multiple value has.
    public let family: WidgetFamily
    /// The parameters in declaration order.
    public let parameters: [ParameterDescription]
    /// Every parameter's value as edited so far, by key.
    public private(set) var values: [String: ParameterValue]
    /// The form's rows, top to bottom.
    public let rows: [Row]
    /// The selected row.
    public private(set) var selection = 0
    /// The editor open over the selected row, if any.
    public private(set) var editor: Editor?
    /// Why the last change or save was refused; cleared by the next key.
    public private(set) var error: String?
    /// The values the form opened with.
    private let original: [String: ParameterValue]

    /// A form for widget `member` of tile `tileID` in `family`, starting from `values` (missing
    /// keys take the parameters' defaults). A multiple value is completed to the family's slot
    /// count with the options it lacks, in option order, as the widgets fill their slots.
    public init(
        tileID: String, member: Int = 0, title: String, family: WidgetFamily,
        parameters: [ParameterDescription], values: [String: ParameterValue]
    ) {
        self.tileID = tileID
        self.member = member
        self.title = title
        self.family = family
        self.parameters = parameters
        var start: [String: ParameterValue] = [:]
        var rows: [Row] = []
        for (index, parameter) in parameters.enumerated() {
            let value = values[parameter.key] ?? parameter.defaultValue
            if case .multiple(let options, _) = parameter.kind {
                let count = parameter.count(for: family) ?? 1
                let stored = if case .list(let list) = value { list } else { [String]() }
                let slots = Self.slots(stored, options: options, count: count)
                start[parameter.key] = .list(slots)
                rows += (0..<min(count, slots.count)).map { .slot(parameter: index, index: $0) }
            } else {
                start[parameter.key] = value
                rows.append(.value(parameter: index))
            }
        }
        self.values = start
        self.original = start
        self.rows = rows
    }

    /// Whether any value differs from what the form opened with.
    public var hasChanges: Bool { values != original }

    /// The selected row's parameter.
    public var selectedParameter: ParameterDescription? {
        rows.indices.contains(selection) ? parameters[rows[selection].parameter] : nil
    }

    // MARK: Showing

    /// A row's label: the parameter's title, with the slot number for a slot (`功能 2`).
    public func label(of row: Row) -> String {
        switch row {
        case .value(let parameter): parameters[parameter].title
        case .slot(let parameter, let index): "\(parameters[parameter].title) \(index + 1)"
        }
    }

    /// A row's value as the form shows it: `[x]`, `‹ 右 ›`, an option's title, the text, or `—`
    /// for an empty string.
    public func valueText(of row: Row) -> String {
        let parameter = parameters[row.parameter]
        let value = values[parameter.key] ?? parameter.defaultValue
        switch (row, parameter.kind, value) {
        case (.slot(_, let index), .multiple(let options, _), .list(let list)):
            return list.indices.contains(index) ? Self.title(of: list[index], in: options) : "—"
        case (_, .bool, .bool(let on)):
            return on ? "[x]" : "[ ]"
        case (_, .choice(let options), .string(let choice)):
            return "‹ \(Self.title(of: choice, in: options)) ›"
        case (_, .dynamic(let options), .string(let choice)):
            return Self.title(of: choice, in: options)
        case (_, _, .string(let text)):
            return text.isEmpty ? "—" : text
        default:
            return value.description
        }
    }

    /// The key hints for the footer, for what is open now.
    public var keyHints: String {
        switch editor {
        case .text?: return L("form.keys_text")
        case .picker?: return L("form.keys_picker")
        case nil:
            if case .slot? = rows.indices.contains(selection) ? rows[selection] : nil {
                return L("form.keys_slot")
            }
            return L("form.keys")
        }
    }

    // MARK: Keys

    /// Applies a key and says whether the form goes on, saves or closes.
    public mutating func handle(_ key: Key) -> Outcome {
        if let editor { return handle(key, in: editor) }
        error = nil
        switch key {
        case .escape: return .cancel
        case .enter: return save()
        case .up, .backTab: select(selection - 1)
        case .down, .tab: select(selection + 1)
        case .home, .pageUp: select(0)
        case .end, .pageDown: select(rows.count - 1)
        case .character(" "): activate()
        case .left: adjust(by: -1)
        case .right: adjust(by: 1)
        case .shiftUp, .character("K"): moveSlot(by: -1)
        case .shiftDown, .character("J"): moveSlot(by: 1)
        default: break
        }
        return .editing
    }

    private mutating func handle(_ key: Key, in editor: Editor) -> Outcome {
        guard let parameter = selectedParameter else { return .editing }
        switch editor {
        case .text(var line):
            switch key {
            case .escape:
                self.editor = nil
                error = nil
            case .enter:
                do {
                    values[parameter.key] = try parameter.parse(line.text)
                    self.editor = nil
                    error = nil
                } catch {
                    self.error = error.description
                }
            default:
                if line.handle(key) { error = nil }
                self.editor = .text(line)
            }
        case .picker(var picker):
            switch picker.handle(key) {
            case .choosing:
                self.editor = .picker(picker)
            case .cancelled:
                self.editor = nil
            case .picked(let option):
                choose(option.value)
                self.editor = nil
            }
        }
        return .editing
    }

    private mutating func select(_ row: Int) {
        guard !rows.isEmpty else { return }
        selection = (row % rows.count + rows.count) % rows.count
    }

    /// Space: toggles a bool, cycles an enum, opens the line editor or the list.
    private mutating func activate() {
        guard let parameter = selectedParameter else { return }
        let value = values[parameter.key] ?? parameter.defaultValue
        switch parameter.kind {
        case .bool, .choice:
            adjust(by: 1)
        case .integer:
            editor = .text(LineEditor(text: value.description))
        case .string(let maxLength):
            editor = .text(LineEditor(text: value.description, maxLength: maxLength))
        case .dynamic(let options):
            editor = .picker(OptionPicker(options: options, current: value.description))
        case .multiple(let options, _):
            guard case .slot(_, let index) = rows[selection], case .list(let list) = value else { return }
            editor = .picker(OptionPicker(options: options, current: list.indices.contains(index) ? list[index] : nil))
        }
    }

    /// ← →: a bool toggles, an enum or dynamic choice steps through its options, an integer
    /// steps by one within its range.
    private mutating func adjust(by step: Int) {
        guard let parameter = selectedParameter else { return }
        let value = values[parameter.key] ?? parameter.defaultValue
        switch (parameter.kind, value) {
        case (.bool, .bool(let on)):
            values[parameter.key] = .bool(!on)
        case let (.choice(options), .string(choice)), let (.dynamic(options), .string(choice)):
            guard !options.isEmpty else { return }
            let index = options.firstIndex { $0.value == choice } ?? -step
            values[parameter.key] = .string(options[((index + step) % options.count + options.count) % options.count].value)
        case let (.integer(range), .integer(number)):
            let next = number + step
            if let range, !range.contains(next) { return }
            values[parameter.key] = .integer(next)
        default:
            break
        }
    }

    /// Puts the picked `option` in the selected row. A slot that picks an option already in
    /// another slot swaps with it, so every option appears at most once.
    private mutating func choose(_ option: String) {
        guard let parameter = selectedParameter else { return }
        switch rows[selection] {
        case .value:
            values[parameter.key] = .string(option)
        case .slot(_, let index):
            guard case .list(var list) = values[parameter.key] else { return }
            if let other = list.firstIndex(of: option) {
                list.swapAt(index, other)
            } else {
                list[index] = option
            }
            values[parameter.key] = .list(list)
        }
    }

    /// Shift-↑ ↓ on a slot: swaps it with the slot above or below, and the selection follows.
    private mutating func moveSlot(by step: Int) {
        guard rows.indices.contains(selection), case .slot(let parameterIndex, let index) = rows[selection],
              rows.indices.contains(selection + step), case .slot(parameterIndex, let target) = rows[selection + step],
              case .list(var list) = values[parameters[parameterIndex].key]
        else { return }
        list.swapAt(index, target)
        values[parameters[parameterIndex].key] = .list(list)
        selection += step
    }

    /// Enter: every value validated, then saved; the first invalid one is reported instead.
    private mutating func save() -> Outcome {
        for parameter in parameters {
            do {
                try parameter.validate(values[parameter.key] ?? parameter.defaultValue)
            } catch {
                self.error = error.description
                return .editing
            }
        }
        return .save(values)
    }

    /// Shows why saving failed (the file could not be written); the values stay as edited.
    mutating func refuse(_ reason: String) {
        error = reason
    }

    // MARK: Helpers

    /// A multiple value's slots: the stored options (unknown and repeated ones dropped), then the
    /// options it lacks, in option order, until there are `count`.
    static func slots(_ stored: [String], options: [ParameterOption], count: Int) -> [String] {
        var list: [String] = []
        for value in stored where options.contains(where: { $0.value == value }) && !list.contains(value) {
            list.append(value)
        }
        for option in options where list.count < count && !list.contains(option.value) {
            list.append(option.value)
        }
        return list
    }

    /// An option's title, or the value itself when it is not one of `options`.
    static func title(of value: String, in options: [ParameterOption]) -> String {
        options.first { $0.value == value }?.title ?? value
    }
}
