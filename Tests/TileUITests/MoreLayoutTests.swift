import Foundation
import Testing
@testable import TileUI

/// Further rules of docs/rules.md A4–A8 as cells.
@Suite struct MoreLayoutTests {
    @Test func testFixedSizeVerticalWrapsToWidthAndTakesFullHeight() {
        // A6.9: wraps to the proposed width and ignores the height proposal.
        let size = LayoutInspection.size(of: Text("one two three").fixedSize(horizontal: false, vertical: true),
                                         proposal: ProposedSize(width: 5, height: 1))
        #expect(size == Size(width: 5, height: 3))
        let oneLine = LayoutInspection.size(of: Text("one two three").fixedSize(), proposal: ProposedSize(width: 5, height: 1))
        #expect(oneLine == Size(width: 13, height: 1))
    }

    @Test func testSpacerOffAStackAxisExpandsBothWays() {
        let size = LayoutInspection.size(of: ZStack { Spacer() }, proposal: ProposedSize(width: 7, height: 3))
        #expect(size == Size(width: 7, height: 3))
    }

    @Test func testSpacerNeverWidensTheCrossAxis() {
        let size = LayoutInspection.size(of: HStack { Text("a"); Spacer() }, proposal: ProposedSize(width: 10, height: 5))
        #expect(size == Size(width: 10, height: 1))
    }

    @Test func testZStackAlignsChildren() {
        let view = ZStack(alignment: .bottomTrailing) {
            Color.clear.frame(width: 4, height: 3)
            Text("x")
        }
        #expect(CellGrid.render(view, width: 4, height: 3).text == "    \n    \n   x")
    }

    @Test func testLastTextBaselineAlignsBigAndSmallText() {
        // The big number's last baseline is its third row; the small text sits on it.
        let view = HStack(alignment: .lastTextBaseline, spacing: 1) {
            Text("06").font(.system(size: 50))
            Text("月")
        }
        let frames = LayoutInspection.frames(view.layoutTag("row"), width: 20, height: 5)
        #expect(frames["row"]?.size.height == 3)
        let grid = CellGrid.render(view, width: 12, height: 3)
        #expect(grid.line(2) == "█▄▄█ █▄▄█ 月")
        #expect(grid.line(0).hasSuffix("   "))
    }

    @Test func testGridPlacesItemsRowMajor() {
        let view = LazyVGrid(columns: [GridItem(.fixed(3), spacing: 1), GridItem(.fixed(3))], spacing: 0) {
            Text("a"); Text("b"); Text("c")
        }
        #expect(CellGrid.render(view, width: 7, height: 2).text == " a   b \n c     ")
    }

    @Test func testFlexibleFrameClampsWithoutConsultingTheChild() {
        let size = LayoutInspection.size(of: Text("a long text").frame(minWidth: 3, maxWidth: 6), proposal: ProposedSize(width: 20, height: 1))
        #expect(size.width == 6)
        let small = LayoutInspection.size(of: Text("a long text").frame(minWidth: 3, maxWidth: 6), proposal: ProposedSize(width: 1, height: 1))
        #expect(small.width == 3)
    }

    @Test func testIdealFrameAnswersANilProposal() {
        let size = LayoutInspection.size(of: Color.red.frame(idealWidth: 12, idealHeight: 2), proposal: .unspecified)
        #expect(size == Size(width: 12, height: 2))
    }

    @Test func testOverflowingChildIsCentredAndClippedByTheRoot() {
        let grid = CellGrid.render(Text("abcdef").fixedSize(), width: 4, height: 1)
        #expect(grid.text == "bcde")
    }

    @Test func testPointConversionsFollowPartC() {
        #expect(Points.columns(20) == 3)
        #expect(Points.columns(12) == 2)
        #expect(Points.columns(-10) == -1)
        #expect(Points.rows(8) == 0)
        #expect(Points.rows(10) == 1)
        #expect(Points.rows(16) == 1)
        #expect(Points.rows(24) == 1)
        #expect(Points.rows(-10) == -1)
    }
}
