import FoundationEssentials
import Synchronization
import TileBase
import TileKit
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// A `[[widget.alert]]` rule of a widget declared with a `source`: when its condition holds on a
/// new entry (for at least `lasting`), the entry carries an alert, once per rise of the
/// condition across every board and restart; once it no longer holds, the next rise alerts again.
public struct AlertTrigger: Sendable, Hashable {
    public var condition: TemplateCondition
    /// The condition as written, for the trigger's identity.
    public var conditionText: String
    /// How long the condition must hold before it alerts (`for = "2m"`).
    public var lasting: TimeInterval
    public var title: StringTemplate
    public var body: StringTemplate?
    public var sound: Bool

    public init(condition: String, lasting: TimeInterval = 0, title: StringTemplate, body: StringTemplate? = nil, sound: Bool = false) throws(TemplateError) {
        self.condition = try TemplateCondition(condition)
        conditionText = condition
        self.lasting = lasting
        self.title = title
        self.body = body
        self.sound = sound
    }
}

/// When each trigger's condition began to hold, shared by the boards of this user (a file per
/// trigger under the cache, made exclusively, so that two boards agree on one rise), or in
/// memory for a one-shot render.
final class TriggerMemory: Sendable {
    private let directory: String?
    private let risen = Mutex<[String: Date]>([:])

    init(directory: String?) {
        self.directory = directory
    }

    /// When the condition `key` began to hold: `now` if it did not hold before.
    func rise(_ key: String, at now: Date) -> Date {
        guard let directory else {
            return risen.withLock { risen in
                if let since = risen[key] { return since }
                risen[key] = now
                return now
            }
        }
        mkdir(directory, 0o700)
        let path = TilesDirectories.join(directory, key)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            let text = Array(String(now.timeIntervalSince1970).utf8)
            _ = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            return now
        }
        // Another board (or an earlier run) saw the rise first; an unreadable file is a rise now.
        guard let data = FileManager.default.contents(atPath: path),
              let seconds = Double(String(decoding: data, as: UTF8.self).trimmingSpacesAndNewlines()) else { return now }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The condition `key` no longer holds.
    func fall(_ key: String) {
        guard let directory else {
            risen.withLock { _ = $0.removeValue(forKey: key) }
            return
        }
        unlink(TilesDirectories.join(directory, key))
    }
}
