import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// A config file's text as read for an edit, and how to write the edited text back so that
/// nothing but the edit changes: the bytes as they were (for `config.toml.bak`), a UTF-8 byte
/// order mark kept, and CRLF line ends kept. The editors see LF line ends only (their
/// positions count a CRLF as two bytes, Swift's `String` as one character); a file whose first
/// line ends in CRLF is written back with CRLF on every line.
struct ConfigText {
    /// The file's bytes, exactly.
    let bytes: Data
    /// The text without its byte order mark, as the editors work on it.
    let text: String
    let hasByteOrderMark: Bool
    /// Whether the file's lines end in CRLF (its first line end decides).
    let usesCRLF: Bool

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads `file`, or says why it cannot be edited (not readable, not UTF-8).
    static func read(_ file: URL) -> Result<ConfigText, AtomicFile.ReadFailure> {
        AtomicFile.read(atPath: file.path).flatMap { data in
            guard let text = ConfigText(bytes: data) else { return .failure(AtomicFile.ReadFailure(errno: EILSEQ)) }
            return .success(text)
        }
    }

    init?(bytes: Data) {
        self.bytes = bytes
        hasByteOrderMark = bytes.starts(with: Self.byteOrderMark)
        let body = hasByteOrderMark ? bytes.dropFirst(Self.byteOrderMark.count) : bytes[...]
        var bytes = Array(body)
        usesCRLF = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        if usesCRLF {
            bytes = bytes.indices.compactMap { index in
                bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? nil : bytes[index]
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self.text = text
    }

    /// The bytes to write for `edited`, a version of `text`: the byte order mark again, and
    /// CRLF line ends again in a CRLF file.
    func bytes(for edited: String) -> Data {
        var result = hasByteOrderMark ? Self.byteOrderMark : []
        var previous: UInt8 = 0
        for byte in edited.utf8 {
            if usesCRLF && byte == 0x0A && previous != 0x0D { result.append(0x0D) }
            result.append(byte)
            previous = byte
        }
        return Data(result)
    }
}
