import TileKit
import TileUI

/// Draws an `EditForm` as a framed box over the board: the title, the rows (label and value,
/// the selected one highlighted, a line editor's cursor as a block), or an open list with its
/// filter; then the last error and the keys that work now. Rows scroll when the box is short.
struct EditFormView: View {
    var form: EditForm
    var size: Size

    /// Space around the content; the frame is drawn over its outer cells.
    static let padding = EdgeInsets(top: 2, leading: 3, bottom: 2, trailing: 3)
    /// Rows the padding, title, blank line, error line and key hints take.
    static let chromeRows = 8
    /// Columns the padding takes.
    static let chromeColumns = 6

    /// The box's size for `form` over a board area of `area`: up to 64 columns, as tall as its
    /// rows or open list need.
    static func size(of form: EditForm, in area: Size) -> Size {
        var lines = form.rows.count
        if case .picker(let picker)? = form.editor { lines = max(lines, picker.options.count + 1) }
        return Size(width: min(area.width, 64), height: min(area.height, lines + chromeRows))
    }

    private var innerWidth: Int { max(0, size.width - Self.chromeColumns) }
    private var listRows: Int { max(0, size.height - Self.chromeRows) }
    private var labelWidth: Int {
        min(innerWidth / 2, form.rows.map { form.label(of: $0).cellWidth }.max() ?? 0)
    }
    /// Columns left for a value after the marker, the label and the gap.
    private var valueWidth: Int { max(1, innerWidth - 2 - labelWidth - 2) }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(verbatim: title).bold().lineLimit(1)
            Spacer().frame(height: 1)
            if case .picker(let picker)? = form.editor {
                pickerLines(picker)
            } else {
                rowLines
            }
            Spacer(minLength: 0)
            Text(verbatim: form.error ?? "")
                .lineLimit(1)
                .foregroundColor(Color("status.stale"))
            Text(verbatim: form.keyHints)
                .lineLimit(1)
                .foregroundColor(Color("text.secondary"))
        }
        .padding(Self.padding)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .foregroundColor(Color("status.text"))
        .background(Color("status.background"))
        .border(Color("focus.border"))
    }

    private var title: String {
        var title = L("form.title", ["widget": form.title, "tile": form.tileID, "family": form.family.displayName])
        if case .picker? = form.editor, let row = form.rows.indices.contains(form.selection) ? form.rows[form.selection] : nil {
            title = L("form.title_picking", ["widget": form.title, "field": form.label(of: row)])
        }
        return title
    }

    // MARK: Rows

    private var rowLines: some View {
        let window = Self.window(count: form.rows.count, around: form.selection, rows: listRows)
        return ForEach(window) { index in
            row(index)
        }
    }

    private func row(_ index: Int) -> some View {
        let row = form.rows[index]
        let isSelected = index == form.selection
        return HStack(spacing: 0) {
            Text(verbatim: isSelected ? "▸ " : "  ")
            Text(verbatim: form.label(of: row))
                .lineLimit(1)
                .frame(width: labelWidth, alignment: .leading)
            Text(verbatim: "  ")
            if isSelected, case .text(let line)? = form.editor {
                field(line, width: valueWidth)
            } else {
                Text(verbatim: form.valueText(of: row)).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .foregroundColor(Color(isSelected && form.editor == nil ? "text.inverse" : "status.text"))
        .background(Color(isSelected && form.editor == nil ? "accent" : "status.background"))
    }

    private func field(_ line: LineEditor, width: Int) -> some View {
        LineEditorField(line: line, width: width)
    }

    // MARK: The list

    private func pickerLines(_ picker: OptionPicker) -> some View {
        let matches = picker.matches
        let window = Self.window(count: matches.count, around: picker.highlighted, rows: max(0, listRows - 1))
        let used = usedSlots
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 0) {
                Text(verbatim: L("form.filter") + " ")
                field(picker.filter, width: max(1, innerWidth - 1 - L("form.filter").cellWidth))
                Spacer(minLength: 0)
            }
            if matches.isEmpty {
                Text(verbatim: "  " + L("form.no_match", ["filter": picker.filter.text])).foregroundColor(Color("text.secondary"))
            }
            ForEach(window) { index in
                let option = matches[index]
                let isHighlighted = index == picker.highlighted
                HStack(spacing: 0) {
                    Text(verbatim: (isHighlighted ? "▸ " : "  ") + option.title).lineLimit(1)
                    Spacer(minLength: 2)
                    Text(verbatim: used[option.value].map { L("form.in_slot", ["slot": String($0 + 1)]) } ?? option.value)
                        .lineLimit(1)
                        .layoutPriority(1)
                }
                .foregroundColor(Color(isHighlighted ? "text.inverse" : "status.text"))
                .background(Color(isHighlighted ? "accent" : "status.background"))
            }
        }
    }

    /// For a slot's list: the other slots' options and where they sit (picking one swaps them).
    private var usedSlots: [String: Int] {
        guard form.rows.indices.contains(form.selection), case .slot(let parameter, let current) = form.rows[form.selection],
              case .list(let list)? = form.values[form.parameters[parameter].key]
        else { return [:] }
        let slotCount = form.rows.filter { if case .slot(parameter, _) = $0 { true } else { false } }.count
        var used: [String: Int] = [:]
        for (index, value) in list.prefix(slotCount).enumerated() where index != current {
            used[value] = index
        }
        return used
    }

    /// The indices of `count` lines to show in `rows` lines, keeping `selected` in view.
    static func window(count: Int, around selected: Int, rows: Int) -> Range<Int> {
        guard count > rows else { return 0..<count }
        guard rows > 0 else { return 0..<0 }
        let start = min(max(0, selected - rows / 2), count - rows)
        return start..<(start + rows)
    }
}

/// A line editor as a form draws it: the text scrolled to the cursor, the cursor a highlighted cell.
struct LineEditorField: View {
    var line: LineEditor
    var width: Int

    var body: some View {
        let (before, atCursor, after) = line.visible(width: width)
        return HStack(spacing: 0) {
            Text(verbatim: before)
            Text(verbatim: atCursor)
                .foregroundColor(Color("hint.text"))
                .background(Color("hint.background"))
            Text(verbatim: after)
        }
        .fixedSize()
    }
}
