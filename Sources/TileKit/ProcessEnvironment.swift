import Glibc

/// The process's environment variables, read straight from `environ`.
///
/// The same dictionary as `ProcessInfo.processInfo.environment` (each entry split at its first
/// `=`, entries without one skipped, a later duplicate winning, invalid UTF-8 repaired), at a
/// fraction of the cost: Foundation decodes each entry through an unspecialized generic path,
/// which the board paid twice before its first frame (docs/performance.md).
public enum ProcessEnvironment {
    /// Every variable, now.
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        // NULL after clearenv(3), which Swift's import of `environ` does not admit.
        var entry = environ
        guard Int(bitPattern: entry) != 0 else { return variables }
        while let row = entry.pointee {
            entry += 1
            guard let equals = strchr(row, 0x3D) else { continue }
            let key = row.withMemoryRebound(to: UInt8.self, capacity: equals - row) {
                String(decoding: UnsafeBufferPointer(start: $0, count: equals - row), as: UTF8.self)
            }
            variables[key] = String(cString: equals + 1)
        }
        return variables
    }
}
