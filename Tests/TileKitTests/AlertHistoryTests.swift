import Foundation
import Testing
import TileKit

/// The alert history: bounded, read marks that only move forward, hostile text cleaned, and a
/// file that cannot be read back never written over.
@Suite struct AlertHistoryTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-alert-history-\(UUID().uuidString)")

    static func record(_ number: Int, title: String? = nil) -> AlertHistory.Record {
        AlertHistory.Record(
            date: Date(timeIntervalSince1970: 1_800_000_000 + Double(number)), widget: "CI", tileID: "ci",
            title: title ?? "build \(number)", body: "finished")
    }

    @Test func keepsTheLatestTwoHundredOldestFirst() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = AlertHistory(directory: directory)
        #expect(try history.read() == AlertHistory.Contents(), "no file, no alerts")
        try history.append((1...150).map { Self.record($0) })
        try history.append((151...250).map { Self.record($0) })
        let alerts = try AlertHistory(directory: directory).read().alerts
        #expect(alerts.count == AlertHistory.limit)
        #expect(alerts.first?.title == "build 51")
        #expect(alerts.last?.title == "build 250")
        #expect(alerts.last?.date == Self.record(250).date, "dates come back to the second")
    }

    @Test func readMarksMoveOnlyForward() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = AlertHistory(directory: directory)
        try history.append((1...4).map { Self.record($0) })
        try history.markRead(until: Self.record(2).date)
        var contents = try history.read()
        #expect(contents.unreadCount == 2)
        #expect(!contents.isUnread(contents.alerts[1]) && contents.isUnread(contents.alerts[2]))
        try history.markRead(until: Self.record(1).date)
        contents = try history.read()
        #expect(contents.unreadCount == 2, "an older mark (a slower board) does not unread alerts")
    }

    @Test func hostileTextIsCleanedOnTheWayInAndOut() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = AlertHistory(directory: directory)
        try history.append([Self.record(1, title: "a\u{1B}]52;c;cm0gLXJm\u{07}b\u{202E}c")])
        #expect(try history.read().alerts[0].title == "abc")
        // A file edited by hand with an escape in it: it reaches no terminal as one.
        let file = directory.appending(path: "alerts.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"CI\"", with: "\"C\\u001b[2JI\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        #expect(try history.read().alerts[0].widget == "CI")
    }

    @Test func aFileThatCannotBeReadBackIsNotWrittenOver() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "alerts.json")
        try Data("{ not json".utf8).write(to: file)
        let history = AlertHistory(directory: directory)
        #expect(throws: AlertHistoryError.self) { try history.read() }
        #expect(throws: AlertHistoryError.self) { try history.append([Self.record(1)]) }
        #expect(try Data(contentsOf: file) == Data("{ not json".utf8), "the user's file is as it was")

        // A FIFO in its place is refused at once, not waited on.
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(throws: AlertHistoryError.self) { try history.read() }
    }
}
