import Foundation
import TileUI

/// Counts the bytes the calling thread hands to `write(2)`, from `/proc/thread-self/io`.
///
/// ncurses 6 buffers its output itself and writes it straight to the terminal's descriptor,
/// which must stay a real TTY for termios, so the output cannot be wrapped in a counting stream;
/// the kernel's per-thread `wchar` counter sees every byte of it instead.
struct OutputCounter {
    private let path = "/proc/thread-self/io"

    /// The thread's `wchar` so far, or nil when procfs is unavailable.
    func bytesWrittenByThread() -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst("wchar:".count).trimmingSpaces())
        }
        return nil
    }
}
