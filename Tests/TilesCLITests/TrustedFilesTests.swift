import Foundation
import Testing
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The user's files are written as they are kept and never lost; files planted where tiles reads
/// its own cannot hang it (issue 48, items 4, 6 and 7). Each through the real binary.
@Suite struct TrustedFilesTests {
    private static func configFile(_ home: DashboardHome) -> URL {
        home.root.appendingPathComponent("config/tiles/config.toml")
    }

    /// A dotfiles user's config is a link: a save changes the file it leads to, and the link stays.
    @Test func aSymlinkedConfigIsWrittenThroughAndStaysALink() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let dotfiles = home.root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        #expect(try runTiles(["config", "init", "--config", dotfiles.appendingPathComponent("tiles.toml").path], environment: environment).status == 0)
        let link = Self.configFile(home)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A relative link, as `stow` makes them.
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../dotfiles/tiles.toml")

        let result = try runTiles(["config", "set", "alipay", "city=杭州"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link is still a link")
        let target = try String(contentsOf: dotfiles.appendingPathComponent("tiles.toml"), encoding: .utf8)
        #expect(target.contains(#"city = "杭州""#), "the file the link leads to has the edit")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["config.toml", "config.toml.bak"], "\(leftovers)")
    }

    /// A UTF-8 byte order mark and CRLF line ends survive an edit; `.bak` is the old file byte for byte.
    @Test func aByteOrderMarkAndCRLFSurviveAndTheBackupIsTheOldFileExactly() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let file = Self.configFile(home)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let original = Data([0xEF, 0xBB, 0xBF] + Array("# mine\r\n[[page]]\r\n[[page.tile]]\r\nwidget = \"alipay\"\r\n".utf8))
        try original.write(to: file)

        let result = try runTiles(["config", "set", "alipay-1", "city=杭州"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let saved = [UInt8](try Data(contentsOf: file))
        #expect(saved.starts(with: [0xEF, 0xBB, 0xBF]), "the byte order mark stays")
        let lines = saved.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty && lines.allSatisfy { $0.last == 0x0D }, "every line ends in CRLF: \(String(decoding: saved, as: UTF8.self).debugDescription)")
        #expect(String(decoding: saved, as: UTF8.self).contains("杭州"))
        #expect(try Data(contentsOf: file.appendingPathExtension("bak")) == original, ".bak is the old file byte for byte")
    }

    /// Temporaries that a killed save left are removed by the next save; a live writer's are not.
    @Test func theNextSaveRemovesTemporariesOfSavesThatDied() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        #expect(try runTiles(["config", "set", "alipay", "city=北京"], environment: environment).status == 0)
        let folder = Self.configFile(home).deletingLastPathComponent()
        // A process id that is gone: a child that has exited and been reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = folder.appendingPathComponent(".config.toml.\(child.processIdentifier).12345.tmp")
        let live = folder.appendingPathComponent(".config.toml.\(getpid()).678.tmp")
        for file in [dead, live] { try Data("half".utf8).write(to: file) }

        #expect(try runTiles(["config", "set", "alipay", "city=杭州"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead save's temporary is removed")
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's is left alone")
    }

    /// A FIFO where an activity, a state file or the config should be is refused at once.
    @Test func aFIFOPlantedWhereTilesReadsItsFilesHangsNothing() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let activities = home.root.appendingPathComponent("run/tiles/activities")
        // The runtime folder as tiles makes it, the user's alone.
        for folder in ["run", "run/tiles", "run/tiles/activities"] {
            try FileManager.default.createDirectory(
                at: home.root.appendingPathComponent(folder), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        #expect(mkfifo(activities.appendingPathComponent("trap.json").path, 0o600) == 0)

        let started = Date()
        let list = try runTiles(["activity", "list"], environment: environment)
        #expect(list.status == 0)
        let render = try runTiles(["render", "--activity"], environment: environment)
        #expect(render.status == 0)
        let run = try runTiles(["activity", "run", "--title", "after", "--", "sh", "-c", "echo ran"], environment: environment)
        #expect(run.status == 0 && run.stdout == "ran\n", "the command runs: \(run.stderr)")

        let config = home.root.appendingPathComponent("fifo.toml")
        #expect(mkfifo(config.path, 0o600) == 0)
        let check = try runTiles(["check", config.path], environment: environment)
        #expect(check.status == 2)
        #expect(check.stderr.contains("not a regular file"), "\(check.stderr)")
        #expect(Date().timeIntervalSince(started) < 30, "nothing waited for a writer")
    }

    /// Issue 48, item 15: `tiles check` said "ok" for `command = ["./nothere.sh"]`.
    @Test func checkNamesAProgramThatIsMissingOrNotExecutable() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let folder = home.root.appendingPathComponent("widgets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        func check(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
            try "[[widget]]\nkind = \"w\"\ncommand = \(command)\n".write(to: config, atomically: true, encoding: .utf8)
            return try runTiles(["check", config.path], environment: environment)
        }
        let missing = try check(#"["./nothere.sh"]"#)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("config.toml:3:1: widget[1].command: \(folder.path)/nothere.sh: no such file"), "\(missing.stderr)")
        let unknown = try check(#"["tiles-no-such-program"]"#)
        #expect(unknown.status == 2 && unknown.stderr.contains("tiles-no-such-program: no such program on PATH"), "\(unknown.stderr)")
        let script = folder.appendingPathComponent("plain.sh")
        try "echo hi\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o644)
        let plain = try check(#"["./plain.sh"]"#)
        #expect(plain.status == 2 && plain.stderr.contains("widgets/plain.sh: not an executable file (chmod +x it"), "\(plain.stderr)")
        chmod(script.path, 0o755)
        let runnable = try check(#"["./plain.sh"]"#)
        #expect(runnable.status == 0, "\(runnable.stderr)")
        #expect(try check(#"["sh", "./plain.sh"]"#).status == 0, "an interpreter and its script")
    }

    /// Only the user's own files are written through a link: a link planted where tiles keeps its
    /// cache or state is replaced, and the file it points at is left alone.
    @Test func aLinkInTilesOwnFoldersIsReplacedNotFollowed() throws {
        let home = try DashboardHome()
        let victim = home.root.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let link = home.root.appendingPathComponent("state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        try AtomicFile.write(Data("{}".utf8), to: link)
        #expect(try Data(contentsOf: victim) == Data("keep".utf8), "the link's target is untouched")
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: link) == Data("{}".utf8))
    }
}
