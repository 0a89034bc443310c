import CLibXML2
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document with libxml2's streaming reader, keeping
/// only what a feed tile shows. The reader never loads a DTD, never touches the network, and
/// leaves entities it does not know unexpanded; libxml2 itself refuses entity amplification
/// (a "billion laughs" document) and documents nested deeper than it allows.
struct FeedReader {
    /// The most items kept; a longer feed keeps its first.
    static let maxItems = 500
    /// The most characters kept of one text field.
    static let maxFieldLength = 2_000

    enum Failure: Error, CustomStringConvertible {
        case notXML(String)
        case notAFeed(String)

        var description: String {
            switch self {
            case .notXML(let reason): "not well-formed XML: \(reason)"
            case .notAFeed(let root): "not a feed: the document is <\(root)>, not <rss>, <feed> or <rdf:RDF>"
            }
        }
    }

    private enum Format { case rss, rdf, atom }

    /// The feed in `bytes`, or why there is none.
    static func read(_ bytes: [UInt8]) throws(Failure) -> ParsedFeed {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        xmlResetLastError()
        guard let reader = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlReaderForMemory($0, Int32(buffer.count), nil, nil, options) }
            } ?? nil
        }) else { throw .notXML("empty document") }
        defer { xmlFreeTextReader(reader) }

        var format: Format?
        var feed = ParsedFeed(title: "", link: nil, items: [])
        var item: ParsedFeed.Item?
        var itemDepth = -1
        // The field being read: its name, its depth, and the text so far.
        var field: (name: String, depth: Int)?
        var text = ""

        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            guard status == 1 else { throw .notXML(lastError()) }
            let depth = Int(xmlTextReaderDepth(reader))
            switch xmlTextReaderNodeType(reader) {
            case 1:  // element
                let name = string(xmlTextReaderConstLocalName(reader))
                if format == nil {
                    switch name {
                    case "rss": format = .rss
                    case "RDF": format = .rdf
                    case "feed": format = .atom
                    default: throw .notAFeed(name)
                    }
                    continue
                }
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                if name == (format == .atom ? "entry" : "item"), item == nil {
                    item = ParsedFeed.Item(id: "", title: "", link: nil, date: nil)
                    itemDepth = depth
                    if isEmpty { finish(&item, into: &feed) }
                    continue
                }
                if format == .atom, name == "link", field == nil {
                    let rel = attribute(reader, "rel") ?? "alternate"
                    if rel == "alternate", let href = attribute(reader, "href") {
                        if item != nil, depth == itemDepth + 1 { item?.link = href } else if item == nil, depth == 1 { feed.link = href }
                    }
                    continue
                }
                let isItemField = item != nil && depth == itemDepth + 1
                let isFeedField = item == nil && depth == (format == .atom ? 1 : 2)
                if field == nil, isItemField || isFeedField, !isEmpty {
                    field = (name, depth)
                    text = ""
                }
            case 3, 4:  // text, CDATA
                if field != nil, text.utf8.count < maxFieldLength * 4 { text += string(xmlTextReaderConstValue(reader)) }
            case 15:  // end of an element
                if let open = field, open.depth == depth {
                    let value = String(text.trimmingSpacesAndNewlines().prefix(maxFieldLength))
                    if item != nil { assign(open.name, value, to: &item!, format: format!) } else { assign(open.name, value, to: &feed, format: format!) }
                    field = nil
                } else if item != nil, depth == itemDepth {
                    finish(&item, into: &feed)
                }
            default:
                break
            }
            if feed.items.count >= maxItems { break }
        }
        guard format != nil else { throw .notXML(lastError()) }
        return feed
    }

    private static func finish(_ item: inout ParsedFeed.Item?, into feed: inout ParsedFeed) {
        guard var done = item else { return }
        item = nil
        if done.id.isEmpty { done.id = done.link ?? done.title }
        if done.title.isEmpty, done.link == nil { return }
        feed.items.append(done)
    }

    private static func assign(_ name: String, _ value: String, to item: inout ParsedFeed.Item, format: Format) {
        switch name {
        case "title": item.title = value
        case "link" where format != .atom: item.link = value
        case "guid", "id": item.id = value
        case "pubDate": item.date = MailDate.parse(value) ?? item.date
        case "published", "updated", "date":
            if item.date == nil || name == "published" { item.date = InternetDate.parse(value)?.timeIntervalSince1970 ?? item.date }
        default: break
        }
    }

    private static func assign(_ name: String, _ value: String, to feed: inout ParsedFeed, format: Format) {
        switch name {
        case "title": feed.title = value
        case "link" where format != .atom: feed.link = value
        default: break
        }
    }

    private static func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        // xmlFree is a macro Swift cannot call; libxml2's default allocator is malloc's.
        defer { free(value) }
        return string(value)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// libxml2's last error as `line 3, column 7: message`.
    private static func lastError() -> String {
        guard let error = xmlGetLastError() else { return "the document ends early" }
        let message = error.pointee.message.map { String(cString: $0).trimmingSpacesAndNewlines() } ?? "unknown error"
        return "line \(error.pointee.line), column \(error.pointee.int2): \(message)"
    }
}
