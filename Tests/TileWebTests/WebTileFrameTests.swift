import FoundationEssentials
import Testing
import TileKit
import TileUI
@testable import TileWeb

/// What a browser is sent of a tile: its SVG, the targets a finger can press with the cells they
/// cover, its text, and why it is stale.
@Suite struct WebTileFrameTests {
    func grid() -> CellGrid {
        var grid = CellGrid(width: 12, height: 3)
        let link = grid.index(for: .link(URL(string: "https://example.com/a")!))
        let button = grid.index(for: .action(WidgetAction(name: "refresh")))
        let copy = grid.index(for: .link(URL(string: "tiles:copy?text=hello+there")!))
        let refused = grid.index(for: .link(URL(string: "file:///etc/passwd")!))
        for (x, character) in "open".enumerated() { grid[x, 0] = Cell(character: character, linkIndex: link) }
        for (x, character) in "go".enumerated() { grid[x + 8, 0] = Cell(character: character, linkIndex: button) }
        for (x, character) in "go".enumerated() { grid[x + 8, 1] = Cell(character: character, linkIndex: button) }
        for (x, character) in "cp".enumerated() { grid[x, 2] = Cell(character: character, linkIndex: copy) }
        for (x, character) in "no".enumerated() { grid[x + 4, 2] = Cell(character: character, linkIndex: refused) }
        return grid
    }

    @Test func linksControlsAndCopiesArePlacedByTheirCells() {
        let frame = WebTileFrame(
            id: "t", page: 1, family: .systemSmall, grid: grid(), renderer: SVGRenderer(theme: .default, scheme: .light),
            status: nil, isPlaceholder: false, spoken: nil)
        #expect(frame.targets == [
            .init(index: 1, link: "https://example.com/a", copy: nil, runs: false, label: "open", runsOfCells: [[0, 0, 4]]),
            .init(index: 2, link: nil, copy: nil, runs: true, label: "go go", runsOfCells: [[8, 0, 2], [8, 1, 2]]),
            .init(index: 3, link: nil, copy: "hello there", runs: false, label: "cp", runsOfCells: [[0, 2, 2]]),
        ])
        #expect(frame.text == "open    go\ngo\ncp  no")
        #expect(frame.svg.hasPrefix("<svg") && frame.svg.contains(">open</text>"))
        #expect(frame.columns == 12 && frame.rows == 3 && frame.page == 1 && frame.family == "small" && frame.stale == nil)
    }

    @Test func aStaleTileSaysWhyAndSinceWhen() {
        let status = InstanceStatus(isStale: true, reason: "cannot resolve example.com", since: Date(timeIntervalSince1970: 1_795_000_000))
        let frame = WebTileFrame(
            id: "t", page: 0, family: .systemMedium, grid: CellGrid(width: 2, height: 1), renderer: SVGRenderer(theme: .default, scheme: .dark),
            status: status, isPlaceholder: true, spoken: nil)
        #expect(frame.stale == .init(reason: "cannot resolve example.com", since: "2026-11-18T11:06:40Z"))
        #expect(frame.placeholder)
    }
}
