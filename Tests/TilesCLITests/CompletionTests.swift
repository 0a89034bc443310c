import Foundation
import TestSupport
import Testing

/// Issue 48, item 16: the completion scripts of bash, zsh and fish complete widget kinds (built-in
/// and declared), families, themes, parameters and tile ids, run by the real shells against the
/// built binary, with a config of the test's own.
@Suite(.serialized) struct CompletionTests {
    /// The built `tiles`, and a folder on PATH holding it as `tiles` (fish completes by name).
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    static var tiles: String { products.appendingPathComponent("tiles").path }

    /// A home whose config declares `lamp` (with a `room` parameter) and a board of two tiles.
    static func home() throws -> (URL, [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-completion-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ExecutableFile.write("#!/bin/sh\necho lamp\n", to: folder.appendingPathComponent("lamp.sh").path)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [[widget]]
            kind = "lamp"
            command = ["./lamp.sh"]
            format = "text"
            [[widget.parameter]]
            name = "room"
            type = "string"
            default = "hall"

            [[page]]
            [[page.tile]]
            id = "desk-lamp"
            widget = "lamp"
            [[page.tile]]
            id = "weather"
            widget = "alipay"

            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        var environment = PrivateEnvironment.folders(under: root)
        environment["PATH"] = products.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        environment["LANG"] = "C.UTF-8"
        return (root, environment)
    }

    static func script(_ shell: String, in root: URL) throws -> String {
        let path = root.appendingPathComponent("tiles.\(shell)").path
        let result = try runTiles(["--generate-completion-script", shell])
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(_ shell: String, _ arguments: [String], environment: [String: String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    /// What bash's `_tiles` offers for the words of `line` (the last one being completed).
    static func bash(_ line: [String], script: String, environment: [String: String]) throws -> [String] {
        let words = ([tiles] + line).map { "'\($0)'" }.joined(separator: " ")
        let text = ([tiles] + line).joined(separator: " ")
        let previous = line.count > 1 ? line[line.count - 2] : "tiles"
        // As `complete -F` calls it: the command, the word being completed and the one before.
        return try run("bash", ["-c", """
            source '\(script)'
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count); COMP_LINE='\(text)'; COMP_POINT=${#COMP_LINE}
            _tiles tiles '\(line.last ?? "")' '\(previous)'; printf '%s\\n' "${COMPREPLY[@]}"
            """], environment: environment)
    }

    /// What an interactive fish in tmux shows after `line` and Tab (fish's custom completions
    /// read the command line, which only an interactive fish has).
    static func fish(_ line: String, script: String, environment: [String: String], expecting: String) throws -> String {
        let setUp = "function fish_prompt; echo 'ready> '; end; source '\(script)'"
        let session = try TmuxSession(command: ["fish", "--no-config", "-C", setUp], width: 120, height: 30, environment: environment)
        defer { session.close() }
        try session.waitFor("the prompt") { $0.contains("ready>") }
        try session.sendLiteral(line)
        try session.sendKeys("Tab")
        return try session.waitFor("the completions of \(line)") { $0.contains(expecting) }
    }

    /// What zsh's script gets from the binary for an option's value: its own function, with the
    /// completion system's `__tiles_complete` recording what it would offer.
    static func zsh(_ option: String, _ line: [String], subcommand: String, script: String, environment: [String: String]) throws -> [String] {
        let words = (["tiles"] + line).map { "'\($0)'" }.joined(separator: " ")
        return try run("zsh", ["-f", "-c", """
            source '\(script)' 2>/dev/null
            __tiles_complete() { print -l -- "$@" }
            export SAP_SHELL=zsh SAP_SHELL_VERSION=$ZSH_VERSION
            command_name='\(tiles)'; command_line=(\(words))
            __tiles_custom_complete ---completion \(subcommand) -- \(option) \(line.count) 0
            """], environment: environment)
    }

    @Test func bashCompletesKindsFamiliesThemesParametersAndIDs() throws {
        let (root, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: root) }
        let script = try Self.script("bash", in: root)
        let kinds = try Self.bash(["render", "--widget", ""], script: script, environment: environment)
        #expect(kinds.contains("qqsync") && kinds.contains("todo") && kinds.contains("lamp"), "\(kinds)")
        #expect(try Self.bash(["render", "--widget", "la"], script: script, environment: environment) == ["lamp"])
        let families = try Self.bash(["render", "--family", ""], script: script, environment: environment)
        #expect(families.contains("small") && families.contains("inline") && !families.contains("render"), "\(families)")
        let themes = try Self.bash(["run", "--theme", ""], script: script, environment: environment)
        #expect(Set(themes).isSuperset(of: ["default", "nord", "solarized"]) && !themes.contains("render"), "\(themes)")
        let parameters = try Self.bash(["render", "--widget", "alipay", "--param", ""], script: script, environment: environment)
        #expect(parameters.contains("city=") && parameters.contains("buttons="), "\(parameters)")
        let declared = try Self.bash(["render", "--widget", "lamp", "--param", ""], script: script, environment: environment)
        #expect(declared == ["room="], "\(declared)")
        let reload = try Self.bash(["reload", ""], script: script, environment: environment)
        #expect(reload.contains("commit") && reload.contains("lamp"), "\(reload)")
        let ids = try Self.bash(["config", "set", ""], script: script, environment: environment)
        #expect(ids == ["desk-lamp", "weather"], "\(ids)")
    }

    @Test func fishCompletesKindsFamiliesAndIDs() throws {
        let (root, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: root) }
        let script = try Self.script("fish", in: root)
        let kinds = try Self.fish("tiles render --widget ", script: script, environment: environment, expecting: "lamp")
        #expect(kinds.contains("qqsync") && kinds.contains("countdown"), "\(kinds)")
        let one = try Self.fish("tiles reload la", script: script, environment: environment, expecting: "tiles reload lamp")
        #expect(!one.contains("qqsync"), "one match is put on the line: \(one)")
        let ids = try Self.fish("tiles config set ", script: script, environment: environment, expecting: "desk-lamp")
        #expect(ids.contains("weather"), "\(ids)")
    }

    @Test func zshsScriptAsksTheBinaryForKindsThemesAndParameters() throws {
        let (root, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: root) }
        let script = try Self.script("zsh", in: root)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("---completion render -- --widget") && text.contains("---completion reload -- positional@0"))
        let kinds = try Self.zsh("--widget", ["render", "--widget", ""], subcommand: "render", script: script, environment: environment)
        #expect(kinds.contains("qqsync") && kinds.contains("lamp"), "\(kinds)")
        let themes = try Self.zsh("--theme", ["render", "--theme", ""], subcommand: "render", script: script, environment: environment)
        #expect(themes.contains("nord"), "\(themes)")
        let parameters = try Self.zsh("--param", ["render", "--widget", "lamp", "--param", ""], subcommand: "render", script: script, environment: environment)
        #expect(parameters == ["room="], "\(parameters)")
    }
}
