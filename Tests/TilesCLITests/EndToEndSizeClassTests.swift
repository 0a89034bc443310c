import Foundation
import Testing

/// Size classes on the real board (docs/rules.md C5): a big terminal is filled with large tiles,
/// a resize chooses again, and `size_class` in the config pins one while the board runs.
extension EndToEndTests {
    @Test func aBigTerminalIsFilledWithLargeTilesAndTheConfigCanPinRegular() throws {
        let (board, file) = try Board.configured("", width: 160, height: 45)
        defer { board.close() }
        var screen = try board.waitForData()
        var used = Self.usedRows(screen, height: 45)
        #expect(used.first! < 15 && used.last! >= 30, "large tiles reach the top and bottom thirds: rows \(used.first!)…\(used.last!)\n\(screen)")

        // Pinned in the config: the regular tiles of before, in the middle rows only.
        try "size_class = \"regular\"\n".write(to: file, atomically: true, encoding: .utf8)
        screen = try board.session.waitFor("regular tiles") { screen in
            let rows = Self.usedRows(screen, height: 45)
            return screen.contains("config reloaded") && rows.last! - rows.first! < 25
        }
        used = Self.usedRows(screen, height: 45)
        #expect(used.first! >= 10, "regular tiles leave the top empty: \(used)\n\(screen)")

        // Unpinned again, and the terminal made smaller: the class follows the size.
        try "size_class = \"auto\"\n".write(to: file, atomically: true, encoding: .utf8)
        screen = try board.session.waitFor("large tiles again") { Self.usedRows($0, height: 45).first! < 15 }
        try board.session.resize(width: 80, height: 24)
        // Two regular mediums a page, as 80×24 always showed the built-in board.
        try board.session.waitFor("regular tiles at 80×24") { screen in
            ["测试句子", "Partly cloudy"].allSatisfy(screen.contains) && Self.row(23, of: screen).contains("● ○")
        }
    }

    /// The rows above the status line that show anything.
    static func usedRows(_ screen: String, height: Int) -> [Int] {
        (0..<(height - 1)).filter { !row($0, of: screen).trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
