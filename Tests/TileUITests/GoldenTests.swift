import SnapshotTesting
import Testing
import TileUISamples
@testable import TileUI

/// Golden files of whole renders, compared exactly. Re-record on purpose with `make golden`.
@Suite struct GoldenTests {
    @Test func testQQSyncMediumMatchesGolden() {
        let grid = CellGrid.render(QQSyncMediumSample(), width: 42, height: 10)
        assertSnapshot(of: grid.text, as: .lines, named: "text")
        assertSnapshot(of: ANSIRenderer(colorMode: .trueColor).render(grid), as: .lines, named: "ansi-truecolor")
    }

    @Test func testQQSyncMediumDayNumberIsAtLeastThreeRowsTall() {
        let sample = QQSyncMediumSample()
        let day = Text(sample.day).font(.system(size: 50)).fontWeight(.semibold)
        let size = LayoutInspection.size(of: day, proposal: ProposedSize(width: 12, height: 10))
        #expect(size.height >= 3)
        let grid = CellGrid.render(sample, width: 42, height: 10)
        #expect(grid.text.contains("06月 周一"))
        #expect(grid.text.contains("去分享"))
        #expect(grid.text.contains("加油,打工人!😄"))
    }
}
