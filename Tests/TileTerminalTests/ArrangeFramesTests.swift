import Foundation
import Testing
import TileKit
@testable import TileTerminal
import TileUI

/// Issue 48, item 18: edit mode's frames join where two tiles share the gutter row, and its key
/// strip fits the status line at every width.
@Suite struct ArrangeFramesTests {
    typealias F = DashboardFixtures
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func framesSharingAGutterRowJoinInsteadOfHidingEachOther() throws {
        // 50 columns: one medium tile a row, a one-row gutter between them.
        var state = F.board(screen: Size(width: 50, height: 40))
        _ = state.update(F.key("E"))
        guard case .arrange = state.mode else { Issue.record("not in edit mode"); return }
        let placements = state.visiblePlacements
        try #require(placements.count >= 2 && placements[1].rect.minY == placements[0].rect.maxY + 1)
        let rows = DashboardView.screen(state, now: now).text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let first = placements[0].rect, shared = first.maxY
        let left = first.minX - 1, right = first.maxX
        let focused = state.focusedID == placements[0].id
        #expect(rows[shared][left] == (focused ? "┣" : "├") && rows[shared][right] == (focused ? "┫" : "┤"),
                "one joined line between the two frames: \(String(rows[shared]))")
        #expect(rows[first.minY - 1][left] == (focused ? "┏" : "╭"), "the first tile's own top corner")
        let last = placements[placements.count - 1]
        #expect(rows[last.rect.maxY][last.rect.minX - 1] == (state.focusedID == last.id ? "┗" : "╰"), "the last tile's own bottom corner")
        #expect(!rows[shared].contains("╰") && !rows[shared].contains("╭"), "no corner left over from either frame")
    }

    @Test func theJointCharacters() {
        typealias J = DashboardView.FrameJoint
        func joint(_ directions: J.Directions, heavy: Bool = false) -> Character {
            var joint = J()
            joint.add(directions, heavy: heavy)
            return joint.character
        }
        #expect(joint([.left, .right]) == "┄" && joint([.up, .down]) == "┆")
        #expect(joint([.down, .right]) == "╭" && joint([.up, .left], heavy: true) == "┛")
        #expect(joint([.up, .down, .right]) == "├" && joint([.down, .left, .right]) == "┬")
        #expect(joint([.up, .down, .left, .right], heavy: true) == "╋")
    }

    @Test func theKeyStripFitsTheStatusLineAtEveryWidth() {
        for width in [60, 80, 100, 120, 160, 200] {
            var state = F.board(screen: Size(width: width, height: 40))
            _ = state.update(F.key("E"))
            let line = StatusLine(state: state, now: now)
            #expect(line.text.cellWidth + line.trailing.cellWidth + 4 <= width, "\(width): \(line.text)")
            #expect(line.text.contains("Enter save"), "\(width): \(line.text)")
            if width >= 120 { #expect(line.text.contains("n page") || line.text.contains("? keys"), "\(width): \(line.text)") }
        }
    }
}
