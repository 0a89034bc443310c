import FoundationEssentials
import TileKit

/// Which feed items the user has read, kept in the shared store (`feed.read`) for every board:
/// the hashes of their ids, the newest `capacity` of them.
enum FeedReadMarks {
    static let key = "feed.read"
    static let capacity = 4_000

    static func marks(in store: SharedStore?) -> Set<String> {
        Set(store?.value(forKey: key).flatMap(decode) ?? [])
    }

    static func mark(_ ids: [String], in store: SharedStore?) throws {
        guard let store else { throw ActionError("no data directory to keep read marks in") }
        try store.update(key) { old in
            var hashes = old.flatMap(decode) ?? []
            let known = Set(hashes)
            hashes += ids.map(hash).filter { !known.contains($0) }
            return encode(Array(hashes.suffix(capacity)))
        }
    }

    static func hash(_ id: String) -> String { StableHash.hex(id) }

    private static func decode(_ text: String) -> [String]? { try? JSONDecoder().decode([String].self, from: Data(text.utf8)) }

    private static func encode(_ hashes: [String]) -> String {
        (try? JSONEncoder().encode(hashes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}

/// Marks items read: the ones a tile shows (its ✓ button), or the one just opened.
struct MarkFeedItemsRead: AppIntent {
    static let identifier = "feed.markRead"
    var ids: [String]

    func perform(in context: IntentContext) async throws {
        try FeedReadMarks.mark(ids, in: context.store)
    }
}
