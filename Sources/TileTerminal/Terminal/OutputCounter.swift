import Glibc

/// Counts the bytes the calling thread hands to `write(2)`, from `/proc/thread-self/io`.
///
/// ncurses 6 buffers its output itself and writes it straight to the terminal's descriptor,
/// which must stay a real TTY for termios, so the output cannot be wrapped in a counting stream;
/// the kernel's per-thread `wchar` counter sees every byte of it instead.
struct OutputCounter {
    private let path = "/proc/thread-self/io"

    /// The thread's `wchar` so far, or nil when procfs is unavailable.
    ///
    /// Read twice a frame while frames are reported, so the file is scanned as bytes: splitting
    /// it into lines as a String was a seventh of the instructions of a 1 Hz tick.
    func bytesWrittenByThread() -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            return Self.wchar(in: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The number after `wchar:` at the start of a line of `text`, or nil.
    static func wchar(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Array("wchar:".utf8)
        var lineStart = 0
        while lineStart + key.count <= text.count {
            if text[lineStart..<lineStart + key.count].elementsEqual(key) {
                var index = lineStart + key.count
                while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
                var value = 0, digits = 0
                while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]), digits < 18 {
                    value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                return digits > 0 ? value : nil
            }
            guard let newline = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lineStart = newline + 1
        }
        return nil
    }
}
