import Foundation
import Testing
@testable import TileUI

@Suite struct TerminalHyperlinkTests {
    private static let red = RGBColor(hex: 0xFF0000)

    /// "ab" links to example.com, "c" to a tiles: action (no hyperlink), "d" to nothing; the
    /// second row is all the widget's URL.
    private static func grid(widgetURL: URL?) -> CellGrid {
        var grid = CellGrid(width: 4, height: 2)
        let link = grid.index(forLink: URL(string: "https://example.com/a?b=1")!)
        let action = grid.index(forLink: URL(string: "tiles:copy?text=x")!)
        grid[0, 0] = Cell(character: "a", foreground: red, linkIndex: link)
        grid[1, 0] = Cell(character: "b", linkIndex: link)
        grid[2, 0] = Cell(character: "c", linkIndex: action)
        grid[3, 0] = Cell(character: "d")
        grid[0, 1] = Cell(character: "w")
        grid.widgetURL = widgetURL
        return grid
    }

    @Test func testARunOfLinkedCellsIsWrappedInOneHyperlinkClosedWithinItsRow() {
        let output = ANSIRenderer(colorMode: .trueColor, hyperlinks: true).render(Self.grid(widgetURL: nil))
        #expect(output == "\u{1B}]8;;https://example.com/a?b=1\u{1B}\\\u{1B}[38;2;255;0;0ma\u{1B}[0mb\u{1B}]8;;\u{1B}\\cd\u{1B}[0m\nw   ")
    }

    @Test func testCellsOutsideEveryLinkTakeTheWidgetURLAsATapWould() {
        let output = ANSIRenderer(colorMode: .none, hyperlinks: true).render(Self.grid(widgetURL: URL(string: "https://w.example")!))
        let rows = output.split(separator: "\n", omittingEmptySubsequences: false)
        // "c" is a tiles: action: a tap runs it, so it is no hyperlink, not even the widget's.
        #expect(rows[0] == "\u{1B}]8;;https://example.com/a?b=1\u{1B}\\ab\u{1B}]8;;\u{1B}\\c\u{1B}]8;;https://w.example\u{1B}\\d\u{1B}]8;;\u{1B}\\")
        #expect(rows[1] == "\u{1B}]8;;https://w.example\u{1B}\\w   \u{1B}]8;;\u{1B}\\")
    }

    @Test func testWithoutHyperlinksTheOutputIsUnchanged() {
        let output = ANSIRenderer(colorMode: .none).render(Self.grid(widgetURL: URL(string: "https://w.example")!))
        #expect(output == "abcd\nw   ")
    }

    @Test func testOnlyHTTPHTTPSAndMailtoBecomeHyperlinks() {
        #expect(TerminalHyperlink.target(for: URL(string: "mailto:me@example.com")!) == "mailto:me@example.com")
        #expect(TerminalHyperlink.target(for: URL(string: "HTTPS://example.com")!) != nil)
        for text in ["tiles:copy?text=a", "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com"] {
            #expect(TerminalHyperlink.target(for: URL(string: text)!) == nil, "\(text)")
        }
        let long = URL(string: "https://example.com/" + String(repeating: "a", count: TerminalHyperlink.maximumLength))!
        #expect(TerminalHyperlink.target(for: long) == nil)
    }

    /// Whatever a URL holds, the target is printable ASCII only: no ESC, BEL, C1 or space can
    /// end the OSC early or start another sequence.
    @Test func testNoControlByteOrSpaceReachesTheSequence() {
        let hostile = ["https://example.com/a\u{1B}]8;;https://evil\u{07}b", "https://example.com/\u{9B}31m x", "https://例子.example/路径?q=😄"]
        for text in hostile {
            guard let url = URL(string: text) else { continue }
            guard let target = TerminalHyperlink.target(for: url) else { continue }
            #expect(target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(target)")
        }
        var grid = CellGrid(width: 1, height: 1)
        if let url = URL(string: hostile[0]) {
            grid[0, 0] = Cell(character: "x", linkIndex: grid.index(forLink: url))
            let output = ANSIRenderer(colorMode: .none, hyperlinks: true).render(grid)
            // Exactly one OSC opens and one closes (each ended by ESC \\); nothing else is an escape.
            #expect(output.components(separatedBy: "\u{1B}").count == 5, "\(output.debugDescription)")
            #expect(output.hasSuffix("x\u{1B}]8;;\u{1B}\\"))
            #expect(!output.contains("\u{07}"))
        }
    }
}
