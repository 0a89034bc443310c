/// How many colours the output may use, from RGB down to none.
public enum ColorMode: String, Sendable, CaseIterable {
    /// 24-bit RGB (`38;2;r;g;b`).
    case trueColor
    /// The xterm 256-colour palette (`38;5;n`), cube and gray ramp only.
    case palette256
    /// The 16 ANSI colours (`30–37`, `90–97`).
    case palette16
    /// No colour at all: attributes only, as `NO_COLOR` asks.
    case none

    /// The mode a terminal with this environment supports. `NO_COLOR` wins even when empty
    /// (tiles treats its presence as the user's choice); then `COLORTERM=truecolor|24bit`; then a
    /// `TERM` naming 256 colours; a missing, empty or `dumb` `TERM` gets none; anything else 16.
    public static func detect(environment: [String: String]) -> ColorMode {
        if environment["NO_COLOR"] != nil { return .none }
        if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .none }
        return term.contains(utf8: "256color") ? .palette256 : .palette16
    }
}

/// Writes a `CellGrid` as text with SGR escape sequences, for `tiles render --format ansi`,
/// status bars and any front end that speaks ANSI rather than ncurses.
public struct ANSIRenderer: Sendable {
    /// The colour depth the output is reduced to.
    public let colorMode: ColorMode
    /// Whether links become OSC 8 hyperlinks (`TerminalHyperlink`).
    public let hyperlinks: Bool

    /// A renderer that reduces every colour to `colorMode`; with `hyperlinks`, each run of cells
    /// a tap would open (a `Link`, else the grid's `widgetURL`) is wrapped in an OSC 8 hyperlink.
    public init(colorMode: ColorMode, hyperlinks: Bool = false) {
        self.colorMode = colorMode
        self.hyperlinks = hyperlinks
    }

    /// The grid as text with SGR escapes: rows separated by "\n", no trailing newline; styles change
    /// only where they differ from the previous cell; every row that set a style ends with "\e[0m".
    ///
    /// Each row starts from the terminal's default style, so any line can be printed on its own;
    /// a hyperlink is closed at the end of its row for the same reason.
    public func render(_ grid: CellGrid) -> String {
        var output = ""
        output.reserveCapacity(grid.width * grid.height * 2)
        for y in 0..<grid.height {
            if y > 0 { output.append("\n") }
            renderRow(y, of: grid, into: &output)
        }
        return output
    }

    /// SGR parameter string for one cell's style (used by other front ends too), e.g. "1;38;2;255;0;0".
    ///
    /// The parameters set the style from a reset terminal: attributes, then foreground, then
    /// background. Empty for the default style; write it as `ESC [ 0 ; params m` after a reset.
    public func sgrParameters(for cell: Cell) -> String {
        var codes: [String] = []
        appendCodes(setting: Style(cell, mode: colorMode), to: &codes)
        return codes.joined(separator: ";")
    }

    private func renderRow(_ y: Int, of grid: CellGrid, into output: inout String) {
        var current = Style.terminalDefault
        var wroteEscape = false
        // Cells in a run usually share their exact colours; comparing those first skips the
        // palette search for all but the first cell of each run.
        var previousCell: Cell? = nil
        let linksRow = hyperlinks && (!grid.targets.isEmpty || grid.widgetURL != nil)
        // Each destination is sanitised once per row rather than once per cell; a control's
        // action is no hyperlink.
        let targets = linksRow ? grid.targets.map { $0.url.flatMap(TerminalHyperlink.target(for:)) } : []
        let widgetTarget = linksRow ? grid.widgetURL.flatMap(TerminalHyperlink.target(for:)) : nil
        var currentLink: String? = nil
        for x in 0..<grid.width {
            let cell = grid[x, y]
            if cell.isContinuation { continue }
            if linksRow {
                let index = Int(cell.linkIndex)
                let link = index == 0 ? widgetTarget : index <= targets.count ? targets[index - 1] : nil
                if link != currentLink {
                    if currentLink != nil { output.append(TerminalHyperlink.closing) }
                    if let link { output.append(TerminalHyperlink.opening(link)) }
                    currentLink = link
                }
            }
            if let previous = previousCell, previous.foreground == cell.foreground,
               previous.background == cell.background, previous.attributes == cell.attributes {
                output.append(cell.character)
                continue
            }
            previousCell = cell
            let style = Style(cell, mode: colorMode)
            if style != current {
                output.append("\u{1B}[" + transition(from: current, to: style) + "m")
                current = style
                wroteEscape = true
            }
            output.append(cell.character)
        }
        if currentLink != nil { output.append(TerminalHyperlink.closing) }
        // Ends every styled row with a reset, even one already back at the default, so that a
        // line printed alone or cut off by `head` never leaks a style into what follows.
        if wroteEscape { output.append("\u{1B}[0m") }
    }

