#if canImport(Glibc)
import Glibc
#endif

/// Writing to a file descriptor without Foundation.
public enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`, going on after a short write or an interrupted one
    /// (`EINTR`). Returns 0 when everything was written, or the `errno` of the write that failed,
    /// after which the rest is not written.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Writes `text` to standard output; a failure (a closed pipe) loses it.
    public static func standardOutput(_ text: String) {
        var text = text
        _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
    }

    /// Writes `text` to standard error; a failure loses it.
    public static func standardError(_ text: String) {
        var text = text
        _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }
}
