import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// One moment of the QQ Sync widget (`qqsync`, seed 000): the day it shows and the quote of the
/// moment (Hitokoto, or the default quote when the service is unreachable).
public struct QQSyncEntry: TimelineEntry, Hashable {
    /// When the entry becomes current; also the day the widget shows, in `timeZone`.
    public var date: Date
    /// The quote, already sanitized of control characters.
    public var quote: String
    /// The quote's page (`https://hitokoto.cn?uuid=…`), opened by a tap on the widget; nil for the
    /// default quote.
    public var quoteURL: URL?
    /// The zone the day, month and weekday are read in. Encoded as its identifier.
    public var timeZone: Zone

    /// The seed's default quote (所有快乐都向你靠拢,所有好运都在路上。), in the language in use,
    /// shown until (or unless) Hitokoto answers.
    public static var defaultQuote: String { L("qqsync.default_quote") }

    /// An entry showing `quote` on the day of `date` in `timeZone`.
    public init(date: Date, quote: String = QQSyncEntry.defaultQuote, quoteURL: URL? = nil, timeZone: Zone) {
        self.date = date
        self.quote = quote
        self.quoteURL = quoteURL
        self.timeZone = timeZone
    }

    /// The seed's sample: the default quote, linked to Hitokoto's home page.
    public static func sample(date: Date, timeZone: Zone) -> QQSyncEntry {
        QQSyncEntry(date: date, quote: defaultQuote, quoteURL: URL(string: "https://hitokoto.cn/"), timeZone: timeZone)
    }

    /// The 去分享 action: `tiles:copy?text=<quote>`, which the dashboard turns into a clipboard copy.
    public var shareURL: URL {
        // Only RFC 3986 unreserved characters stay literal, so `&`, `=`, `#` and `+` in a quote
        // cannot end the text parameter early.
        let encoded = PercentEncoding.encode(quote, keeping: PercentEncoding.isUnreserved)
        // Percent-encoded ASCII always forms a valid URL.
        return URL(string: "tiles:copy?text=" + encoded)!
    }
}
