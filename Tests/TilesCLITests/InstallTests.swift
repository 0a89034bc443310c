import Foundation
import Testing

/// `make install-files` and `make uninstall` into a temporary prefix, with the binary the tests
/// already built (`make install` differs only in building a release binary first). The installed
/// tiles must run from elsewhere, with a clean environment, and need nothing from the source tree.
@Suite struct InstallTests {
    /// The files `make install` puts under the prefix, as the Makefile's INSTALLED_FILES lists them:
    /// the docs are README.md and docs/ as the repository has them.
    static var installedFiles: [String] {
        let docs = Self.files(under: repositoryRoot.appendingPathComponent("docs")).filter {
            $0.hasSuffix(".md") && !$0.contains("/") || $0.hasPrefix("schema/") && $0.hasSuffix(".json") || $0.hasPrefix("gallery/") && $0.hasSuffix(".svg")
                || $0.hasPrefix("images/") && $0.hasSuffix(".png")
        }
        return [
            "bin/tiles",
            "libexec/tiles/tiles-parse",
            "libexec/tiles/tiles-serve",
            "share/man/man1/tiles.1",
            "share/man/zh_CN/man1/tiles.1",
            "share/bash-completion/completions/tiles",
            "share/zsh/site-functions/_tiles",
            "share/fish/vendor_completions.d/tiles.fish",
        ] + ["README.md"].map { "share/doc/tiles/" + $0 } + docs.map { "share/doc/tiles/docs/" + $0 }
    }

    /// Runs `executable` with `arguments` in `directory`, with exactly `environment`; its output
    /// goes through files, so a chatty `make` can never fill a pipe and stall.
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-install-run-\(UUID().uuidString)")
        let outputs = [capture.appendingPathExtension("out"), capture.appendingPathExtension("err")]
        for file in outputs { FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in outputs { try? FileManager.default.removeItem(at: file) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputs[0])
        process.standardError = try FileHandle(forWritingTo: outputs[1])
        try process.run()
        process.waitUntilExit()
        let texts = try outputs.map { try String(contentsOf: $0, encoding: .utf8) }
        return (process.terminationStatus, texts[0], texts[1])
    }

