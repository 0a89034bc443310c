import Foundation
import Testing
import TileTerminal
import TileUI

/// Hint labels and the links they point at.
struct LinkHintsTests {
    @Test func labelsAreSingleHomeRowLettersWhileTheySuffice() {
        #expect(LinkHints.labels(count: 0) == [])
        #expect(LinkHints.labels(count: 4) == ["a", "s", "d", "f"])
        #expect(LinkHints.labels(count: 26).count == 26)
        #expect(Set(LinkHints.labels(count: 26)).count == 26)
    }

    @Test func manyLinksGetTwoLetterLabelsThatAreNoPrefixOfEachOther() {
        let labels = LinkHints.labels(count: 30)
        #expect(labels.count == 30)
        #expect(labels.allSatisfy { $0.count == 2 })
        #expect(Set(labels).count == 30)
        #expect(labels.prefix(3) == ["aa", "as", "ad"])
    }

    @Test func eachDistinctLinkIsFoundAtItsFirstCell() {
        let a = URL(string: "https://a.example/")!, b = URL(string: "https://b.example/")!
        let grid = CellGrid.render(
            VStack(alignment: .leading, spacing: 0) {
                Text("title")
                HStack(spacing: 1) {
                    Link("AAA", destination: a)
                    Link("BB", destination: b)
                }
                Link("again", destination: a)
            }, width: 10, height: 3)
        let cells = LinkHints.linkCells(of: grid)
        #expect(cells.map(\.target.url) == [a, b])
        // ASCII only, so a character's offset in the line is its column.
        let row = Array(grid.line(1))
        #expect(cells.map(\.x) == [row.firstIndex(of: "A")!, row.firstIndex(of: "B")!])
        #expect(cells.map(\.y) == [1, 1])
    }

    @Test func hintsAreLabelledInPageOrderAtScreenPositionsAndSkipHiddenLinks() {
        let a = URL(string: "https://a.example/")!, b = URL(string: "mailto:b@example.com")!
        let first = CellGrid.render(Link("A", destination: a), width: 1, height: 1)
        let second = CellGrid.render(Link("B", destination: b), width: 1, height: 1)
        let placements = [
            BoardLayout.Placement(id: "one", index: 0, rect: Rect(x: 5, y: 2, width: 1, height: 1)),
            BoardLayout.Placement(id: "two", index: 1, rect: Rect(x: 9, y: 3, width: 1, height: 1)),
            BoardLayout.Placement(id: "off", index: 2, rect: Rect(x: 50, y: 3, width: 1, height: 1)),
        ]
        let hints = LinkHints.hints(
            for: [(placements[0], first), (placements[1], second), (placements[2], first)],
            visibleArea: Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(hints == [
            LinkHint(label: "a", position: Point(x: 5, y: 2), tileID: "one", url: a),
            LinkHint(label: "s", position: Point(x: 9, y: 3), tileID: "two", url: b),
        ])
    }
}

extension LinkHintsTests {
    @Test func aTileLevelLinkGetsALabelAtTheTilesCornerUnlessALinkLeadsThere() {
        let tile = URL(string: "https://tile.example/")!, inner = URL(string: "https://inner.example/")!
        let withWidgetURL = CellGrid.render(
            VStack(spacing: 0) { Text("quote"); Link("go", destination: inner) }.widgetURL(tile), width: 5, height: 2)
        let same = CellGrid.render(Link("go", destination: tile).widgetURL(tile), width: 2, height: 1)
        let placements = [
            BoardLayout.Placement(id: "one", index: 0, rect: Rect(x: 3, y: 4, width: 5, height: 2)),
            BoardLayout.Placement(id: "two", index: 1, rect: Rect(x: 10, y: 4, width: 2, height: 1)),
        ]
        let hints = LinkHints.hints(
            for: [(placements[0], withWidgetURL), (placements[1], same)], visibleArea: Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(hints.map(\.url) == [tile, inner, tile])
        #expect(hints.map(\.tileID) == ["one", "one", "two"])
        #expect(hints[0] == LinkHint(label: "a", position: Point(x: 3, y: 4), tileID: "one", url: tile))
    }
}

/// What a tap on a URL does.
struct TapActionTests {
    @Test func webAndMailLinksOpen() {
        let url = URL(string: "https://hitokoto.cn/?uuid=u1")!
        #expect(TapAction(url) == .open(url))
        #expect(TapAction(URL(string: "mailto:a@b.c")!) == .open(URL(string: "mailto:a@b.c")!))
        #expect(TapAction(URL(string: "HTTP://EXAMPLE.COM")!) == .open(URL(string: "HTTP://EXAMPLE.COM")!))
    }

    @Test func tilesCopyDecodesItsText() {
        let url = URL(string: "tiles:copy?text=%E6%B5%8B%E8%AF%95%20a%26b%3Dc%2B1")!
        #expect(TapAction(url) == .copy("测试 a&b=c+1"))
    }

    @Test func otherSchemesAndUnknownActionsAreRefusedWithAMessage() {
        guard case .refuse(let message) = TapAction(URL(string: "file:///etc/passwd")!) else {
            Issue.record("file: was not refused")
            return
        }
        #expect(message.contains("file:"))
        guard case .refuse(let unknown) = TapAction(URL(string: "tiles:launch?x=1")!) else {
            Issue.record("tiles:launch was not refused")
            return
        }
        #expect(unknown.contains("launch"))
        guard case .refuse(let empty) = TapAction(URL(string: "tiles:copy")!) else {
            Issue.record("tiles:copy without text was not refused")
            return
        }
        #expect(empty.contains("text="))
    }
}
