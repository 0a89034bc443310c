/// A proxy's answer to `CONNECT`, from the head it sent: its status and reason.
struct TunnelAnswer {
    var status: Int
    var reason: String

    /// The answer in `bytes`, nil until its head has ended (an empty line).
    init?(_ bytes: [UInt8]) {
        let end = Array("\r\n\r\n".utf8)
        guard bytes.count >= end.count,
              let headEnd = (0...(bytes.count - end.count)).first(where: { bytes[$0..<$0 + end.count].elementsEqual(end) })
        else { return nil }
        let statusLine = String(decoding: bytes[..<headEnd].prefix { $0 != 0x0D }, as: UTF8.self)
        let words = statusLine.split(separator: " ", maxSplits: 2)
        status = words.count > 1 ? Int(words[1]) ?? 0 : 0
        reason = words.count > 2 ? RemoteText.sanitize(String(words[2]), maxLength: 80) : ""
    }

    /// Whether the tunnel is open.
    var isOpen: Bool { (200..<300).contains(status) }

    /// Why `proxy` did not open a tunnel to `authority`, naming it but never its credentials.
    /// A 401 is the proxy's too: no server answers before the tunnel opens, and tinyproxy 1.11
    /// refuses wrong credentials with 401.
    func refusal(by proxy: HTTPProxy, to authority: String) -> String {
        if status == 407 || status == 401 { return Self.credentialsRefusal(by: proxy) }
        let said = status == 0 ? "an answer that is not HTTP" : "\(status)" + (reason.isEmpty ? "" : " \(reason)")
        return "\(proxy.name) refused a tunnel to \(authority): \(said)"
    }

    /// A proxy's 407: it wants credentials, or refused those sent.
    static func credentialsRefusal(by proxy: HTTPProxy) -> String {
        proxy.credentials == nil
            ? "\(proxy.name) asks for credentials; put them in the proxy URL, http://user:password@host:port"
            : "\(proxy.name) refused the credentials in the proxy URL"
    }
}
