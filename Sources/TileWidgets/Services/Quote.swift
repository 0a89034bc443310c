import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One Hitokoto (一言) sentence, with every text field already sanitized for the terminal.
public struct Quote: Codable, Equatable, Sendable {
    /// The sentence itself (`hitokoto`).
    public var text: String
    /// The work it comes from (`from`); empty when the service gave none.
    public var from: String
    /// Who said or wrote it (`from_who`); `nil` when unknown.
    public var fromWho: String?
    /// The service's id for the sentence.
    public var uuid: String
    /// The sentence's page, `https://hitokoto.cn?uuid=<uuid>`.
    public var pageURL: URL

    /// Creates a quote from already-clean values.
    public init(text: String, from: String, fromWho: String?, uuid: String, pageURL: URL) {
        self.text = text
        self.from = from
        self.fromWho = fromWho
        self.uuid = uuid
        self.pageURL = pageURL
    }
}
