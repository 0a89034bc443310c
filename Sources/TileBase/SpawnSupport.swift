#if canImport(Glibc)
import Glibc
#endif

/// What every child tiles spawns shares: a clean signal state and its arguments and environment
/// as the C arrays `posix_spawn` takes.
public enum SpawnSupport {
    /// Sets `attributes` so the child starts with no signal blocked and every signal at its default
    /// action: tiles blocks or ignores some, and both would survive exec. Returns the flags that
    /// make it so, to pass to `posix_spawnattr_setflags` with any others.
    public static func resetSignals(_ attributes: inout posix_spawnattr_t) -> Int16 {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        return Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    }

    /// Calls `body` with `arguments` and `environment` (as `NAME=value`) as NULL-terminated arrays
    /// of C strings, freed when it returns.
    public static func withCArrays<Result>(
        arguments: [String], environment: [String: String],
        _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>, UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        return argv.withUnsafeBufferPointer { argv in
            envp.withUnsafeBufferPointer { envp in body(argv.baseAddress!, envp.baseAddress!) }
        }
    }
}
