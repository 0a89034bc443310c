import CNcursesw
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Tells the dashboard when its config file changes: inotify on the file's directory (so a
/// file replaced by rename, as editors and `tiles` itself save, is seen too). Its descriptor is
/// one more in the dashboard's event loop, so watching costs no thread and no wake-ups while
/// nothing changes.
final class ConfigWatcher {
    /// Readable when something changed in the directory; see ``takeChanges()``.
    let descriptor: Int32
    private let name: String

    /// Watches `file`. Nil when the directory cannot be watched (it does not exist, or inotify
    /// is unavailable).
    init?(file: URL) {
        let directory = file.deletingLastPathComponent().path
        name = file.lastPathComponent
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    /// Reads every event waiting, without blocking; true when one of them was about the file
    /// (a write, a rename onto it or away, its creation or removal).
    func takeChanges() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var changed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return changed }
            if Self.names(in: buffer, count: count).contains(name) { changed = true }
        }
    }

    /// Stops watching; stop polling ``descriptor`` first.
    func stop() {
        close(descriptor)
    }

    /// The file names in a buffer of inotify events.
    private static func names(in buffer: [UInt8], count: Int) -> [String] {
        var names: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let start = offset + header
            let bytes = buffer[start..<min(start + length, count)].prefix { $0 != 0 }
            names.append(String(decoding: bytes, as: UTF8.self))
            offset = start + length
        }
        return names
    }
}
