import Foundation
import Testing
@testable import TileUI
import TileUISamples
import TileBase

/// A drawing brought to a later "now" in place equals a full render at that moment, cell for cell.
@Suite struct RetainedDrawingTests {
    static let target = Date(timeIntervalSince1970: 1_700_000_000)

    static func environment(now: Date, dark: Bool) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.now = now
        environment.colorScheme = dark ? .dark : .light
        environment.zone = Zone(identifier: "Asia/Shanghai")!
        return environment
    }

    /// Random trees with live text (timers, relative and offset dates) among gradients,
    /// translucent fills, pictures, links, CJK and emoji, ticked across minute and ten-minute
    /// boundaries, where the text changes shape and the drawing must be rendered again.
    @Test(arguments: 0..<4)
    func advancingEqualsRenderingAgain(batch: Int) {
        var advanced = 0, renderedAgain = 0
        for index in 0..<150 {
            let seed = UInt64(10_000 + batch * 150 + index)
            var builder = RandomTreeBuilder(rng: SplitMix64(seed: seed), liveTarget: Self.target)
            let view = builder.view(depth: builder.int(1...4))
            let width = builder.int(1...80), height = builder.int(1...24)
            let dark = builder.bool()
            // From 10:05 before the target, so that timers pass 10:00 and 9:59 (a shorter text).
            var now = Self.target - 605
            var current = RetainedDrawing(view, width: width, height: height, environment: Self.environment(now: now, dark: dark))
            // Trees without live text on screen never tick.
            guard current.nextChange != nil else { continue }
            for _ in 0..<24 {
                now += Double(builder.pick([1, 1, 1, 2, 7, 61]))
                let environment = Self.environment(now: now, dark: dark)
                let full = CellGrid.renderTree(view, width: width, height: height, environment: environment)
                let before = current.grid
                if current.advance(to: now) {
                    advanced += 1
                    // Cells outside those reported are as they were.
                    let area = current.changedArea ?? Rect(x: 0, y: 0, width: width, height: height)
                    for y in 0..<height {
                        let kept = (0..<width).allSatisfy { area.contains(x: $0, y: y) || current.grid[$0, y] == before[$0, y] }
                        #expect(kept, "seed \(seed): row \(y) changed outside \(area)")
                    }
                } else {
                    renderedAgain += 1
                    current = RetainedDrawing(view, width: width, height: height, environment: environment)
                }
                let same = current.grid == full.grid
                #expect(same, "seed \(seed) at \(now.timeIntervalSince(Self.target)) s:\n\(current.grid.text)\n---\n\(full.grid.text)")
                let sameNextChange = current.nextChange == full.nextChange
                #expect(sameNextChange, "seed \(seed)")
                if !same { break }
            }
        }
        // Both paths were taken, the one in place most often.
        let bothTaken = advanced > renderedAgain && renderedAgain > 0
        #expect(bothTaken, "\(advanced) advanced, \(renderedAgain) rendered again")
    }

    @Test func aDrawingWithoutLiveTextCannotAdvance() {
        let drawing = RetainedDrawing(Text("still"), width: 10, height: 1, environment: Self.environment(now: Self.target, dark: false))
        #expect(drawing.nextChange == nil)
        #expect(!drawing.advance(to: Self.target + 1))
        #expect(drawing.grid == CellGrid.render(Text("still"), width: 10, height: 1))
    }

    /// A hidden timer does not tick the drawing: after a tick, the next change is the visible
    /// text's, as a full render reports it, and not the hidden timer's next second.
    @Test func aHiddenTimerDoesNotTickTheDrawing() throws {
        let view = VStack(spacing: 0) {
            Text(Self.target, style: .timer).hidden()
            Text(Self.target.addingTimeInterval(3 * 3600), style: .relative)
        }
        // 50:00 on the hidden timer, which keeps its shape for minutes; the relative text changes once a minute.
        let start = Self.target - 3000
        let drawing = RetainedDrawing(view, width: 30, height: 2, environment: Self.environment(now: start, dark: false))
        let first = try #require(drawing.nextChange)
        #expect(first.timeIntervalSince(start) > 1, "the hidden timer's seconds are not asked for")
        #expect(drawing.advance(to: first))
        let full = CellGrid.renderTree(view, width: 30, height: 2, environment: Self.environment(now: first, dark: false))
        #expect(drawing.nextChange == full.nextChange)
        #expect(drawing.grid == full.grid)
    }

    /// A tick draws again the cells of its text only, not the rows across the drawing; where a
    /// wide grapheme crosses the edge of those cells (drawn over the text), the whole rows, so
    /// that it is not cut in half. Either way the result is a full render's.
    @Test func aTickRedrawsItsTextsCellsOrTheRowsWhereAWideGraphemeCrossesTheirEdge() throws {
        func board(over: String?) -> some View {
            ZStack(alignment: .leading) {
                LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)
                HStack(spacing: 1) {
                    Text("左")
                    ZStack(alignment: .leading) {
                        Text(Self.target, style: .timer)
                        if let over { Text(over) }
                    }
                    Spacer()
                }
            }
        }
        let start = Self.target - 605  // 10:05, then 10:04: the same shape
        for (over, spansRows) in [(nil, false), ("    还", true)] as [(String?, Bool)] {
            let drawing = RetainedDrawing(board(over: over), width: 24, height: 3, environment: Self.environment(now: start, dark: false))
            #expect(drawing.advance(to: start + 1))
            let full = CellGrid.render(board(over: over), width: 24, height: 3, environment: Self.environment(now: start + 1, dark: false))
            #expect(drawing.grid == full, "\(drawing.grid.text)\n---\n\(full.text)")
            let area = try #require(drawing.changedArea)
            #expect(area.size.height == 1)
            if spansRows {
                #expect(area.minX == 0 && area.size.width == 24, "a wide grapheme crosses the timer's last column: \(area)")
            } else {
                #expect(area.minX == 3 && area.size.width == "10:04".count, "the timer's cells after 左 and a space: \(area)")
            }
        }
    }

    @Test func onlyDigitsForDigitsKeepTheShape() {
        #expect(LiveTextNode.keepsShape("10:05", "10:04"))
        #expect(LiveTextNode.keepsShape("1 min, 10 sec", "1 min, 19 sec"))
        #expect(!LiveTextNode.keepsShape("10:00", "9:59"))
        #expect(!LiveTextNode.keepsShape("1 min, 10 sec", "1 min, 9 sec"))
        #expect(!LiveTextNode.keepsShape("-1 minute", "-2 minutes"))
        #expect(!LiveTextNode.keepsShape("12", "1２"))
    }
}
