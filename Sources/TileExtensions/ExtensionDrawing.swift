import FoundationEssentials
import Synchronization
import TileKit
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// Draws a widget program's entries: view trees decoded from their JSON, text through the SGR
/// reader, the placeholder as the widget's kind in secondary text.
enum ExtensionDrawing {
    /// Checks a view tree where a timeline is read, so that a mistake becomes the tile's stale
    /// reason at once instead of a blank tile later.
    static func checkView(_ value: JSONValue, _ path: String) throws(ExtensionError) {
        do {
            _ = try ViewNode(json: value, path: path)
        } catch {
            throw ExtensionError(error.description)
        }
    }

    /// The drawing of `entry` in the environment's family, which knows when its live text next
    /// changes and can follow it in place.
    static func draw(_ entry: ExtensionEntry, environment: EnvironmentValues) -> RetainedDrawing {
        let (columns, rows) = environment.widgetFamily.gridSize(in: environment.sizeClass)
        let node: ViewNode
        switch entry.content {
        case .view(let json):
            node = decoded(json) ?? SGRText.viewNode("(this entry's view cannot be read)", width: columns, height: rows)
        case .text(let text):
            node = SGRText.viewNode(text, width: columns, height: rows)
        case .placeholder:
            node = SGRText.viewNode("", width: columns, height: rows)
        }
        let url = entry.url.flatMap(URL.init(string:))
        return RetainedDrawing(node.makeView().widgetURL(url), width: columns, height: rows, environment: environment)
    }

    /// Decoded trees by their JSON text: a tile is drawn again on every tick of its live text,
    /// and parsing the same text each second would be wasted work.
    private static let cache = Mutex<[String: ViewNode]>([:])

    private static func decoded(_ json: String) -> ViewNode? {
        if let node = cache.withLock({ $0[json] }) { return node }
        guard let value = try? JSONValue(parsing: json), let node = try? ViewNode(json: value) else { return nil }
        cache.withLock { cache in
            if cache.count >= 64 { cache.removeAll(keepingCapacity: true) }
            cache[json] = node
        }
        return node
    }
}
