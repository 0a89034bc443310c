import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// OSC 8 hyperlinks (`ESC ] 8 ; ; URL ESC \` … `ESC ] 8 ; ; ESC \`) for ANSI output.
///
/// Only the schemes tiles itself opens (http, https, mailto) become hyperlinks; tiles' own
/// `tiles:` actions mean nothing to a terminal. The URL is written with every byte outside
/// printable ASCII percent-encoded, so no control byte (ESC, BEL, C1) can end the sequence early
/// or start another one, whatever the URL came from.
public enum TerminalHyperlink {
    /// The schemes that become hyperlinks.
    public static let schemes: Set<String> = ["http", "https", "mailto"]
    /// Longer URLs are left unlinked: terminals cap the URI (VTE at 2083 bytes) and drop longer ones.
    public static let maximumLength = 2048

    /// The text an OSC 8 sequence carries for `url`, or nil when it should not be a hyperlink.
    public static func target(for url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else { return nil }
        let target = PercentEncoding.encode(url.absoluteString) { $0 > 0x20 && $0 < 0x7F }
        return target.utf8.count <= maximumLength ? target : nil
    }

    /// The sequence that starts a hyperlink to `target` (from `target(for:)`).
    public static func opening(_ target: String) -> String { "\u{1B}]8;;\(target)\u{1B}\\" }

    /// The sequence that ends a hyperlink.
    public static let closing = "\u{1B}]8;;\u{1B}\\"
}

