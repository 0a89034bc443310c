import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where live activities are kept while they show: one small JSON file each, `<id>.json`,
/// replaced atomically, in the runtime folder the boards listen in (gone at logout, as the
/// activities are). A board started mid-activity reads them here.
public struct ActivityStore: Sendable {
    private let folder: JSONFileFolder

    /// The store in `runtimeDirectory` (`BoardChannel.directory`): its `activities` folder.
    public init(runtimeDirectory: URL, log: @escaping @Sendable (String) -> Void) {
        folder = JSONFileFolder(directory: runtimeDirectory.appending(path: "activities"), subject: "activities", log: log)
    }

    /// The activity `id`, if the store has it.
    public func activity(_ id: String) -> LiveActivity? {
        guard LiveActivity.isValidID(id) else { return nil }
        return folder.read(LiveActivity.self, from: id + ".json")
    }

    /// Every activity kept, the latest started first.
    public func all() -> [LiveActivity] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.directory.path)) ?? []
        return names.compactMap { name -> LiveActivity? in
            guard name.hasSuffix(".json") else { return nil }
            return activity(String(name.dropLast(5)))
        }
        .sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
    }

    /// Writes `activity`, replacing the one with its id.
    public func save(_ activity: LiveActivity) throws {
        try FileManager.default.createDirectory(at: folder.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try folder.write(activity, to: activity.id + ".json")
    }

    /// Changes activity `id` with `change` and writes it, under the store's lock, so that two
    /// scripts reporting at once lose neither's change. Returns it as written; nil, writing
    /// nothing, when there is none.
    public func update(_ id: String, _ change: (inout LiveActivity) throws -> Void) throws -> LiveActivity? {
        try FileLock.withLock(on: folder.directory.appending(path: ".lock")) {
            guard var activity = activity(id) else { return nil }
            try change(&activity)
            try save(activity)
            return activity
        }
    }

    /// Removes the activities no board shows any more at `now`.
    public func removeGone(at now: Date) {
        for activity in all() where activity.shown(at: now, isAlive: Self.isAlive) == nil {
            folder.remove(activity.id + ".json")
        }
    }

    /// Removes the activities that have ended at `now` (the user dismissed their rows); returns
    /// their ids. Running ones stay.
    @discardableResult
    public func removeEnded(at now: Date) -> [String] {
        let ended = all().filter { $0.shown(at: now, isAlive: Self.isAlive)?.end != nil }
        for activity in ended { folder.remove(activity.id + ".json") }
        return ended.map(\.id)
    }

    /// Whether process `pid` still runs (it may be another user's: then it runs too).
    public static func isAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