    /// Every regular file under `root`, relative to it, sorted.
    static func files(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { found.append(path) }
        }
        return found.sorted()
    }

    @Test func testInstalledTilesRunsAnywhereAndUninstallRemovesEveryFile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-install-\(UUID().uuidString)")
        let prefix = scratch.appendingPathComponent("prefix")
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        let home = scratch.appendingPathComponent("home")
        for directory in [prefix, elsewhere, home] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let builtTiles = products.appendingPathComponent("tiles").path
        var makeEnvironment = ProcessInfo.processInfo.environment
        makeEnvironment["MAKEFLAGS"] = nil
        makeEnvironment["MAKELEVEL"] = nil

        let install = try Self.run(
            "/usr/bin/env", ["make", "-C", repositoryRoot.path, "install-files", "PREFIX=\(prefix.path)", "TILES_BIN=\(builtTiles)"],
            in: elsewhere, environment: makeEnvironment)
        #expect(install.status == 0, "make install-files failed: \(install.stderr)")
        #expect(Self.files(under: prefix) == Self.installedFiles.sorted())

        // A clean environment: no PATH to the build, no XDG variables, a home of its own.
        let clean = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let tiles = prefix.appendingPathComponent("bin/tiles").path
        // Installed stripped; the build folder keeps the debug information.
        let sections = try Self.run("/usr/bin/env", ["readelf", "-S", "-W", tiles], in: elsewhere, environment: clean)
        #expect(sections.status == 0 && sections.stdout.contains(".text"), "\(sections.stderr)")
        #expect(!sections.stdout.contains(".debug_info") && !sections.stdout.contains(".symtab"), "the installed binary keeps debug sections")
        let built = try Self.run("/usr/bin/env", ["readelf", "-S", "-W", builtTiles], in: elsewhere, environment: clean)
        #expect(built.stdout.contains(".debug_info"))
        let version = try Self.run(tiles, ["--version"], in: elsewhere, environment: clean)
        #expect(version.status == 0)
        // `tiles serve` runs the tiles-serve installed in libexec/tiles.
        let serve = try Self.run(tiles, ["serve", "--help"], in: elsewhere, environment: clean)
        #expect(serve.status == 0 && serve.stdout.contains("USAGE: tiles serve"), "\(serve.stderr)")
        // The version, then the commit it was built from (the BuildVersion plugin's `git describe`).
        let head = try Self.run("/usr/bin/env", ["git", "-C", repositoryRoot.path, "rev-parse", "--short=12", "HEAD"], in: elsewhere, environment: clean)
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(head.status == 0 && commit.count == 12, "\(head.stderr)")
        #expect(version.stdout == "0.1.0+\(commit)\n" || version.stdout == "0.1.0+\(commit)-dirty\n", "\(version.stdout)")

        let render = try Self.run(
            tiles, ["render", "--widget", "qqsync", "--offline", "--at", "2022-06-06T10:00:00+08:00"], in: elsewhere, environment: clean)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("You got this! 😄"))
        #expect(render.stdout.contains("Jun Mon"))

        // The built-in themes are compiled in: each renders with no Themes/ directory near the binary.
        for theme in ["default", "nord", "solarized"] {
            let themed = try Self.run(
                tiles, ["render", "--widget", "alipay", "--offline", "--theme", theme, "--format", "ansi"], in: elsewhere, environment: clean)
            #expect(themed.status == 0, "theme \(theme): \(themed.stderr)")
        }
        let help = try Self.run(tiles, ["render", "--help"], in: elsewhere, environment: clean)
        #expect(help.stdout.contains("default, nord, solarized"))

        // The help and the man page point at the installed docs.
        let docs = prefix.appendingPathComponent("share/doc/tiles/docs").path
        let configHelp = try Self.run(tiles, ["config", "--help"], in: elsewhere, environment: clean)
        #expect(configHelp.stdout.contains("\(docs)/configuration.md"), "\(configHelp.stdout)")
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/tiles.1"), encoding: .utf8)
        #expect(manual.contains(".It Pa \(docs)/"))
        #expect(manual.hasPrefix(".Dd "))
        #expect(manual.contains(".Nm tiles"))
        #expect(manual.contains(".It Cm render"))
        #expect(manual.contains(".It Fl -widget Ar"))
        #expect(manual.contains(".It Cm config set"))
        #expect(!manual.contains("generate-manual"), "the hidden generator is no part of the page")
        // The Chinese page, which man(1) reads under LANG=zh_CN: its sections and help in Chinese.
        let chinese = try String(contentsOf: prefix.appendingPathComponent("share/man/zh_CN/man1/tiles.1"), encoding: .utf8)
        #expect(chinese.contains(".Sh \\[u540D]\\[u79F0]"), "名称")
        #expect(chinese.contains(".It Cm render") && chinese.contains(".It Fl -widget Ar"))
        #expect(!chinese.contains("Render one widget"))
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/tiles"), encoding: .utf8)
        #expect(bash.contains("complete") && bash.contains("render"))
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_tiles"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef tiles"))
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/tiles.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'tiles'"))
        for script in [bash, zsh, fish] {
            #expect(!script.contains("\\u00"), "a completion script was printed with escaped control characters")
        }

        let uninstall = try Self.run(
            "/usr/bin/env", ["make", "-C", repositoryRoot.path, "uninstall", "PREFIX=\(prefix.path)"], in: elsewhere, environment: makeEnvironment)
        #expect(uninstall.status == 0, "make uninstall failed: \(uninstall.stderr)")
        #expect(Self.files(under: prefix) == [])
    }
}
