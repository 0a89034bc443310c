import Foundation
import Testing
@testable import TileKit
import TileUI
@testable import TileTerminal

/// Only tiles whose entry, family, scheme, theme, placeholder state or live text changed are drawn again.
struct TileRenderCacheTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let key = TileRenderCache.Key(family: .systemMedium, scheme: .light, theme: .default, isPlaceholder: false)
    let drawing = RetainedDrawing(grid: CellGrid(width: 2, height: 1), nextChange: nil)

    @Test func aTileIsDrawnOnceUntilSomethingItDependsOnChanges() {
        var cache = TileRenderCache()
        #expect(cache.needsRender("a", key: key, now: now), "never drawn")
        cache.didRender("a", key: key, drawing: drawing, nextChange: nil)
        #expect(!cache.needsRender("a", key: key, now: now.addingTimeInterval(3600)))

        var dark = key
        dark.scheme = .dark
        #expect(cache.needsRender("a", key: dark, now: now))
        var large = key
        large.family = .systemLarge
        #expect(cache.needsRender("a", key: large, now: now))
        var themed = key
        themed.theme = Theme.builtin[1]
        #expect(cache.needsRender("a", key: themed, now: now))
        var real = key
        real.isPlaceholder = true
        #expect(cache.needsRender("a", key: real, now: now))

        cache.invalidate(["a"])
        #expect(cache.needsRender("a", key: key, now: now), "a new entry")
        cache.didRender("a", key: key, drawing: drawing, nextChange: nil)
        #expect(!cache.needsRender("a", key: key, now: now))
    }

    @Test func liveTextIsDrawnAgainWhenItsNextChangeComes() {
        var cache = TileRenderCache()
        cache.didRender("clock", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        #expect(!cache.needsRender("clock", key: key, now: now))
        #expect(cache.needsRender("clock", key: key, now: now.addingTimeInterval(1)))
        #expect(cache.nextChange(of: "clock") == now.addingTimeInterval(1))
    }

    @Test func onlyATickOfTheSameEntryKeepsTheLastDrawing() {
        var cache = TileRenderCache()
        var key = self.key
        key.entry = EntryRevision(timeline: 7, index: 0)
        #expect(cache.tickingDrawing("clock", key: key) == nil, "never drawn")
        cache.didRender("clock", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        #expect(cache.tickingDrawing("clock", key: key) === drawing)
        // The same entry: the drawing follows its tick when the tick comes.
        #expect(!cache.needsRender("clock", key: key, now: now), "the same entry, before its tick")
        #expect(cache.needsRender("clock", key: key, now: now.addingTimeInterval(1)))
        #expect(cache.tickingDrawing("clock", key: key) === drawing)
        var dark = key
        dark.scheme = .dark
        #expect(cache.tickingDrawing("clock", key: dark) == nil, "another scheme")
        var next = key
        next.entry = EntryRevision(timeline: 7, index: 1)
        #expect(cache.needsRender("clock", key: next, now: now))
        #expect(cache.tickingDrawing("clock", key: next) == nil, "another entry")
        var placeholder = key
        placeholder.isPlaceholder = true
        placeholder.entry = nil
        cache.didRender("clock", key: placeholder, drawing: drawing, nextChange: now.addingTimeInterval(1))
        #expect(cache.tickingDrawing("clock", key: placeholder) == nil, "a placeholder is made anew each time")
        cache.didRender("clock", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        cache.invalidate(["clock"])
        #expect(cache.tickingDrawing("clock", key: key) == nil, "a configuration edit")
    }

    /// A quiet second's tick takes the last drawing without a key (nothing changed since it),
    /// but never a placeholder's or one a configuration edit forces to be drawn in full.
    @Test func aTickAloneTakesTheLastDrawingOfAnEntry() {
        var cache = TileRenderCache()
        var key = self.key
        key.entry = EntryRevision(timeline: 7, index: 0)
        #expect(cache.tickingDrawing("clock") == nil, "never drawn")
        cache.didRender("clock", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        #expect(cache.tickingDrawing("clock") === drawing)
        cache.didTick("clock", nextChange: now.addingTimeInterval(2))
        #expect(cache.nextChange(of: "clock") == now.addingTimeInterval(2))
        #expect(!cache.needsRender("clock", key: key, now: now.addingTimeInterval(1)), "its next tick is later")
        #expect(cache.needsRender("clock", key: key, now: now.addingTimeInterval(2)))
        cache.didTick("never", nextChange: now)
        #expect(cache.nextChange(of: "never") == nil, "a tick records nothing for a tile never drawn")
        cache.invalidate(["clock"])
        #expect(cache.tickingDrawing("clock") == nil, "a configuration edit")
        var placeholder = key
        placeholder.isPlaceholder = true
        placeholder.entry = nil
        cache.didRender("clock", key: placeholder, drawing: drawing, nextChange: now.addingTimeInterval(1))
        #expect(cache.tickingDrawing("clock") == nil, "a placeholder is made anew each time")
    }

    @Test func aStatusChangeDrawsNeitherAnEntryNorAPlaceholderAgain() {
        // A retry of a failing service: the scheduler reports the tile when the attempt starts
        // and when it fails; what the tile shows stays, and so does its drawing. A status is
        // drawn by the board around the tile.
        var cache = TileRenderCache()
        var shown = key
        shown.entry = EntryRevision(timeline: 3, index: 0)
        cache.didRender("quote", key: shown, drawing: drawing, nextChange: nil)
        #expect(!cache.needsRender("quote", key: shown, now: now))
        var next = shown
        next.entry = EntryRevision(timeline: 4, index: 0)
        #expect(cache.needsRender("quote", key: next, now: now), "a new timeline")

        let day = Date(timeIntervalSince1970: 950_400)
        var placeholder = key
        placeholder.isPlaceholder = true
        placeholder.placeholderDay = day
        cache.didRender("commit", key: placeholder, drawing: drawing, nextChange: nil)
        #expect(!cache.needsRender("commit", key: placeholder, now: now))
        #expect(!cache.needsRender("commit", key: placeholder, now: now.addingTimeInterval(1_800)), "a retry later that day")
        var tomorrow = placeholder
        tomorrow.placeholderDay = day.addingTimeInterval(86_400)
        #expect(cache.needsRender("commit", key: tomorrow, now: now.addingTimeInterval(86_400)), "made anew for another day")
        var entry = placeholder
        entry.isPlaceholder = false
        entry.placeholderDay = nil
        entry.entry = EntryRevision(timeline: 1, index: 0)
        #expect(cache.needsRender("commit", key: entry, now: now), "its first entry")

        cache.invalidate(["quote", "commit"])
        #expect(cache.needsRender("quote", key: shown, now: now), "a configuration edit draws an entry again")
        #expect(cache.needsRender("commit", key: placeholder, now: now), "and a placeholder")
    }

    @Test func aRemovedTileIsForgotten() {
        var cache = TileRenderCache()
        cache.didRender("kept", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        cache.didRender("gone", key: key, drawing: drawing, nextChange: now.addingTimeInterval(1))
        cache.forgetAll(except: ["kept"])
        #expect(cache.nextChange(of: "kept") == now.addingTimeInterval(1))
        #expect(cache.nextChange(of: "gone") == nil)
        #expect(cache.needsRender("gone", key: key, now: now), "drawn anew if it comes back")
    }

    @Test func theCellsOfTicksBetweenTwoFramesAddUp() {
        let tens = Rect(x: 4, y: 2, width: 1, height: 2), seconds = Rect(x: 6, y: 6, width: 2, height: 1)
        #expect(BoardRenderer.span(tens, seconds) == Rect(x: 4, y: 2, width: 4, height: 5))
        #expect(BoardRenderer.span(seconds, tens) == Rect(x: 4, y: 2, width: 4, height: 5))
        let nothing = Rect(x: 0, y: 0, width: 0, height: 0)
        #expect(BoardRenderer.span(nothing, seconds) == seconds, "a tick that drew nothing adds no cell")
        #expect(BoardRenderer.span(tens, nothing) == tens)
    }

    @Test func aFailedOpenNamesTheLinkOnce() {
        let url = URL(string: "https://example.com/x")!
        #expect(EffectRunner.openFailure(url, .exitStatus(program: "/bin/false", status: 1))
            == "cannot open https://example.com/x: opener failed: /bin/false exited with status 1")
        let none = OpenError.noOpener(url: url.absoluteString, tried: ["xdg-open"])
        #expect(EffectRunner.openFailure(url, none) == none.description)
    }
}
