import Foundation
import Testing
import TestSupport
import TileKit

/// Live activities' parts: progress read from a line, the last line read from output bytes, how
/// an activity ends on its own, and the store that keeps them.
@Suite struct LiveActivityTests {
    @Test(arguments: [
        ("42%", "42%", 0.42),
        ("copying 12.5% done", "12.5%", 0.125),
        ("[3/7] compiling", "3/7", 3.0 / 7),
        ("step 3/7 then 50%", "50%", 0.5),
        ("100%", "100%", 1.0),
        ("0/4 started", "0/4", 0.0),
    ])
    func progressIsReadFromALine(line: String, text: String, fraction: Double) {
        let progress = ActivityProgress.find(in: line)
        #expect(progress?.text == text)
        #expect(abs((progress?.fraction ?? -1) - fraction) < 1e-9)
    }

    @Test(arguments: ["2026/11/28", "a/3 b", "150%", "8/3", "0/0", "x42%", "42 %", "v1.2/3", "file 1/2.txt", "no progress here"])
    func textThatIsNotProgressIsNotTakenForIt(line: String) {
        #expect(ActivityProgress.find(in: line) == nil)
    }

    @Test func theCommandLineTakesExactlyOneProgress() {
        #expect(ActivityProgress(argument: "42%")?.fraction == 0.42)
        #expect(ActivityProgress(argument: "3/7")?.text == "3/7")
        for text in ["half", "42", " 42%", "3/7 ", "1/2 3/4"] { #expect(ActivityProgress(argument: text) == nil, "\(text)") }
    }

    @Test func theLastLineSkipsEscapesAndFollowsCarriageReturns() {
        func last(_ chunks: [String]) -> String {
            var tracker = OutputLineTracker()
            for chunk in chunks { tracker.take(Array(chunk.utf8)) }
            return tracker.lastLine
        }
        #expect(last(["a\nb\n"]) == "b")
        #expect(last(["a\nb"]) == "b", "a line still being written")
        #expect(last(["\r10%\r20%"]) == "20%", "a progress bar redrawn in place")
        #expect(last(["line\n\n  \n"]) == "line", "blank lines do not replace it")
        #expect(last(["\u{1B}[31mred\u{1B}[0m"]) == "red")
        #expect(last(["\u{1B}]0;window title\u{07}text"]) == "text")
        #expect(last(["\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\"]) == "link")
        #expect(last(["\u{1B}[3", "1mx"]) == "x", "a sequence split across reads")
        #expect(last(["红 3/7\n"]) == "红 3/7")
        #expect(last(["\u{9B}2Jclear"]) == "clear", "a C1 control sequence")
        #expect(last(["\u{9D}0;title\u{07}text"]) == "text", "a C1 string")
        // Their UTF-8 holds the bytes 0x9B, 0x9D and 0x90, which are not C1 controls there.
        #expect(last(["“quoted” ‛x‐y 坛"]) == "“quoted” ‛x‐y 坛")
        #expect(last(["“quo", "ted”"]) == "“quoted”", "a character split across reads")
    }

    @Test func anActivityEndsWhenItsCommandVanishesOrAfterEightHoursWithoutNews() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var activity = LiveActivity(id: "deploy-1", title: "deploy", startedAt: start, owner: 4242)
        activity.report(line: "50% uploaded", at: start.addingTimeInterval(5))
        #expect(activity.progress?.text == "50%")

        let alive = activity.shown(at: start.addingTimeInterval(10)) { _ in true }
        #expect(alive?.end == nil)
        let vanished = activity.shown(at: start.addingTimeInterval(10)) { _ in false }
        #expect(vanished?.end == LiveActivity.Ending(at: start.addingTimeInterval(5), note: "its command vanished"))
        #expect(activity.shown(at: start.addingTimeInterval(5 + LiveActivity.linger)) { _ in false } == nil, "gone after the linger")

        let script = LiveActivity(id: "import", title: "import", startedAt: start)
        #expect(script.shown(at: start.addingTimeInterval(LiveActivity.staleAfter - 1)) { _ in false }?.end == nil)
        let stale = script.shown(at: start.addingTimeInterval(LiveActivity.staleAfter + 1)) { _ in false }
        #expect(stale?.end?.summary == "no news for 8 hours")
    }

    /// Issue 48, item 10: one letter with 30,000 combining marks is one character, and made a
    /// 120 KB activity file; bounds hold in scalars and bytes too.
    @Test func aCharacterWithThousandsOfMarksIsBoundedInBytes() {
        let heavy = "a" + String(repeating: "\u{0301}", count: 30_000)
        var activity = LiveActivity(id: "heavy", title: heavy + "b", startedAt: Date(timeIntervalSince1970: 0))
        activity.report(line: String(repeating: heavy, count: 3), at: Date(timeIntervalSince1970: 1))
        #expect(activity.title.unicodeScalars.count == WidgetAlert.scalarsPerCharacter + 1)
        #expect(activity.title.hasSuffix("b"), "the next character stays")
        #expect(activity.line.utf8.count <= LiveActivity.lineLimit * 4 * WidgetAlert.scalarsPerCharacter)
        #expect(activity.line.count == 3)
        let emoji = "👩🏽‍💻👨‍👩‍👧‍👦"
        #expect(WidgetAlert.clean(emoji, limit: 10) == emoji, "emoji sequences stay whole")
    }

