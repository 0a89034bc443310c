import FoundationEssentials
import TileUIJSON
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Reads a widget program's answer: a timeline of entries with view trees, or a text widget's
/// output. Every mistake is an `ExtensionError` naming its JSON path.
public enum TimelineResponse {
    /// How many entries one timeline may hold.
    public static let maximumEntries = 1440

    /// The timeline in `output` (a timeline widget's standard output). Without a `policy`, tiles
    /// asks again after `refresh` seconds. `checkView` checks each view tree at its path.
    public static func timeline(
        from output: Data, now: Date, refresh: TimeInterval,
        checkView: (JSONValue, String) throws(ExtensionError) -> Void
    ) throws(ExtensionError) -> Timeline<ExtensionEntry> {
        let trimmed = output.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard !trimmed.isEmpty else { throw ExtensionError("printed nothing; expected a timeline in JSON") }
        let document = try JSONValue.parse(Data(trimmed))
        guard let members = document.members else {
            throw .mismatch(at: "timeline", expected: "an object with \"entries\"", found: document)
        }
        for key in members.keys.sorted() where !["entries", "policy"].contains(key) {
            throw ExtensionError("\(key): unknown key; a timeline has \"entries\" and \"policy\"")
        }
        guard let entriesValue = members["entries"] else { throw ExtensionError("entries: missing; a timeline needs a list of entries") }
        guard let items = entriesValue.array else { throw .mismatch(at: "entries", expected: "an array of entries", found: entriesValue) }
        guard items.count <= maximumEntries else {
            throw ExtensionError("entries: \(items.count) entries; a timeline holds at most \(maximumEntries)")
        }
        var entries: [ExtensionEntry] = []
        for (index, item) in items.enumerated() {
            entries.append(try entry(item, at: JSONPath.element("entries", index), now: now, checkView: checkView))
        }
        let policy = try members["policy"].map { value throws(ExtensionError) in try self.policy(value) }
            ?? .after(now.addingTimeInterval(refresh))
        return Timeline(entries: entries, policy: policy)
    }

    /// A text widget's output as one entry shown from `now`, asked again after `refresh`.
    public static func textTimeline(_ text: String, now: Date, refresh: TimeInterval) -> Timeline<ExtensionEntry> {
        Timeline(entries: [ExtensionEntry(date: now, content: .text(text))], policy: .after(now.addingTimeInterval(refresh)))
    }

    private static func entry(
        _ value: JSONValue, at path: String, now: Date, checkView: (JSONValue, String) throws(ExtensionError) -> Void
    ) throws(ExtensionError) -> ExtensionEntry {
        guard let members = value.members else { throw .mismatch(at: path, expected: "an entry object", found: value) }
        for key in members.keys.sorted() where !["date", "relevance", "url", "view", "alert"].contains(key) {
            throw ExtensionError("\(JSONPath.child(path, key)): unknown key; an entry has date, relevance, url, view and alert")
        }
        var date = now
        if let dateValue = members["date"] {
            date = try self.date(dateValue, at: JSONPath.child(path, "date"))
        }
        var relevance: TimelineEntryRelevance?
        if let value = members["relevance"] {
            relevance = try self.relevance(value, at: JSONPath.child(path, "relevance"))
        }
        var url: String?
        if let value = members["url"] {
            guard let text = value.string, !text.isEmpty else {
                throw .mismatch(at: JSONPath.child(path, "url"), expected: "a URL string", found: value)
            }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
                throw ExtensionError("\(JSONPath.child(path, "url")): control characters are not allowed in a URL")
            }
            url = text
        }
        guard let view = members["view"] else { throw ExtensionError("\(JSONPath.child(path, "view")): missing; an entry needs a view") }
        try checkView(view, JSONPath.child(path, "view"))
        let alert = try members["alert"].map { value throws(ExtensionError) in try self.alert(value, at: JSONPath.child(path, "alert")) }
        return ExtensionEntry(date: date, relevance: relevance, url: url, content: .view(view.jsonText), alert: alert)
    }

    /// `{"title": TEXT, "body": TEXT, "sound": BOOL}`: title required, the others optional.
    static func alert(_ value: JSONValue, at path: String) throws(ExtensionError) -> WidgetAlert {
        let expected = "{\"title\": TEXT, \"body\": TEXT, \"sound\": true or false}"
        guard let members = value.members, members.keys.allSatisfy({ ["title", "body", "sound"].contains($0) }) else {
            throw .mismatch(at: path, expected: expected, found: value)
        }
        guard let title = members["title"]?.string, !title.isEmpty else {
            throw .mismatch(at: JSONPath.child(path, "title"), expected: "a title", found: members["title"])
        }
        var body = ""
        if let value = members["body"] {
            guard let text = value.string else { throw .mismatch(at: JSONPath.child(path, "body"), expected: "text", found: value) }
            body = text
        }
        var sound = false
        if let value = members["sound"] {
            guard let flag = value.bool else { throw .mismatch(at: JSONPath.child(path, "sound"), expected: "true or false", found: value) }
            sound = flag
        }
        return WidgetAlert(title: title, body: body, sound: sound)
    }

    /// `"atEnd"`, `"never"` or `{"after": DATE}`.
    static func policy(_ value: JSONValue) throws(ExtensionError) -> TimelineReloadPolicy {
        let expected = "\"atEnd\", \"never\" or {\"after\": DATE}"
        switch value {
        case .string("atEnd"): return .atEnd
        case .string("never"): return .never
        case .object(let members) where members.count == 1 && members[0].key == "after":
            return .after(try date(members[0].value, at: "policy.after"))
        default: throw .mismatch(at: "policy", expected: expected, found: value)
        }
    }

    /// An ISO 8601 instant with a zone (`2026-11-24T08:00:00Z`, `…+08:00`, fractions allowed).
    static func date(_ value: JSONValue, at path: String) throws(ExtensionError) -> Date {
        guard let text = value.string, let date = parseDate(text) else {
            throw .mismatch(at: path, expected: "an ISO 8601 date with a time zone, like \"2026-11-24T08:00:00Z\"", found: value)
        }
        return date
    }

    static func parseDate(_ text: String) -> Date? {
        InternetDate.parse(text)
    }

    /// A score, or `{"score": S, "duration": SECONDS}`.
    static func relevance(_ value: JSONValue, at path: String) throws(ExtensionError) -> TimelineEntryRelevance {
        let expected = "a number or {\"score\": N, \"duration\": SECONDS}"
        if let score = value.number, score.isFinite { return TimelineEntryRelevance(score: Float(score)) }
        guard let members = value.members, let score = members["score"]?.number, score.isFinite,
              members.keys.allSatisfy({ ["score", "duration"].contains($0) })
        else { throw .mismatch(at: path, expected: expected, found: value) }
        let duration = members["duration"]?.number ?? 0
        guard duration >= 0, duration.isFinite else { throw .mismatch(at: "\(path).duration", expected: "seconds, 0 or more", found: members["duration"]) }
        return TimelineEntryRelevance(score: Float(score), duration: duration)
    }
}
