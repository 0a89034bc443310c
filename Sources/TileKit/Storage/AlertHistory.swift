import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The alerts the user's boards gave, newest last, and how far the user has read them: one JSON
/// file (`$XDG_STATE_HOME/tiles/alerts.json`) changed under a lock and written atomically, so
/// that every board and `tiles alerts` see one history. The board that takes an alert's lease
/// records it, also when the rate limit held its notification back.
public struct AlertHistory: Sendable {
    /// One alert as given.
    public struct Record: Codable, Equatable, Sendable {
        /// When a board gave it.
        public var date: Date
        /// The widget's display name (`Commit`), or `activity` for a live activity's end.
        public var widget: String
        /// The tile it is on; nil for a live activity's.
        public var tileID: String?
        public var title: String
        public var body: String

        public init(date: Date, widget: String, tileID: String?, title: String, body: String) {
            self.date = date
            self.widget = widget
            self.tileID = tileID
            self.title = title
            self.body = body
        }

        /// The record with every text as `WidgetAlert` cleans it: the file is the user's to
        /// edit, and what it holds reaches the terminal.
        var cleaned: Record {
            Record(
                date: date, widget: WidgetAlert.clean(widget, limit: WidgetAlert.titleLimit), tileID: tileID.map { WidgetAlert.clean($0, limit: 100) },
                title: WidgetAlert.clean(title, limit: WidgetAlert.titleLimit), body: WidgetAlert.clean(body, limit: WidgetAlert.bodyLimit))
        }
    }

    /// The file's whole content.
    public struct Contents: Codable, Equatable, Sendable {
        /// Alerts given at or before this date are read.
        public var readUntil: Date?
        /// Oldest first, at most ``AlertHistory/limit``.
        public var alerts: [Record]

        public init(readUntil: Date? = nil, alerts: [Record] = []) {
            self.readUntil = readUntil
            self.alerts = alerts
        }

        /// Whether `record` was given after the user last read the history.
        public func isUnread(_ record: Record) -> Bool {
            readUntil.map { record.date > $0 } ?? true
        }

        /// How many alerts are unread.
        public var unreadCount: Int { alerts.count { isUnread($0) } }
    }

    /// The most alerts kept: the oldest go first.
    public static let limit = 200
    /// The largest file read back (a full history is about 100 KB).
    static let readLimit = 1 << 20

    /// The history file.
    public let file: URL
    private let lockFile: URL

    /// The history in `directory` (normally `$XDG_STATE_HOME/tiles`).
    public init(directory: URL) {
        file = directory.appending(path: "alerts.json")
        lockFile = directory.appending(path: "alerts.lock")
    }

    /// What the file holds; empty when there is none yet. Throws when it cannot be read back,
    /// so that nothing is written over it.
    public func read() throws -> Contents {
        switch AtomicFile.read(atPath: file.path, limit: Self.readLimit, followingLinks: false) {
        case .success(let data):
            do {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .secondsSince1970
                var contents = try decoder.decode(Contents.self, from: data)
                contents.alerts = contents.alerts.map(\.cleaned)
                return contents
            } catch {
                throw AlertHistoryError.corrupt(file.path)
            }
        case .failure(let failure) where failure.errno == ENOENT:
            return Contents()
        case .failure(let failure):
            throw AlertHistoryError.unreadable(file.path, failure.description)
        }
    }

    /// Adds `records` at the end, dropping the oldest beyond ``limit``.
    public func append(_ records: [Record]) throws {
        guard !records.isEmpty else { return }
        try change { $0.alerts = Array(($0.alerts + records.map(\.cleaned)).suffix(Self.limit)) }
    }

    /// Marks every alert given at or before `date` read.
    public func markRead(until date: Date) throws {
        try change { contents in
            if contents.readUntil.map({ $0 < date }) ?? true { contents.readUntil = date }
        }
    }

    private func change(_ body: (inout Contents) -> Void) throws {
        try FileLock.withLock(on: lockFile) {
            var contents = try read()
            body(&contents)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            try AtomicFile.write(try encoder.encode(contents), to: file)
        }
    }
}

/// Why the alert history could not be read.
public enum AlertHistoryError: Error, CustomStringConvertible {
    case corrupt(String)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .corrupt(let path): "\(path) is not an alert history; fix or remove it"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