    @Test func anEndSaysHowItEndedAndAlertsWithItsLastLine() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var activity = LiveActivity(id: "build", title: "build\u{1B}[2J", startedAt: start)
        #expect(activity.title == "build", "no escape reaches a board or a notification, not even in part")
        activity.report(line: "error: \u{07}linker failed\n", at: start.addingTimeInterval(65))
        #expect(activity.line == "error: linker failed")
        activity.end = LiveActivity.Ending(at: start.addingTimeInterval(65), status: 2)
        #expect(activity.endAlert == WidgetAlert(title: "build failed (exit 2)", body: "1:05 · error: linker failed", sound: true))
        activity.end = LiveActivity.Ending(at: start.addingTimeInterval(3725), signal: 2)
        #expect(activity.endAlert?.title == "build interrupted")
        #expect(activity.endAlert?.body.hasPrefix("1:02:05") == true)
        activity.end = LiveActivity.Ending(at: start, status: 0)
        #expect(activity.endAlert?.title == "build finished")
    }

    @Test func idsAreSafeFileNames() {
        #expect(LiveActivity.makeID(title: "Make deploy (prod)!", number: 42) == "make-deploy-prod-42")
        #expect(LiveActivity.makeID(title: "日历", number: 7) == "activity-7")
        for id in ["deploy-1", "a.b_c"] { #expect(LiveActivity.isValidID(id)) }
        for id in ["", ".hidden", "../x", "a/b", "a b", String(repeating: "x", count: 65)] { #expect(!LiveActivity.isValidID(id), "\(id)") }
    }

    @Test func dismissingRemovesTheEndedAndKeepsTheRunning() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-activities-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = ActivityStore(runtimeDirectory: root, log: { _ in })
        let now = Date()
        var done = LiveActivity(id: "done", title: "deploy", startedAt: now.addingTimeInterval(-60))
        done.end = LiveActivity.Ending(at: now.addingTimeInterval(-5), status: 0)
        try store.save(done)
        try store.save(LiveActivity(id: "running", title: "build", startedAt: now.addingTimeInterval(-10)))
        #expect(store.removeEnded(at: now) == ["done"])
        #expect(store.all().map(\.id) == ["running"])
    }

    @Test func theStoreKeepsOneFileEachAndForgetsWhatNoBoardShows() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-activities-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logged = LogLines()
        let store = ActivityStore(runtimeDirectory: root, log: logged.append)
        let now = Date()
        var old = LiveActivity(id: "old", title: "old", startedAt: now.addingTimeInterval(-1000))
        old.end = LiveActivity.Ending(at: now.addingTimeInterval(-LiveActivity.linger - 1), status: 0)
        try store.save(old)
        try store.save(LiveActivity(id: "first", title: "first", startedAt: now.addingTimeInterval(-10)))
        try store.save(LiveActivity(id: "second", title: "second", startedAt: now))
        #expect(store.all().map(\.id) == ["second", "first", "old"], "the latest started first")
        #expect(store.activity("../store") == nil)

        try "{not json".write(to: root.appendingPathComponent("activities/broken.json"), atomically: true, encoding: .utf8)
        #expect(store.all().count == 3)
        #expect(logged.lines.contains { $0.hasPrefix("activities: ignoring ") && $0.contains("broken.json") })

        store.removeGone(at: now)
        #expect(store.all().map(\.id) == ["second", "first"])
        #expect(ActivityStore.isAlive(getpid()))
    }
}

extension LiveActivityTests {
    @Test func concurrentUpdatesLoseNoChange() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-activities-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = ActivityStore(runtimeDirectory: root, log: { _ in })
        try store.save(LiveActivity(id: "import", title: "", startedAt: Date()))
        // Each writer adds its letter to the line; without the lock, read-modify-writes overlap.
        await withTaskGroup(of: Void.self) { group in
            for letter in "abcdefghijklmnopqrst" {
                group.addTask { _ = try? store.update("import") { $0.line += String(letter) } }
            }
        }
        #expect(store.activity("import")?.line.count == 20)
        #expect(try store.update("missing") { _ in } == nil, "nothing written for a missing activity")
        #expect(store.activity("missing") == nil)
    }
}

/// Lines a log received.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []
    var lines: [String] { lock.withLock { received } }
    var append: @Sendable (String) -> Void { { line in self.lock.withLock { self.received.append(line) } } }

    /// How an activity ended, in the board's language: the banner and the alert say it in Chinese.
    @Test(.language(.simplifiedChinese)) func anEndIsSaidInTheLanguageInUse() {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(LiveActivity.Ending(at: at, status: 0).summary == "完成")
        #expect(LiveActivity.Ending(at: at, status: 2).summary == "退出码 2")
        #expect(LiveActivity.Ending(at: at, signal: 2).summary == "已中断")
        #expect(LiveActivity.Ending(at: at, signal: 6).summary == "被信号 6 杀死")
        #expect(LiveActivity.Ending(at: at, status: 0).summary != LiveActivity.Ending(at: at, status: 1).summary)
    }
}
