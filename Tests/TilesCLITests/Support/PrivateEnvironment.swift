import Foundation

/// The environment of every process a test starts: nothing of the developer's but `PATH`.
///
/// HOME and the XDG folders are an empty folder of the test's own (unless the test names its
/// own), the zone UTC and the locale C.UTF-8, so a personal config, theme, picture, city or token
/// never reaches a test's output, and `make golden` never records one.
final class PrivateEnvironment {
    /// The empty home, removed with this value.
    let home: URL
    /// The variables: the private base, then `overrides`.
    let variables: [String: String]

    init(_ overrides: [String: String] = [:]) {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-test-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var base = Self.folders(under: home).merging([
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            // A crashing test must not wait for a key (docs/platform.md).
            "SWIFT_BACKTRACE": "enable=no",
        ]) { $1 }
        base.merge(overrides) { $1 }
        variables = base
    }

    /// HOME and the XDG folders, all under `root`.
    static func folders(under root: URL) -> [String: String] {
        [
            "HOME": root.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }
}
