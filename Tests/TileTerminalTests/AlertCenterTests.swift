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

    static func center(_ leases: Leases, _ written: Written, terminal: Bool = true, history: AlertHistory? = nil) -> AlertCenter {
        AlertCenter(settings: NotificationSettings(terminal: terminal), leases: leases.folder, history: history, environment: [:], log: { _ in }) {
            written.text += $0
        }
    }

    static func candidate(_ number: Int, sound: Bool = true) -> PendingAlert {
        let alert = WidgetAlert(title: "build \(number)", body: "finished", sound: sound)
        let date = Date(timeIntervalSince1970: Double(number))
        let key = AlertCenter.key(kind: "ci", parameters: ["branch": .string("main")], entryDate: date, alert: alert)
        return PendingAlert(key: key, alert: alert, widget: "CI", tileID: "ci", date: date)
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

    @Test func everyAlertGivenIsRecordedOnceInTheHistoryTheHeldOnesToo() throws {
        let leases = Leases()
        let history = AlertHistory(directory: leases.folder.appending(path: "state"))
        let a = Self.center(leases, Written(), terminal: false, history: history)
        let b = Self.center(leases, Written(), terminal: false, history: history)
        _ = a.give((1...10).map { Self.candidate($0) }, now: Self.now)
        _ = b.give((1...10).map { Self.candidate($0) }, now: Self.now)
        let contents = try history.read()
        #expect(contents.alerts.map(\.title) == (1...10).map { "build \($0)" }, "ten given, six notified, each recorded once")
        #expect(contents.alerts.allSatisfy { $0.widget == "CI" && $0.tileID == "ci" && $0.body == "finished" && $0.date == Self.now })
        #expect(contents.unreadCount == 10)
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
        // Whole escape sequences go, not only their introducers.
        #expect(alert.title == "evil")
        #expect(alert.body == "line one;x")
        let sequence = AlertCenter.notifications(alert)
        let scalars = sequence.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        // Only the two introducers and the two terminators: ESC ] … ESC \ twice.
        #expect(scalars.map(\.value) == [0x1B, 0x1B, 0x1B, 0x1B])
        #expect(sequence.contains("777;notify;evil;line one,x"), "no ; splits 777's fields")
        #expect(WidgetAlert(title: String(repeating: "长", count: 500)).title.count == WidgetAlert.titleLimit)
    }

    /// Issue 48, item 3: OSC 9 sub-commands, bidi controls, a placeholder inside a title.
    @Test func noTitleStartsAnOSC9SubCommandOrReordersTheLine() {
        let alert = WidgetAlert(title: "7;calc.exe", body: "\u{202E}gnp.exe")
        #expect(alert.body == "gnp.exe", "bidi controls are dropped")
        let sequence = AlertCenter.notifications(alert)
        #expect(sequence.hasPrefix("\u{1B}]9;tiles: 7;calc.exe: gnp.exe\u{1B}\\"), "\(sequence.debugDescription)")
        #expect(!sequence.contains("]9;7;") && !sequence.contains("]9;4;"))
        #expect(AlertCenter.notifications(WidgetAlert(title: "build")).hasPrefix("\u{1B}]9;build\u{1B}\\"), "other titles as they are")
    }

    @Test func placeholdersAreReplacedOnce() {
        let alert = WidgetAlert(title: "a {body} b", body: "{title}!")
        #expect(AlertCenter.substitute("--title={title} --text={body}", alert) == "--title=a {body} b --text={title}!")
    }

    /// Issue 48, item 3: a storm whose alerts came a little apart frees one slot at a time; each
    /// freed slot gave a "1 more alert" summary. Now: one summary a window, and real alerts again
    /// once the storm is over.
    @Test func aLongStormGivesOneSummaryAMinuteAndRealAlertsAfter() {
        let leases = Leases()
        let written = Written()
        let center = Self.center(leases, written)
        for number in 1...6 {
            _ = center.give([Self.candidate(number, sound: false)], now: Self.now.addingTimeInterval(Double(number) / 20))
        }
        _ = center.give((7...1000).map { Self.candidate($0, sound: false) }, now: Self.now.addingTimeInterval(0.5))
        // As each of the six slots frees, a second apart by 0.05 s, the storm brings one more.
        for (step, number) in (1001...1006).enumerated() {
            let now = Self.now.addingTimeInterval(60 + Double(step + 1) / 20 + 0.001)
            center.giveSummary(now: now)
            _ = center.give([Self.candidate(number, sound: false)], now: now.addingTimeInterval(0.01))
        }
        let summaries = written.text.components(separatedBy: "]9;tiles: ").count - 1
        #expect(summaries == 1, "one summary in the minute, not one a freed slot: \(written.text.debugDescription)")
        #expect(center.nextDate == Self.now.addingTimeInterval(120.051), "the next summary a minute after this one")
        #expect(written.text.contains("]9;tiles: 994 more alerts on your board"))
        // The storm is over: once a minute has passed, a new alert is given as it comes.
        let later = Self.now.addingTimeInterval(200)
        #expect(center.give([Self.candidate(2000, sound: false)], now: later) == ["ci"])
        #expect(written.text.hasSuffix("]9;build 2000: finished\u{1B}\\\u{1B}]777;notify;build 2000;finished\u{1B}\\") || written.text.contains("]9;build 2000: finished"))
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
