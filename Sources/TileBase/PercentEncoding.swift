/// Percent-encoding on UTF-8 bytes, the one encoder of the project: request URLs, links, entry
/// cache file names, terminal hyperlinks.
///
/// Foundation's `addingPercentEncoding(withAllowedCharacters:)` gives the same text through
/// CFString, bridging and a character set built for each call, which QQ Sync's share link paid
/// at every start (docs/performance.md). A test compares the two on every ASCII character and
/// on mixed text.
public enum PercentEncoding {
    /// `text` with each `%XX` replaced by its byte; nil when a `%` is not followed by two hex
    /// digits or the bytes are not UTF-8 (what Foundation's `removingPercentEncoding` gives).
    public static func decode(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `text` with every UTF-8 byte that `isLiteral` rejects written `%XX` (upper-case hex).
    public static func encode(_ text: String, keeping isLiteral: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isLiteral(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigit(byte >> 4))
                encoded.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-`, `.`, `_` and `~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// ASCII letters, digits, `-` and `_`: what a file name made from any text keeps as it is
    /// (`encode(_:keeping:)` with this writes `.`, `/`, `%` and every other byte as `%XX`, so two
    /// texts never share a name and none is `.`, `..` or hidden).
    public static func isFileNameLiteral(_ byte: UInt8) -> Bool {
        isUnreserved(byte) && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "~")
    }

    /// What Foundation's `CharacterSet.urlPathAllowed` keeps: the unreserved characters, the
    /// sub-delimiters but `;` (`!$&'()*+,=`), `:`, `@` and `/`.
    public static func isPathAllowed(_ byte: UInt8) -> Bool {
        if isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="),
             UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
