import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Tells the user about the alerts of entries that became current (docs/extensions.md,
/// "Alerts"): the terminal's bell, a desktop notification through the terminal (OSC 9 and
/// OSC 777), and a command of the user's; once per entry across all their boards, and at most
/// `limit` a minute, the rest summed up in one. The board that gives an alert records it in the
/// history (`AlertHistory`), also when the limit holds its notification back.
final class AlertCenter {
    /// At most this many alerts a minute.
    static let limit = 6
    static let window: TimeInterval = 60
    /// An entry that became current longer ago than this is not news any more.
    static let maximumAge: TimeInterval = 3600

    private let settings: NotificationSettings
    private let leases: URL?
    private let history: AlertHistory?
    private let write: (String) -> Void
    private let environment: [String: String]
    private let log: @Sendable (String) -> Void
    /// When this board gave each alert of the last minute.
    private var given: [Date] = []
    /// Alerts held back by the limit since the last summary.
    private var held = 0
    /// When the last summary was given: one a window at most, however long a storm lasts.
    private var lastSummary: Date?
    /// Keys this board has settled (given here, or by another board).
    private var settled: Set<String> = []

    /// Alerts written with `write` (to the terminal), the once-only leases under `leases`, each
    /// alert given recorded in `history`.
    init(
        settings: NotificationSettings, leases: URL?, history: AlertHistory? = nil, environment: [String: String],
        log: @escaping @Sendable (String) -> Void, write: @escaping (String) -> Void
    ) {
        self.settings = settings
        self.leases = leases
        self.history = history
        self.environment = environment
        self.log = log
        self.write = write
        if let leases { Self.forgetOldLeases(in: leases) }
    }

    /// The key of an alert: the widget, its parameters, and the entry's date and the alert's
    /// text (or a trigger's rise), so that every board of the user names it alike.
    static func key(kind: String, parameters: [String: ParameterValue], entryDate: Date, alert: WidgetAlert) -> String {
        let parameterText = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "\u{1F}")
        // A trigger's alert is one per rise of its condition, however its text changes.
        let occasion = alert.rise.map { ["rise", $0] } ?? [String(entryDate.timeIntervalSince1970), alert.title, alert.body]
        let text = ([kind, parameterText] + occasion).joined(separator: "\u{1E}")
        return StableHash.hex(text) + StableHash.hex(String(text.reversed()))
    }

    /// The key of a live activity's end: its id and when it ended.
    static func key(activity id: String, endedAt: Date) -> String {
        "activity-" + StableHash.hex("\(id)\u{1E}\(endedAt.timeIntervalSince1970)")
    }

    /// Gives those of `candidates` that no board gave yet; returns the tiles they are on.
    func give(_ candidates: [PendingAlert], now: Date) -> [String] {
        var alerted: [String] = []
        var records: [AlertHistory.Record] = []
        defer { record(records) }
        for candidate in candidates where !settled.contains(candidate.key) {
            settled.insert(candidate.key)
            guard takeLease(candidate.key) else { continue }
            records.append(AlertHistory.Record(
                date: now, widget: candidate.widget, tileID: candidate.tileID, title: candidate.alert.title, body: candidate.alert.body))
            given.removeAll { now.timeIntervalSince($0) >= Self.window }
            guard given.count < Self.limit else {
                held += 1
                continue
            }
            given.append(now)
            deliver(candidate.alert)
            if let tileID = candidate.tileID { alerted.append(tileID) }
        }
        giveSummary(now: now)
        return alerted
    }

    /// When the summary of held alerts can be given; nil when none are held.
    var nextDate: Date? {
        guard held > 0 else { return nil }
        let dates = [given.first, lastSummary].compactMap { $0?.addingTimeInterval(Self.window) }
        return dates.max()
    }

    /// Gives one alert for those held back, once the limit allows it and no summary was given
    /// in the last window.
    func giveSummary(now: Date) {
        given.removeAll { now.timeIntervalSince($0) >= Self.window }
        guard held > 0, given.count < Self.limit, lastSummary.map({ now.timeIntervalSince($0) >= Self.window }) ?? true else { return }
        given.append(now)
        lastSummary = now
        deliver(WidgetAlert(title: "tiles", body: "\(held) more alert\(held == 1 ? "" : "s") on your board"))
        held = 0
    }

    // MARK: Delivery

    private func record(_ records: [AlertHistory.Record]) {
        guard let history, !records.isEmpty else { return }
        do {
            try history.append(records)
        } catch {
            log("alert: not recorded in the history: \(error)")
        }
    }

    private func deliver(_ alert: WidgetAlert) {
        log("alert: \(alert.title)")
        var sequence = alert.sound ? "\u{07}" : ""
        if settings.terminalNotifications(environment) { sequence += Self.notifications(alert) }
        if !sequence.isEmpty { write(sequence) }
        if let command = settings.command { run(command, alert) }
    }

    /// OSC 9 (iTerm2, kitty, WezTerm, Windows Terminal) and OSC 777 (foot, WezTerm), ended with
    /// ST; the text holds no control characters (`WidgetAlert`), and 777's fields no `;`. A text
    /// that starts with a digit is prefixed with `tiles: `: `ESC ] 9 ; 4 ;` would be a
    /// sub-command (ConEmu runs a program on 9;7, Windows Terminal sets progress on 9;4).
    static func notifications(_ alert: WidgetAlert) -> String {
        var text = alert.body.isEmpty ? alert.title : "\(alert.title): \(alert.body)"
        if text.unicodeScalars.first.map({ ("0"..."9").contains($0) }) ?? false { text = "tiles: " + text }
        let field = { (text: String) in text.replacing(";", with: ",") }
        return "\u{1B}]9;\(text)\u{1B}\\" + "\u{1B}]777;notify;\(field(alert.title));\(field(alert.body))\u{1B}\\"
    }

    /// `argument` with `{title}` and `{body}` replaced once: a title holding `{body}` stays as
    /// it is written.
    static func substitute(_ argument: String, _ alert: WidgetAlert) -> String {
        argument.split(separator: "{title}", omittingEmptySubsequences: false)
            .map { $0.replacing("{body}", with: alert.body) }
            .joined(separator: alert.title)
    }

    /// Runs the user's command with `{title}` and `{body}` put in its arguments, detached.
    private func run(_ command: [String], _ alert: WidgetAlert) {
        let arguments = command.map { Self.substitute($0, alert) }
        guard let name = arguments.first else { return }
        let program = name.hasPrefix("/") ? name : LinkOpener.executable(named: name, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
        guard let program else {
            log("alert: notification command '\(name)' not found on PATH")
            return
        }
        let log = self.log
        if case .failure(let error) = DetachedProcess.spawn([program] + arguments.dropFirst(), environment: environment, onExit: { status in
            if status != 0 { log("alert: \(name) exited with status \(status)") }
        }) {
            log("alert: cannot run \(name): \(String(cString: strerror(error.errno)))")
        }
    }

    // MARK: Leases

    /// Whether this board is the first to give alert `key` (a file made exclusively); true when
    /// there is no folder to share.
    private func takeLease(_ key: String) -> Bool {
        guard let leases else { return true }
        try? FileManager.default.createDirectory(at: leases, withIntermediateDirectories: true)
        let descriptor = open(leases.appending(path: key).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno != EEXIST }
        close(descriptor)
        return true
    }

    /// Leases older than a week: their entries are long past.
    private static func forgetOldLeases(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let cutoff = Date().addingTimeInterval(-7 * 86_400).timeIntervalSince1970
        for name in names {
            var status = stat()
            let path = folder.appending(path: name).path
            if stat(path, &status) == 0, TimeInterval(status.st_mtim.tv_sec) < cutoff { unlink(path) }
        }
    }
}
