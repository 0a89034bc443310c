import FoundationEssentials
import TileBase
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// What tapping a URL does (docs/design.md "Quality bars"): http, https and mailto open outside
/// tiles; `tiles:` URLs are the app's own actions; anything else is refused.
public enum TapAction: Equatable, Sendable {
    /// Open the URL with the user's opener.
    case open(URL)
    /// `tiles:copy?text=…`: put the text on the clipboard (OSC 52).
    case copy(String)
    /// Do nothing and show `message`.
    case refuse(message: String)

    /// The action for `url`.
    public init(_ url: URL) {
        let scheme = url.scheme?.lowercased() ?? ""
        if LinkOpener.allowedSchemes.contains(scheme) {
            self = .open(url)
            return
        }
        guard scheme == "tiles" else {
            self = .refuse(message: OpenError.refusedScheme(url: url.absoluteString, scheme: scheme).description)
            return
        }
        // `tiles:copy?text=…` is an opaque URL: its action and query follow the scheme's colon.
        let rest = String(url.absoluteString.dropFirst("tiles:".count))
        let action = rest.prefix { $0 != "?" }
        switch action {
        case "copy":
            if let text = TapTarget.copiedText(of: url) {
                self = .copy(text)
            } else {
                self = .refuse(message: "not copying: \(url.absoluteString) has no text= to copy")
            }
        default:
            self = .refuse(message: "unknown tiles: action \"\(action)\" in \(url.absoluteString); tiles knows copy")
        }
    }
}
