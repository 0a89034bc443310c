import FoundationEssentials
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads the GitHub token from the file a config names, refusing a file others can read.
public enum TokenReader {
    /// `name` as a path: `~/…` under `home`, a relative path beside the config file `configFile`.
    public static func resolve(_ name: String, relativeTo configFile: String, home: String?) -> String {
        if name.hasPrefix("~/"), let home { return home + name.dropFirst(1) }
        if name.hasPrefix("/") { return name }
        return TilesDirectories.join(TilesDirectories.folder(of: configFile), name)
    }

    /// Why the token file at `path` cannot be used (missing, not a file, readable by group or
    /// others), or nil when it can.
    public static func permissionProblem(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return "cannot read the token file '\(path)': \(String(cString: strerror(errno)))"
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return "the token file '\(path)' is not a regular file" }
        let mode = status.st_mode & 0o777
        if mode & 0o044 != 0 {
            return "the token file '\(path)' is readable by group or others (mode \(String(mode, radix: 8))); expected mode 600 (run chmod 600 '\(path)')"
        }
        return nil
    }

    /// The token in the file at `path`, trimmed; nil when the file is empty.
    public static func read(_ path: String) throws -> String? {
        let text = String(decoding: try AtomicFile.read(atPath: path).get(), as: UTF8.self).trimmingSpacesAndNewlines()
        return text.isEmpty ? nil : text
    }
}
