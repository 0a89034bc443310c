import ArgumentParser
import FoundationEssentials
import TileKit
import TileBase

/// `tiles alerts`: the alerts the user's boards gave, the newest first (docs/usage.md, "Alerts").
struct AlertsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: L("help.alerts.abstract"),
        discussion: L("help.alerts.discussion", ["limit": "\(AlertHistory.limit)"])
    )

    @Option(help: ArgumentHelp(L("help.alerts.limit")))
    var limit = 20

    @Flag(help: ArgumentHelp(L("help.alerts.unread")))
    var unread = false

    @Flag(help: ArgumentHelp(L("help.alerts.markRead")))
    var markRead = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let environment = ProcessEnvironment.current()
        let history = AlertHistory(directory: TilesDirectories(environment: environment).state)
        let contents: AlertHistory.Contents
        do {
            contents = try history.read()
        } catch {
            throw CommandFailure(message: "\(error)")
        }
        let zone = SystemTimeZone.current(environment: environment)
        let listed = contents.alerts.reversed().filter { !unread || contents.isUnread($0) }.prefix(limit)
        if listed.isEmpty { Console.print(unread ? "no unread alerts" : "no alerts yet") }
        for record in listed { Console.print(Self.line(record, unread: contents.isUnread(record), zone: zone)) }
        if markRead, let newest = contents.alerts.last {
            do {
                try history.markRead(until: newest.date)
            } catch {
                throw CommandFailure(message: "\(error)")
            }
        }
    }

    /// `● 2026-11-28 18:40  Commit  build failed: main is red`.
    static func line(_ record: AlertHistory.Record, unread: Bool, zone: Zone) -> String {
        let time = zone.localTime(for: record.date)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let when = "\(time.year)-\(two(time.month))-\(two(time.day)) \(two(time.hour)):\(two(time.minute))"
        let text = record.body.isEmpty ? record.title : "\(record.title): \(record.body)"
        return "\(unread ? "●" : " ") \(when)  \(record.widget)  \(text)"
    }
}
