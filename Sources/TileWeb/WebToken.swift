import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The token a board served beyond loopback asks for: 32 random bytes as hex, kept in a file
/// of mode 600 so that the address printed once keeps working across restarts.
public enum WebToken {
    /// The token in `file`, made (and the file written) when there is none. `created` says
    /// whether it is new, which is when tiles-serve prints it.
    public static func load(from file: URL) throws -> (token: String, created: Bool) {
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let token = text.trimmingSpacesAndNewlines()
            if token.count >= 32, token.allSatisfy(\.isHexDigit) { return (token, false) }
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in
            let byte = generator.next() as UInt8
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw WebTokenError(path: file.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let bytes = Array((token + "\n").utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw WebTokenError(path: file.path, reason: String(cString: strerror(errno)))
        }
        return (token, true)
    }
}

/// The token file could not be written.
public struct WebTokenError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write the token to \(path): \(reason)" }
}
