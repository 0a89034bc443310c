/// Parses TOML 1.0 documents.
///
/// The parser reads the bytes once, keeps where every key, header and value is written, and
/// stops at the first error with its line and column. Documents beyond `TOMLLimits` are refused
/// the same way, so no input can crash it, exhaust memory or take more than linear time.
public enum TOMLDocument {
    /// The document in `bytes`, which must be UTF-8 (a leading byte order mark is skipped).
    public static func parse(_ bytes: [UInt8], limits: TOMLLimits = .default) throws(TOMLError) -> TOMLTable {
        if bytes.count > limits.maxBytes {
            throw TOMLError(
                position: position(ofOffset: limits.maxBytes, in: bytes),
                message: "the document is \(bytes.count) bytes; the limit is \(describe(limits.maxBytes))"
            )
        }
        if let offset = UTF8Check.firstInvalidOffset(in: bytes) {
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            throw TOMLError(
                position: position(ofOffset: offset, in: bytes),
                message: "expected UTF-8 text, found the byte 0x\(byte.count == 1 ? "0" + byte : byte)"
            )
        }
        var parser = Parser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    /// The document in `text`.
    public static func parse(_ text: String, limits: TOMLLimits = .default) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8), limits: limits)
    }

    private static func position(ofOffset offset: Int, in bytes: [UInt8]) -> TOMLPosition {
        var cursor = ByteCursor(bytes: bytes)
        cursor.advance(by: offset)
        return cursor.position
    }

    /// `1048576` as `1 MiB`, other sizes in bytes.
    private static func describe(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