    /// The parameters that turn `old` into `new`: only what changed, unless an attribute has to
    /// go, which needs a reset (22 clears bold and dim together, so per-attribute offs get subtle).
    private func transition(from old: Style, to new: Style) -> String {
        if new == .terminalDefault { return "0" }
        var codes: [String] = []
        if !new.attributes.isSuperset(of: old.attributes) {
            codes.append("0")
            appendCodes(setting: new, to: &codes)
            return codes.joined(separator: ";")
        }
        appendAttributes(new.attributes.subtracting(old.attributes), to: &codes)
        if new.foreground != old.foreground {
            codes.append(new.foreground?.code(background: false) ?? "39")
        }
        if new.background != old.background {
            codes.append(new.background?.code(background: true) ?? "49")
        }
        return codes.joined(separator: ";")
    }

    /// The codes that set `style` on a terminal in its default state.
    private func appendCodes(setting style: Style, to codes: inout [String]) {
        appendAttributes(style.attributes, to: &codes)
        if let foreground = style.foreground { codes.append(foreground.code(background: false)) }
        if let background = style.background { codes.append(background.code(background: true)) }
    }

    private func appendAttributes(_ attributes: CellAttributes, to codes: inout [String]) {
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
    }
}

// Nested so that these small helpers cannot clash with names elsewhere in TileUI.
extension ANSIRenderer {
    /// A cell's style after reduction to the colour mode: two cells whose colours map to the same
    /// palette entry have equal styles, so no escape is written between them.
    fileprivate struct Style: Equatable {
        var attributes: CellAttributes
        var foreground: TerminalColor?
        var background: TerminalColor?

        static let terminalDefault = Style(attributes: [], foreground: nil, background: nil)

        init(attributes: CellAttributes, foreground: TerminalColor?, background: TerminalColor?) {
            self.attributes = attributes
            self.foreground = foreground
            self.background = background
        }

        init(_ cell: Cell, mode: ColorMode) {
            self.init(
                attributes: cell.attributes,
                foreground: cell.foreground.flatMap { TerminalColor($0, mode: mode) },
                background: cell.background.flatMap { TerminalColor($0, mode: mode) }
            )
        }
    }

    /// A colour as one terminal mode can express it.
    fileprivate enum TerminalColor: Equatable {
        case rgb(RGBColor)
        case indexed256(UInt8)
        case ansi16(UInt8)

        /// Nil in `none` mode, where colours are dropped entirely.
        init?(_ color: RGBColor, mode: ColorMode) {
            switch mode {
            case .trueColor: self = .rgb(color)
            case .palette256: self = .indexed256(ColorPalette.nearest256(color))
            case .palette16: self = .ansi16(ColorPalette.nearest16(color))
            case .none: return nil
            }
        }

        /// The SGR parameters selecting this colour as foreground or background.
        func code(background: Bool) -> String {
            switch self {
            case .rgb(let c):
                return "\(background ? 48 : 38);2;\(c.red);\(c.green);\(c.blue)"
            case .indexed256(let index):
                return "\(background ? 48 : 38);5;\(index)"
            case .ansi16(let index):
                // 0–7 are the classic 30–37/40–47; 8–15 the aixterm bright 90–97/100–107.
                let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
                return String(base + Int(index % 8))
            }
        }
    }
}
