import Foundation
import Synchronization
import Testing
import TileKit
@testable import TileTerminal
import TileUI

struct ShellCountEntry: TimelineEntry {
    var date: Date
    var count: Int
}

/// Counts its calls; each timeline's entry shows the count.
final class ShellCountingProvider: TimelineProvider, Sendable {
    private let calls = Mutex(0)
    var count: Int { calls.withLock { $0 } }
    func placeholder(in context: TimelineContext) -> ShellCountEntry { ShellCountEntry(date: context.now, count: 0) }
    func snapshot(in context: TimelineContext) async -> ShellCountEntry { ShellCountEntry(date: context.now, count: 0) }
    func timeline(in context: TimelineContext) async throws -> Timeline<ShellCountEntry> {
        let count = calls.withLock { $0 += 1; return $0 }
        return Timeline(entries: [ShellCountEntry(date: context.now, count: count)], policy: .never)
    }
}

/// The board's shell driven round by round on an in-memory terminal (`MemoryTerminal`), with an
/// injected clock: the first frame, keys and their effects, a resize, a live text's tick, a
/// config edit, quitting. The tmux tests keep what only a real terminal shows.
@Suite(.serialized) struct DashboardShellTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-shell-\(UUID().uuidString)")
    let counter = ShellCountingProvider()

    var directories: TilesDirectories {
        TilesDirectories(
            config: root.appendingPathComponent("config"), cache: root.appendingPathComponent("cache"),
            state: root.appendingPathComponent("state"), data: root.appendingPathComponent("data"))
    }

    /// "calls N", and a clock counting seconds from the entry's date (a live text).
    var widgets: [WidgetDescriptor] {
        [
            StaticConfiguration(kind: "counter", provider: counter) { entry in
                VStack {
                    Text("calls \(entry.count)")
                    Text(entry.date, style: .timer)
                }
            }._descriptors[0],
        ]
    }

    func session(
        terminal: MemoryTerminal, clock: ManualClock, tiles: [String] = ["a", "b"],
        configure: (inout DashboardOptions) -> Void = { _ in }
    ) throws -> DashboardSession {
        var options = DashboardOptions(
            widgets: widgets, tiles: tiles.map { TileSpec(id: $0, kind: "counter", family: .systemSmall) },
            scheme: .light, directories: directories, environment: [:], clock: clock, timeZone: .utc)
        configure(&options)
        let setup = try DashboardSetup(options: options, saved: PersistedState(), catalog: ThemeCatalog(directories: directories))
        let loop = try EventLoop(input: terminal)
        return DashboardSession(
            options: options, setup: setup, terminal: terminal, loop: loop, stateFile: PersistedState.file(in: directories.state))
    }

    /// Runs rounds until `condition` holds, for at most `seconds`: providers answer on their own
    /// threads, so each round gives them 10 ms, then wakes the loop.
    func step(_ session: DashboardSession, seconds: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline {
            usleep(10_000)
            session.waker.wakeUp()
            guard session.step() else { return condition() }
        }
        return condition()
    }

    @Test func theFirstFrameIsDrawnInFullThenOnlyWhatChanges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = MemoryTerminal(width: 100, height: 30)
        let clock = ManualClock(start)
        let session = try session(terminal: terminal, clock: clock)
        session.start()
        #expect(terminal.draws.first?.partial == false)
        #expect(terminal.screen?.width == 100 && terminal.screen?.height == 30)
        #expect(step(session) { terminal.text.contains("calls 1") && terminal.text.contains("calls 2") }, "\(terminal.text)")
        // A round with nothing new draws nothing in full.
        let drawn = terminal.draws.count
        session.waker.wakeUp()
        #expect(session.step())
        let partial = terminal.draws.dropFirst(drawn).allSatisfy { $0.partial }
        #expect(partial)
    }

    @Test func aKeysEffectReachesTheSchedulerAndItsResultTheScreen() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = MemoryTerminal(width: 100, height: 30)
        let session = try session(terminal: terminal, clock: ManualClock(start))
        session.start()
        #expect(step(session) { counter.count == 2 && terminal.text.contains("calls 2") })
        // `r` with no tile focused reloads every tile: two more calls, drawn.
        terminal.type("r")
        #expect(step(session) { counter.count == 4 && terminal.text.contains("calls 4") }, "\(terminal.text)")
        #expect(terminal.text.contains("reloading every tile"))
        // `m`: every tile medium.
        terminal.type("m")
        #expect(step(session) { session.currentState.tiles.allSatisfy { $0.family == .systemMedium } })
    }

    @Test func aResizeRedrawsTheWholeBoardAtTheNewSize() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = MemoryTerminal(width: 100, height: 30)
        let session = try session(terminal: terminal, clock: ManualClock(start))
        session.start()
        terminal.send([.resize(width: 60, height: 20)])
        #expect(step(session) { terminal.screen?.width == 60 && terminal.screen?.height == 20 })
        #expect(terminal.draws.last?.partial == false)
        #expect(session.currentState.screen == Size(width: 60, height: 20))
    }

    @Test func aLiveTextsTickRedrawsOnlyItsCells() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = MemoryTerminal(width: 100, height: 30)
        let clock = ManualClock(start)
        let session = try session(terminal: terminal, clock: clock, tiles: ["a"])
        session.start()
        #expect(step(session) { terminal.text.contains("calls 1") && terminal.text.contains("0:00") }, "\(terminal.text)")
        clock.set(to: start.addingTimeInterval(61))
        let drawn = terminal.draws.count
        #expect(step(session) { terminal.text.contains("1:01") }, "\(terminal.text)")
        let ticks = terminal.draws.dropFirst(drawn)
        let allPartial = ticks.allSatisfy { $0.partial }
        #expect(!ticks.isEmpty && allPartial, "a tick is a partial frame")
        #expect(ticks.map(\.cells).max() ?? 0 < 100 * 30 / 4, "a tick covers a few cells, not the board")
        #expect(counter.count == 1, "a tick asks no provider")
    }

    @Test func anEditedConfigAddsATileAndABrokenOneKeepsTheBoardAndSaysWhy() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("config/tiles/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "first".write(to: file, atomically: true, encoding: .utf8)
        let terminal = MemoryTerminal(width: 100, height: 30)
        let session = try session(terminal: terminal, clock: ManualClock(start)) { options in
            options.configFile = file
            let known = options.widgets
            options.reloadConfig = {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                if text.contains("broken") { throw ShellTestFailure("config.toml:1:1: broken on purpose") }
                let ids = text.contains("three") ? ["a", "b", "c"] : ["a", "b"]
                return BoardConfiguration(
                    tiles: ids.map { TileSpec(id: $0, kind: "counter", family: .systemSmall) }, scheme: .light, themeName: nil,
                    widgets: known)
            }
        }
        session.start()
        #expect(step(session) { terminal.text.components(separatedBy: "calls").count == 3 })
        try "three tiles".write(to: file, atomically: true, encoding: .utf8)
        #expect(step(session) { session.currentState.tiles.count == 3 && terminal.text.components(separatedBy: "calls").count == 4 },
                "\(terminal.text)")
        try "broken".write(to: file, atomically: true, encoding: .utf8)
        #expect(step(session) { terminal.text.contains("config not applied: config.toml:1:1: broken on purpose") }, "\(terminal.text)")
        #expect(session.currentState.tiles.count == 3, "a broken file changes nothing")
    }

    @Test func aSlowReloadRunsOffTheBoardsThreadWhileKeysStillWork() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("config/tiles/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "two".write(to: file, atomically: true, encoding: .utf8)
        let terminal = MemoryTerminal(width: 100, height: 30)
        // A reload as slow as a `describe` program that takes its time; the gate lets it finish.
        let reading = Mutex(false)
        let gate = Mutex(false)
        let session = try session(terminal: terminal, clock: ManualClock(start)) { options in
            options.configFile = file
            let known = options.widgets
            options.reloadConfig = {
                reading.withLock { $0 = true }
                let deadline = Date().addingTimeInterval(10)
                while !gate.withLock({ $0 }), Date() < deadline { usleep(5_000) }
                return BoardConfiguration(
                    tiles: ["a", "b", "c"].map { TileSpec(id: $0, kind: "counter", family: .systemSmall) }, scheme: nil, themeName: nil,
                    widgets: known)
            }
        }
        session.start()
        try "three".write(to: file, atomically: true, encoding: .utf8)
        #expect(step(session) { reading.withLock { $0 } }, "the reload started")
        terminal.type("t")
        #expect(step(session) { session.currentState.scheme == .dark }, "a key is answered while the file is read")
        #expect(session.currentState.tiles.count == 2)
        gate.withLock { $0 = true }
        #expect(step(session) { session.currentState.tiles.count == 3 }, "then the reload applies")
    }

    @Test func quittingSavesTheFamiliesChosenWithKeys() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = MemoryTerminal(width: 100, height: 30)
        let session = try session(terminal: terminal, clock: ManualClock(start))
        session.start()
        // The tiles start small: `m` is a change the saved state must show.
        #expect(session.currentState.tiles.allSatisfy { $0.family == .systemSmall })
        terminal.type("m")
        #expect(step(session) { session.currentState.tiles.allSatisfy { $0.family == .systemMedium } })
        terminal.type("q")
        var rounds = 0
        while session.step() && rounds < 10 { rounds += 1 }
        #expect(rounds < 10, "q ends the loop")
        let saved = PersistedState.load(from: PersistedState.file(in: directories.state), log: { _ in })
        #expect(saved.family(of: "a", supported: WidgetFamily.systemFamilies) == .systemMedium, "\(saved)")
    }
}

private struct ShellTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
