import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Whether tiles may run what a file names, judged on the files that will actually be read or
/// executed, as OpenSSH's StrictModes and sudo judge them (docs/extensions.md, "Security").
///
/// A file is trusted when it and every folder on its real path (symbolic links followed, each
/// link's own folder included) belong to the user or root, and none of them can be written by
/// group or others. A folder that others may write to is accepted only when it is sticky (like
/// `/tmp`) and the entry inside it belongs to the user or root.
public enum CommandTrust {
    /// Why the file at `path` must not be trusted, or nil when it may be. A relative `path`
    /// resolves against `directory` (or the current directory).
    public static func problem(withFile path: String, relativeTo directory: String? = nil) -> String? {
        TrustedPathWalk(path: absolute(path, in: directory), consequence: "widget commands are not run").problem()
    }

    /// Why `command` must not run, or nil when it may: its program as the spawn will find it
    /// (a path, or a bare name searched on tiles' `PATH`), and every argument that names an
    /// existing file (an interpreter's script), must be trusted files.
    public static func problem(with command: ProgramCommand) -> String? {
        guard let program = command.arguments.first, !program.isEmpty else { return nil }
        let directory = command.workingDirectory
        // A program that is not there runs nothing: the spawn says it cannot run it.
        var status = stat()
        if let located = executable(named: program, in: directory, searchPath: ProcessInfo.processInfo.environment["PATH"]),
           stat(located, &status) == 0,
           let problem = TrustedPathWalk(path: located, consequence: "tiles does not run it").problem() {
            return problem
        }
        for argument in command.arguments.dropFirst() where !argument.isEmpty {
            let path = absolute(argument, in: directory)
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if let problem = TrustedPathWalk(path: path, consequence: "tiles does not run the command that reads it").problem() {
                return problem
            }
        }
        return nil
    }

    /// Why `command`'s program cannot be started, or nil when it can: it is not there, or not an
    /// executable file (`tiles check`; a board shows this as the tile's reason).
    public static func missingProgram(in command: ProgramCommand) -> String? {
        guard let program = command.arguments.first, !program.isEmpty else { return "no program" }
        let searchPath = ProcessInfo.processInfo.environment["PATH"]
        guard let located = executable(named: program, in: command.workingDirectory, searchPath: searchPath) else {
            return "\(program): no such program on PATH"
        }
        var status = stat()
        guard stat(located, &status) == 0 else { return located == program ? "\(program): no such file" : "\(program): no such file (\(located))" }
        guard status.st_mode & S_IFMT == S_IFREG, access(located, X_OK) == 0 else {
            let place = located == program ? "" : "\(located); "
            return "\(program): not an executable file (\(place)chmod +x it, or name its interpreter first)"
        }
        return nil
    }

    /// The file `posix_spawnp` executes for `program` started in `directory`: a name with a slash
    /// as it stands, a bare name from the first folder of `searchPath` holding an executable file
    /// of that name (glibc's default path when unset). Nil when none would be found.
    static func executable(named program: String, in directory: String?, searchPath: String?) -> String? {
        if program.contains("/") { return absolute(program, in: directory) }
        for folder in (searchPath ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = absolute((folder.isEmpty ? "." : String(folder)) + "/" + program, in: directory)
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// `path` made absolute against `directory`, or the current directory when that is nil.
    static func absolute(_ path: String, in directory: String?) -> String {
        if path.hasPrefix("/") { return path }
        let base = directory.map { absolute($0, in: nil) } ?? FileManager.default.currentDirectoryPath
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }
}

/// Walks an absolute path from `/` the way the kernel resolves it, checking each entry against
/// the folder that holds it; symbolic links are followed, so a link's own folder is checked too.
private struct TrustedPathWalk {
    let path: String
    /// What refusing means, for the message (`widget commands are not run`).
    let consequence: String
    private let user = getuid()

    func problem() -> String? {
        var pending = Array(path.split(separator: "/").map(String.init).reversed())
        var folder = "/"
        guard var folderStatus = status("/") else { return cannotCheck("/") }
        if let problem = ownership(of: "/", folderStatus) { return problem }
        var links = 0
        while let component = pending.popLast() {
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                folder = parent(of: folder)
                guard let status = status(folder) else { return cannotCheck(folder) }
                folderStatus = status
                continue
            }
            let entry = folder == "/" ? "/" + component : folder + "/" + component
            var entryStatus = stat()
            guard lstat(entry, &entryStatus) == 0 else { return cannotCheck(entry) }
            if let problem = container(folder, folderStatus, holding: entryStatus) { return problem }
            if let problem = ownership(of: entry, entryStatus) { return problem }
            switch entryStatus.st_mode & S_IFMT {
            case S_IFLNK:
                links += 1
                guard links <= 40 else { return "cannot check '\(path)': too many symbolic links" }
                guard let target = linkTarget(entry) else { return cannotCheck(entry) }
                if target.hasPrefix("/") {
                    folder = "/"
                    guard let status = status("/") else { return cannotCheck("/") }
                    folderStatus = status
                }
                pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
            case S_IFDIR:
                folder = entry
                folderStatus = entryStatus
            default:
                if pending.contains(where: { $0 != "." && !$0.isEmpty }) { return "cannot check '\(entry)': not a folder" }
                if entryStatus.st_mode & 0o022 != 0 {
                    return "the file '\(entry)' can be written by other users (mode \(Self.mode(entryStatus))); "
                        + "\(consequence) (run chmod go-w '\(entry)')"
                }
            }
        }
        return nil
    }

    /// A problem with `folder` as the holder of an entry: others may write to it, and it is not a
    /// sticky folder holding an entry of the user's or root's.
    private func container(_ folder: String, _ folderStatus: stat, holding entry: stat) -> String? {
        guard folderStatus.st_mode & 0o022 != 0 else { return nil }
        if folderStatus.st_mode & S_ISVTX != 0 && isTrustedOwner(entry.st_uid) { return nil }
        return "the folder '\(folder)' can be written by other users (mode \(Self.mode(folderStatus))); "
            + "\(consequence) (run chmod go-w '\(folder)')"
    }

    private func ownership(of entry: String, _ status: stat) -> String? {
        guard !isTrustedOwner(status.st_uid) else { return nil }
        return "'\(entry)' belongs to another user (uid \(status.st_uid)); \(consequence): only your own or root's files are trusted"
    }

    private func isTrustedOwner(_ owner: uid_t) -> Bool { owner == user || owner == 0 }

    private func status(_ path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }

    private func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func parent(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return "/" }
        return String(folder[..<slash])
    }

    private func cannotCheck(_ entry: String) -> String {
        "cannot check '\(entry)': \(String(cString: strerror(errno)))"
    }

    private static func mode(_ status: stat) -> String { String(status.st_mode & 0o7777, radix: 8) }
}
