import Foundation
import Synchronization
import Testing
import TileKit

/// The entry cache: a restart shows the last timeline before any provider answers.
@Suite struct EntryCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-cache-\(UUID().uuidString)")
    let clock = ManualClock(t0)

    func scheduler(_ provider: ScriptedProvider, cache: EntryCache) -> TimelineScheduler {
        let scheduler = TimelineScheduler(clock: clock, cache: cache, center: WidgetCenter())
        scheduler.add(WidgetInstance(id: "tile/1", widget: labelWidget(provider: provider), family: .systemMedium))
        return scheduler
    }

    @Test func testARestartRendersCachedEntriesBeforeAnyProviderIsCalled() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = EntryCache(directory: directory)
        let first = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "cached"), (60, "later")], from: $0), policy: .after($0 + 3600)) }])
        await scheduler(first, cache: cache).run(until: t0 + 1, clock: clock)

        let second = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "fresh")], from: $0), policy: .never) }])
        let restarted = scheduler(second, cache: cache)
        #expect(restarted.currentEntry(for: "tile/1")?.isPlaceholder == false)
        #expect(restarted.label("tile/1") == "cached")
        let grid = restarted.instance("tile/1")!.widget.render(restarted.currentEntry(for: "tile/1")!.entry, family: .systemMedium).grid
        #expect(grid.text.contains("cached"))
        #expect(second.calls.isEmpty)
        // The cached reload date is honoured: no fetch before it.
        await restarted.run(until: t0 + 3599, clock: clock)
        #expect(restarted.label("tile/1") == "later")
        #expect(second.calls.isEmpty)
        await restarted.run(until: t0 + 3600, clock: clock)
        #expect(restarted.label("tile/1") == "fresh")
    }

    @Test func testIdsThatDifferOnlyInPunctuationKeepFilesOfTheirOwn() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = EntryCache(directory: directory)
        let scheduler = TimelineScheduler(clock: clock, cache: cache, center: WidgetCenter())
        // A Smart Stack member (`stack#1`) beside a tile whose own id looks like it.
        for (id, label) in [("stack#1", "member"), ("stack_1", "tile"), ("stack%231", "percent")] {
            let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, label)], from: $0), policy: .never) }])
            scheduler.add(WidgetInstance(id: id, widget: labelWidget(provider: provider), family: .systemSmall))
        }
        await scheduler.run(until: t0, clock: clock)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["stack%231.json", "stack%25231.json", "stack_1.json"])
        let restarted = TimelineScheduler(clock: clock, cache: cache, center: WidgetCenter())
        for id in ["stack#1", "stack_1", "stack%231"] {
            restarted.add(WidgetInstance(id: id, widget: labelWidget(provider: ScriptedProvider([])), family: .systemSmall))
        }
        #expect(["stack#1", "stack_1", "stack%231"].map { restarted.label($0) } == ["member", "tile", "percent"])
    }

    @Test func testATruncatedCacheFileIsIgnoredWithALogLine() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = Mutex<[String]>([])
        let cache = EntryCache(directory: directory, log: { line in lines.withLock { $0.append(line) } })
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "cached")], from: $0), policy: .never) }])
        await scheduler(provider, cache: cache).run(until: t0, clock: clock)
        let file = try #require(try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        let data = try Data(contentsOf: file)
        try data.prefix(data.count / 2).write(to: file)

        let restarted = scheduler(provider, cache: cache)
        #expect(restarted.currentEntry(for: "tile/1")?.isPlaceholder == true)
        #expect(lines.withLock { $0.count } == 1)
        #expect(lines.withLock { $0.first?.contains("ignoring") } == true)
    }

    @Test func testAForeignOrReconfiguredCacheIsNotUsed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = EntryCache(directory: directory)
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "cached")], from: $0), policy: .never) }])
        await scheduler(provider, cache: cache).run(until: t0, clock: clock)
        let other = TimelineScheduler(clock: clock, cache: cache, center: WidgetCenter())
        other.add(WidgetInstance(id: "tile/1", widget: labelWidget(kind: "other", provider: provider), family: .systemMedium))
        #expect(other.currentEntry(for: "tile/1")?.isPlaceholder == true)
        let reconfigured = TimelineScheduler(clock: clock, cache: cache, center: WidgetCenter())
        reconfigured.add(WidgetInstance(id: "tile/1", widget: labelWidget(provider: provider), family: .systemMedium, parameters: ["city": .string("北京")]))
        #expect(reconfigured.currentEntry(for: "tile/1")?.isPlaceholder == true)
    }

    @Test func heldTimelinesAreWrittenWhenAskedAsTheirTilesHaveThemThen() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = EntryCache(directory: directory)
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "held")], from: $0), policy: .never) }])
        let scheduler = scheduler(provider, cache: cache)
        scheduler.holdsCacheWrites = true
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.label("tile/1") == "held")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(written.isEmpty)
        #expect(self.scheduler(ScriptedProvider([]), cache: cache).currentEntry(for: "tile/1")?.isPlaceholder == true)

        scheduler.holdsCacheWrites = false
        scheduler.writeHeldCache()
        let restarted = self.scheduler(ScriptedProvider([]), cache: cache)
        #expect(restarted.label("tile/1") == "held")
        #expect(restarted.currentEntry(for: "tile/1")?.isPlaceholder == false)
        // Written once: a second call has nothing left to write.
        try FileManager.default.removeItem(at: directory)
        scheduler.writeHeldCache()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
