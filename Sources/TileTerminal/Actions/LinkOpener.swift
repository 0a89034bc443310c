import FoundationEssentials
import Glibc
import TileUI

/// Opens links in the user's browser or mail client (docs/design.md "Environment"), never through a
/// shell, and only for http, https and mailto. `tiles:` actions are the app's business.
///
/// The program is `TILES_OPENER`, else the first entry of `BROWSER` (a colon-separated list, each
/// entry's first word; `%s` and other arguments are dropped) that exists, else `xdg-open` from
/// `PATH`. It runs as `program URL`, detached; `open` never waits for it.
public struct LinkOpener: Sendable {
    /// The schemes `open` accepts.
    public static let allowedSchemes = TapTarget.openableSchemes

    private let onFailure: @Sendable (OpenError) -> Void

    /// An opener that reports a failing program (non-zero exit, killed) through `onFailure`,
    /// called on a background thread: queue the message for the main loop and wake it.
    public init(onFailure: @escaping @Sendable (OpenError) -> Void) {
        self.onFailure = onFailure
    }

    /// Starts the opener for `url`; on success returns the program that was started (an
    /// absolute path), for a status line such as "opening … with /usr/bin/xdg-open".
    public func open(_ url: URL, environment: [String: String]) -> Result<String, OpenError> {
        let scheme = url.scheme?.lowercased() ?? ""
        guard Self.allowedSchemes.contains(scheme) else {
            return .failure(.refusedScheme(url: url.absoluteString, scheme: scheme))
        }
        let (program, tried) = Self.findProgram(environment: environment)
        guard let program else { return .failure(.noOpener(url: url.absoluteString, tried: tried)) }
        let onFailure = self.onFailure
        let spawned = DetachedProcess.spawn([program, url.absoluteString], environment: environment) { status in
            if let error = Self.failure(program: program, waitStatus: status) { onFailure(error) }
        }
        switch spawned {
        case .success: return .success(program)
        case .failure(let error): return .failure(.spawnFailed(program: program, errno: error.errno))
        }
    }

    /// The first opener that exists, and every name considered (for the error when none does).
    static func findProgram(environment: [String: String]) -> (program: String?, tried: [String]) {
        var candidates: [String] = []
        if let opener = environment["TILES_OPENER"], !opener.isEmpty {
            candidates.append(opener)
        }
        for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
            if let word = entry.split(separator: " ").first { candidates.append(String(word)) }
        }
        candidates.append("xdg-open")
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for candidate in candidates {
            if let path = executable(named: candidate, searchPath: searchPath) { return (path, candidates) }
        }
        return (nil, candidates)
    }

    /// `name` as an absolute path: itself when it contains a slash, else the first match in `searchPath`.
    static func executable(named name: String, searchPath: String) -> String? {
        let paths = name.contains(utf8: "/")
            ? [name]
            : searchPath.split(separator: ":", omittingEmptySubsequences: false).map { ($0.isEmpty ? "." : String($0)) + "/" + name }
        return paths.first { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
        }.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
    }

    /// The error for a wait status, nil for a clean exit.
    static func failure(program: String, waitStatus: Int32) -> OpenError? {
        let signal = waitStatus & 0x7F
        if signal != 0 { return .killed(program: program, signal: signal) }
        let exitCode = (waitStatus >> 8) & 0xFF
        return exitCode == 0 ? nil : .exitStatus(program: program, status: exitCode)
    }
}
