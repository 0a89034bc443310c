import Testing
@testable import TileUI

/// docs/rules.md A3.6, read as cells (fractions rounded down).
@Suite struct StackLayoutTests {
    @Test func testFlexibleFramesShareByFlexibilityAndOverflow() {
        // A3.6 (a): A = 75, B = 100, stack = 175 (overflows the 150 offered).
        let view = HStack(spacing: 0) {
            Color.red.frame(maxWidth: 100).layoutTag("A")
            Color.blue.frame(minWidth: 100).layoutTag("B")
        }.layoutTag("stack")
        let frames = LayoutInspection.frames(view, width: 150, height: 10)
        #expect(frames["A"] == Rect(x: 0, y: 0, width: 75, height: 10))
        #expect(frames["B"] == Rect(x: 75, y: 0, width: 100, height: 10))
        #expect(frames["stack"]?.size == Size(width: 175, height: 10))
    }

    @Test func testLeastFlexibleChildIsSizedFirstButPlacedInOrder() {
        // A3.6 (b) with spacing 7.5 → 7: avail 136, fitting order G, B, R → 30, 50, 100.
        let view = HStack(spacing: 7) {
            Color.red.frame(minWidth: 100).layoutTag("R")
            Color.green.frame(width: 30).layoutTag("G")
            Color.blue.frame(maxWidth: 50).layoutTag("B")
        }.layoutTag("stack")
        let frames = LayoutInspection.frames(view, width: 150, height: 4)
        #expect(frames["R"] == Rect(x: 0, y: 0, width: 100, height: 4))
        #expect(frames["G"] == Rect(x: 107, y: 0, width: 30, height: 4))
        #expect(frames["B"] == Rect(x: 144, y: 0, width: 50, height: 4))
        #expect(frames["stack"]?.size.width == 194)
    }

    @Test func testTextBesideSpacerIsOfferedAllButTheSpacerMinimum() {
        // A3.6 (c): Text proposed W − 1 (Spacer minimum 1 column, no gap next to a Spacer).
        let long = String(repeating: "word ", count: 20)
        let view = HStack {
            Text(long).lineLimit(1).layoutTag("text")
            Spacer().layoutTag("spacer")
        }
        let frames = LayoutInspection.frames(view, width: 30, height: 1)
        #expect(frames["text"]?.size.width == 29)
        #expect(frames["spacer"] == Rect(x: 29, y: 0, width: 1, height: 0))
    }

    @Test func testHigherPriorityTextIsSizedBeforeColors() {
        // A3.6 (d): Text sized first against 198 (200 − 2 gaps of 1); Colors split the rest.
        let view = HStack {
            Color.red.layoutTag("left")
            Text("hello").layoutPriority(1).layoutTag("text")
            Color.blue.layoutTag("right")
        }
        let frames = LayoutInspection.frames(view, width: 200, height: 1)
        #expect(frames["text"]?.size.width == 5)
        #expect(frames["left"]?.size.width == 96)
        #expect(frames["right"]?.size.width == 97)
        #expect(frames["text"]?.origin.x == 97)
    }

    @Test func testSpacersShareLeftoverSpaceEvenly() {
        let view = HStack {
            Spacer().layoutTag("a")
            Text("ab")
            Spacer().layoutTag("b")
        }
        let frames = LayoutInspection.frames(view, width: 12, height: 1)
        #expect(frames["a"]?.size.width == 5)
        #expect(frames["b"]?.size.width == 5)
    }

    @Test func testVStackDefaultSpacingIsZeroRows() {
        let view = VStack {
            Text("a").layoutTag("a")
            Text("b").layoutTag("b")
            Color.red.frame(height: 2).layoutTag("c")
        }
        let frames = LayoutInspection.frames(view, width: 10, height: 10)
        #expect(frames["a"]?.origin.y == 0)
        #expect(frames["b"]?.origin.y == 1)
        #expect(frames["c"]?.origin.y == 2)
    }

    @Test func testZStackSizeComesFromHighestPriorityChildren() {
        let view = ZStack {
            Color.red.layoutTag("fill")
            Text("hi").layoutPriority(1)
        }.layoutTag("z")
        let frames = LayoutInspection.frames(view, width: 20, height: 5)
        #expect(frames["z"]?.size == Size(width: 2, height: 1))
        #expect(frames["fill"]?.size == Size(width: 2, height: 1))
    }
}

/// docs/rules.md A7.3: flexible frames.
@Suite struct FrameLayoutTests {
    @Test func testMaxWidthInfinityTakesTheOfferAndCentersText() {
        let view = Text("Hi").frame(maxWidth: .infinity).layoutTag("frame")
        let frames = LayoutInspection.frames(view, width: 300, height: 1)
        #expect(frames["frame"]?.size.width == 300)
        let grid = CellGrid.render(Text("Hi").frame(maxWidth: .infinity), width: 10, height: 1)
        #expect(grid.text == "    Hi    ")
    }

    @Test func testMaxWidthInfinityWithNilProposalIsTheIdealWidth() {
        let size = LayoutInspection.size(of: Text("Hi").frame(maxWidth: .infinity), proposal: .unspecified)
        #expect(size == Size(width: 2, height: 1))
    }

    @Test func testMinWidthWidensText() {
        let size = LayoutInspection.size(of: Text("Hi").frame(minWidth: 100), proposal: ProposedSize(width: 50, height: 1))
        #expect(size.width == 100)
    }

    @Test func testPaddingProposesLessAndReportsMore() {
        let size = LayoutInspection.size(of: Text("abc").padding(), proposal: ProposedSize(width: 20, height: 5))
        #expect(size == Size(width: 7, height: 3))
        let negative = LayoutInspection.size(of: Color.red.padding(EdgeInsets(top: -1, leading: 0, bottom: -1, trailing: 0)), proposal: ProposedSize(width: 4, height: 4))
        #expect(negative == Size(width: 4, height: 4))
    }
}

/// docs/rules.md A8.3–A8.4: grid columns, numbers read as cells (the 8 pt spacing as 8 cells).
@Suite struct GridLayoutTests {
    @Test func testAdaptiveColumnSplitsIntoSubColumns() {
        let grid = GridNode(
            columns: [GridItem(.fixed(70), spacing: 8), GridItem(.adaptive(minimum: 40), spacing: 8)],
            alignment: .center, rowSpacing: 0, measuresTwice: false, items: [])
        #expect(grid.resolveColumns(width: 200).map(\.width) == [70, 57, 57])
    }

    @Test func testOverflowingFlexibleColumnsOnePassAndTwoPass() {
        let columns = [GridItem(.flexible(minimum: 100), spacing: 8), GridItem(.flexible(minimum: 180), spacing: 8)]
        let onePass = GridNode(columns: columns, alignment: .center, rowSpacing: 0, measuresTwice: false, items: [])
        #expect(onePass.resolveColumns(width: 300).map(\.width) == [146, 180])
        #expect(GridNode.totalWidth(onePass.resolveColumns(width: 300)) == 334)
        let twoPass = GridNode(columns: columns, alignment: .center, rowSpacing: 0, measuresTwice: true, items: [])
        #expect(twoPass.resolveColumns(width: 300).map(\.width) == [163, 180])
    }
}
