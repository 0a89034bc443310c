/// A reading position in a document's UTF-8 bytes that keeps its line and column up to date, so
/// that any error can name where it is without a second pass over the text.
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var position: TOMLPosition { TOMLPosition(line: line, column: column, offset: offset) }
    var isAtEnd: Bool { offset >= bytes.count }
    /// The byte at the cursor; nil at the end.
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The byte `distance` bytes ahead; nil past the end.
    func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    /// Whether the bytes at the cursor are `ascii`.
    func starts(with ascii: StaticString) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return ascii.withUTF8Buffer { prefix in
            for index in 0..<count where bytes[offset + index] != prefix[index] { return false }
            return true
        }
    }

    /// Steps over one byte. A continuation byte of a multi-byte character leaves the column
    /// alone, so columns count Unicode scalars.
    mutating func advance() {
        guard offset < bytes.count else { return }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Steps over spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// Whether a line ends at the cursor (`\n` or `\r\n`).
    var isAtNewline: Bool {
        current == UInt8(ascii: "\n") || (current == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n"))
    }

    /// Steps over one line end, when there is one at the cursor.
    mutating func skipNewline() -> Bool {
        if current == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") {
            advance(by: 2)
            return true
        }
        if current == UInt8(ascii: "\n") {
            advance()
            return true
        }
        return false
    }

    /// The Unicode scalar starting at the cursor (the text is valid UTF-8 by now).
    var currentScalar: Unicode.Scalar? {
        guard let first = current else { return nil }
        var length = 1
        if first >= 0xF0 { length = 4 } else if first >= 0xE0 { length = 3 } else if first >= 0xC0 { length = 2 }
        let end = min(offset + length, bytes.count)
        return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first
    }

    /// The text at the cursor as an error message names it: `'x'`, end of line, end of file.
    var found: String {
        guard let scalar = currentScalar else { return "end of file" }
        if isAtNewline { return "end of line" }
        switch scalar {
        case "\t": return "a tab"
        case "'": return "\"'\""
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}":
            return "the control character " + Self.codePoint(scalar)
        default: return "'\(scalar)'"
        }
    }

    /// `U+0000` notation.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The decoded text of `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
