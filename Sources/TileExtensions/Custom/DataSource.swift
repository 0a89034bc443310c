import FoundationEssentials
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Where a config-declared widget's data comes from (`source = { … }` in a `[[widget]]`): a URL
/// fetched with a GET, or the standard output of the widget's `command`; read as JSON, or as
/// text with `format = "text"` (then `.data` is the text and `.lines` its lines).
public struct DataSource: Sendable, Hashable {
    public enum Origin: Sendable, Hashable {
        /// A GET of `url`; header values may name environment variables as `${NAME}`, read at
        /// each fetch and never written anywhere.
        case url(String, headers: [String: String])
        /// The declaration's `command`, run as a text widget's is.
        case command
    }

    public var origin: Origin
    public var isText: Bool
    /// The file whose text `${token}` in a header stands for (`token_file`), mode 600.
    public var tokenFile: String?

    public init(origin: Origin, isText: Bool = false, tokenFile: String? = nil) {
        self.origin = origin
        self.isText = isText
        self.tokenFile = tokenFile
    }

    /// The variables a header value may name: the environment's, and `token`, the token file's
    /// text, read now (a file others can read is refused, as the GitHub token's is).
    func variables(environment: [String: String]) throws(ExtensionError) -> [String: String] {
        guard let tokenFile else { return environment }
        var status = stat()
        guard stat(tokenFile, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ExtensionError("cannot read the token file '\(tokenFile)'")
        }
        guard status.st_mode & 0o044 == 0 else {
            throw ExtensionError("the token file '\(tokenFile)' is readable by group or others; expected mode 600 (run chmod 600 '\(tokenFile)')")
        }
        guard let data = FileManager.default.contents(atPath: tokenFile) else { throw ExtensionError("cannot read the token file '\(tokenFile)'") }
        return environment.merging(["token": String(decoding: data, as: UTF8.self).trimmingSpacesAndNewlines()]) { $1 }
    }

    /// `value` with each `${NAME}` replaced by the variable's value in `environment`; throws
    /// naming the first variable that is not set.
    public static func expand(_ value: String, environment: [String: String]) throws(ExtensionError) -> String {
        var output = ""
        var rest = Substring(value)
        while let start = rest.firstRange(of: "${") {
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { return output + rest[start.lowerBound...] }
            let name = String(rest[start.upperBound..<end])
            guard let variable = environment[name], !variable.isEmpty else {
                throw ExtensionError("the environment variable \(name) is not set (the source's headers name it)")
            }
            output += variable
            rest = rest[rest.index(after: end)...]
        }
        return output + rest
    }

    var fingerprint: String {
        switch origin {
        case .url(let url, let headers):
            return "url:\(url):" + headers.keys.sorted().map { "\($0)=\(headers[$0]!)" }.joined(separator: ",") + ":\(isText):\(tokenFile ?? "")"
        case .command:
            return "command:\(isText)"
        }
    }
}
