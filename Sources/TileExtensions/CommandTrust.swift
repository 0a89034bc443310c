import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether commands written in a file may be run: like ssh with `authorized_keys`, a file that
/// another user could have written, or that sits in a directory another user can write to, is
/// not trusted, and its commands never run.
public enum CommandTrust {
    /// Why the commands in the file at `path` must not run, or nil when they may.
    public static func problem(withFile path: String) -> String? {
        let file = URL(filePath: path).standardizedFileURL.path
        if let problem = check(file, what: "the file") { return problem }
        let directory = URL(filePath: file).deletingLastPathComponent().path
        return check(directory, what: "its directory")
    }

    private static func check(_ path: String, what: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return "cannot check \(what) '\(path)': \(String(cString: strerror(errno)))" }
        let owner = status.st_uid
        if owner != getuid(), owner != 0 {
            return "\(what) '\(path)' belongs to another user (uid \(owner)); widget commands run only from your own files"
        }
        let mode = status.st_mode & 0o777
        // A sticky directory (like /tmp) still lets others add files, so it is refused too.
        if mode & 0o022 != 0 {
            return "\(what) '\(path)' can be written by other users (mode \(String(mode, radix: 8))); widget commands are not run (run chmod go-w '\(path)')"
        }
        return nil
    }
}
