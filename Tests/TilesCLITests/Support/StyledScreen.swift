// Reads `tmux capture-pane -p -e` output back into characters and the SGR style each is drawn
// with, so tests can ask "what colour is RED drawn in" without depending on how tmux orders or
// splits its escape sequences.
import Foundation

/// One row-major screen of styled characters parsed from SGR-escaped text.
struct StyledScreen {
    /// The SGR state of one character: colours as tmux writes them ("38;2;255;0;0", "38;5;196",
    /// "31"), nil for the default; attributes as their SGR numbers.
    struct Style: Equatable {
        var foreground: String?
        var background: String?
        var attributes: Set<Int> = []
    }

    private(set) var lines: [[(character: Character, style: Style)]] = []

    init(_ escaped: String) {
        var style = Style()
        var line: [(Character, Style)] = []
        var characters = escaped.makeIterator()
        while let character = characters.next() {
            if character == "\n" {
                lines.append(line)
                line = []
            } else if character == "\u{1B}" {
                var sequence = ""
                guard characters.next() == "[" else { continue }
                while let next = characters.next(), next != "m" { sequence.append(next) }
                Self.apply(sequence, to: &style)
            } else {
                line.append((character, style))
            }
        }
        lines.append(line)
    }

    /// The style of the first character of the first occurrence of `word` on any line.
    func style(of word: String) -> Style? {
        for line in lines {
            let text = line.map(\.character)
            let target = Array(word)
            guard text.count >= target.count else { continue }
            for start in 0...(text.count - target.count) where Array(text[start..<start + target.count]) == target {
                return line[start].style
            }
        }
        return nil
    }

    private static func apply(_ sequence: String, to style: inout Style) {
        var codes = sequence.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = Style()
            case 1...9: style.attributes.insert(code)
            case 22: style.attributes.subtract([1, 2])
            case 23...29: style.attributes.remove(code - 20)
            case 30...37, 90...97: style.foreground = String(code)
            case 40...47, 100...107: style.background = String(code)
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                let kind = codes.popFirst() ?? 0
                let count = kind == 2 ? 3 : 1
                let values = (0..<count).compactMap { _ in codes.popFirst() }
                let value = ([code, kind] + values).map(String.init).joined(separator: ";")
                if code == 38 { style.foreground = value } else { style.background = value }
            default: break
            }
        }
    }
}
