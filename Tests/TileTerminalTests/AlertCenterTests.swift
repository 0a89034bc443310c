import Foundation
import TileKit
@testable import TileTerminal
import Testing

/// Alerts are given once across boards, at most six a minute (the rest summed up), with text
/// that can never act on the terminal.
struct AlertCenterTests {
    /// A folder for the leases of the boards of one user, removed with the value.
    final class Leases {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-alerts-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// What a center wrote to its terminal.
    final class Written: @unchecked Sendable {
        var text = ""
    }

    static func center(_ leases: Leases, _ written: Written, terminal: Bool = true) -> AlertCenter {
        AlertCenter(settings: NotificationSettings(terminal: terminal), leases: leases.folder, environment: [:], log: { _ in }) { written.text += $0 }
    }

    static func candidate(_ number: Int, sound: Bool = true) -> AlertCenter.Candidate {
        let alert = WidgetAlert(title: "build \(number)", body: "finished", sound: sound)
        let key = AlertCenter.key(kind: "ci", parameters: ["branch": .string("main")], entryDate: Date(timeIntervalSince1970: Double(number)), alert: alert)
        return AlertCenter.Candidate(key: key, alert: alert, tileID: "ci")
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anAlertIsGivenOnceAcrossTwoBoards() {
        let leases = Leases()
        let first = Written(), second = Written()
        let a = Self.center(leases, first), b = Self.center(leases, second)
        #expect(a.give([Self.candidate(1)], now: Self.now) == ["ci"])
        #expect(b.give([Self.candidate(1)], now: Self.now) == [])
        #expect(a.give([Self.candidate(1)], now: Self.now.addingTimeInterval(5)) == [], "and once on its own board")
        #expect(first.text == "\u{07}\u{1B}]9;build 1: finished\u{1B}\\\u{1B}]777;notify;build 1;finished\u{1B}\\")
        #expect(second.text.isEmpty)
    }

    @Test func aStormIsLimitedToSixAMinuteAndTheRestSummedUp() {
        let leases = Leases()
        let written = Written()
        let center = Self.center(leases, written, terminal: false)
        let given = center.give((1...100).map { Self.candidate($0) }, now: Self.now)
        #expect(given.count == 6)
        #expect(written.text.filter { $0 == "\u{07}" }.count == 6)
        #expect(center.nextDate == Self.now.addingTimeInterval(60))
        center.giveSummary(now: Self.now.addingTimeInterval(30))
        #expect(written.text.count == 6, "nothing before the minute is over")
        center.giveSummary(now: Self.now.addingTimeInterval(60))
        #expect(center.nextDate == nil)
        // The summary carries no sound of its own: only the six bells rang.
        #expect(written.text.filter { $0 == "\u{07}" }.count == 6)
    }

    @Test func theSummaryNamesHowManyWereHeld() {
        let leases = Leases()
        let written = Written()
        let center = Self.center(leases, written)
        _ = center.give((1...9).map { Self.candidate($0, sound: false) }, now: Self.now)
        center.giveSummary(now: Self.now.addingTimeInterval(61))
        #expect(written.text.hasSuffix("\u{1B}]9;tiles: 3 more alerts on your board\u{1B}\\\u{1B}]777;notify;tiles;3 more alerts on your board\u{1B}\\"))
    }

    @Test func noAlertTextActsOnTheTerminal() {
        let alert = WidgetAlert(title: "evil\u{1B}]52;c;aGk=\u{07}\u{9B}2J", body: "line\none\u{1B}[31m;x", sound: false)
        #expect(alert.title == "evil]52;c;aGk=2J")
        #expect(alert.body == "line one[31m;x")
        let sequence = AlertCenter.notifications(alert)
        let scalars = sequence.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        // Only the two introducers and the two terminators: ESC ] … ESC \ twice.
        #expect(scalars.map(\.value) == [0x1B, 0x1B, 0x1B, 0x1B])
        #expect(sequence.contains("777;notify;evil]52,c,aGk=2J;line one[31m,x"), "no ; splits 777's fields")
        #expect(WidgetAlert(title: String(repeating: "长", count: 500)).title.count == WidgetAlert.titleLimit)
    }

    @Test func theTerminalsKnownToShowNotificationsAreDetected() {
        #expect(NotificationSettings().terminalNotifications(["TERM": "xterm-kitty"]))
        #expect(NotificationSettings().terminalNotifications(["TERM_PROGRAM": "WezTerm"]))
        #expect(NotificationSettings().terminalNotifications(["TERM": "foot"]))
        #expect(NotificationSettings().terminalNotifications(["WT_SESSION": "x"]))
        #expect(!NotificationSettings().terminalNotifications(["TERM": "xterm-256color"]))
        #expect(!NotificationSettings(terminal: false).terminalNotifications(["TERM": "xterm-kitty"]))
        #expect(NotificationSettings(terminal: true).terminalNotifications(["TERM": "tmux-256color"]))
    }
}
