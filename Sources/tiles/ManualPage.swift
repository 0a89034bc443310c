import ArgumentParser
import FoundationEssentials
import TileBoard
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// `tiles generate-manual` (hidden): prints the tiles(1) manual page, which `make install`
/// installs. The page is built from the command-line definitions themselves (ArgumentParser's
/// description of every command and option), so it cannot drift from `--help`.
struct GenerateManual: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-manual",
        abstract: L("help.manual.abstract"),
        shouldDisplay: false
    )

    @Option(help: ArgumentHelp(L("help.manual.date")))
    var date: String?

    /// Read before parsing (`Tiles.languageArgument`); declared so that it parses.
    @Option(help: ArgumentHelp(L("help.manual.language")))
    var language: Language?

    func run() throws {
        let day: Date
        if let date {
            guard let parsed = ManualPage.parseDay(date) else {
                throw UsageError(message: "--date '\(date)' is not a date; write it as yyyy-mm-dd, e.g. 2026-11-24")
            }
            day = parsed
        } else {
            day = Date()
        }
        let page = try ManualPage.render(ManualPage.toolInfo(), date: day)
        DescriptorWriting.standardOutput(page)
    }
}

/// The mdoc text of tiles(1), from ArgumentParser's JSON description of the commands
/// (`--experimental-dump-help`) plus the environment, files and exit status of docs/design.md.
enum ManualPage {
    /// The subset of ArgumentParser's tool description (serialization version 0) the page uses.
    struct ToolInfo: Decodable {
        var serializationVersion: Int
        var command: Command
    }

    /// A command or subcommand.
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    /// A positional argument, an option or a flag.
    struct Argument: Decodable {
        var kind: String
        var shouldDisplay: Bool
        var isOptional: Bool
        var isRepeating: Bool
        var names: [Name]?
        var valueName: String?
        var defaultValue: String?
        var abstract: String?
        var discussion: String?

        struct Name: Decodable {
            var kind: String
            var name: String
        }
    }

    /// The description ArgumentParser gives of `Tiles`, decoded.
    static func toolInfo() throws -> ToolInfo {
        let json: String
        do {
            _ = try Tiles.parseAsRoot(["--experimental-dump-help"])
            throw UsageError(message: "ArgumentParser printed no command description")
        } catch let error as UsageError {
            throw error
        } catch {
            json = Tiles.fullMessage(for: error)
        }
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(json.utf8))
        guard info.serializationVersion == 0 else {
            throw CommandFailure(message: "unknown ArgumentParser description version \(info.serializationVersion); the manual generator reads version 0")
        }
        return info
    }

    /// `text` (yyyy-mm-dd) as a day, or nil.
    static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return Date(timeIntervalSince1970: Double(CivilDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400)
    }

    /// `date`'s day in UTC as mdoc dates it: `November 27, 2026`.
    static func dayText(_ date: Date) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let (year, month, day) = CivilDate.date(daysSinceEpoch: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        return "\(months[month - 1]) \(day), \(year)"
    }

    /// The whole page for `info`, dated `date`.
    static func render(_ info: ToolInfo, date: Date) -> String {
        let root = info.command
        var lines = [
            ".Dd \(dayText(date))",
            ".Dt TILES 1",
            ".Os",
            ".Sh \(escape(L("manual.name")))",
            ".Nm \(root.commandName)",
            ".Nd \(escape(sentence(root.abstract ?? "")))",
            ".Sh \(escape(L("manual.synopsis")))",
        ]
        lines += synopsis(root, path: [])
        lines += [".Sh \(escape(L("manual.description")))"]
        lines += paragraphs(root.discussion ?? root.abstract ?? "")
        lines += [".Pp", escape(L("manual.without_subcommand"))]
        lines += [".Sh \(escape(L("manual.options")))"]
        lines += argumentList(root.arguments ?? [], keepHelp: true)
        lines += [".Sh \(escape(L("manual.commands")))", ".Bl -tag -width 6n"]
        for subcommand in visible(root.subcommands) {
            lines += commandItem(subcommand, path: [])
        }
        lines += [".El"]
        lines += staticSections
        return lines.joined(separator: "\n") + "\n"
    }

    private static func visible(_ commands: [Command]?) -> [Command] {
        (commands ?? []).filter { $0.shouldDisplay ?? true }
    }

    private static func synopsis(_ command: Command, path: [String]) -> [String] {
        var lines = [".Nm"]
        if !path.isEmpty { lines.append(".Cm \(path.joined(separator: " "))") }
        if !visible(command.subcommands).isEmpty { lines.append(".Op Ar subcommand") }
        lines.append(".Op Ar options")
        return lines
    }

    /// One `.It` for a subcommand with its options, then its own subcommands after it.
    private static func commandItem(_ command: Command, path: [String]) -> [String] {
        let fullPath = path + [command.commandName]
        var lines = [".It Cm \(fullPath.joined(separator: " "))"]
        let positionals = (command.arguments ?? []).filter { $0.kind == "positional" && $0.shouldDisplay }
        if let first = lines.popLast() {
            lines.append(first + positionals.map { " " + usage($0) }.joined())
        }
        lines += paragraphs(command.abstract ?? "")
        if let discussion = command.discussion, !discussion.isEmpty {
            lines.append(".Pp")
            lines += paragraphs(discussion)
        }
        let arguments = (command.arguments ?? []).filter { $0.shouldDisplay }
        if !arguments.filter({ !isHelp($0) }).isEmpty {
            lines += argumentList(arguments, keepHelp: false)
        }
        for subcommand in visible(command.subcommands) {
            lines += commandItem(subcommand, path: fullPath)
        }
        return lines
    }

    /// `--help` and `--version`, which every subcommand repeats: listed once, under OPTIONS.
    private static func isHelp(_ argument: Argument) -> Bool {
        argument.names?.contains { $0.name == "help" || $0.name == "version" } ?? false
    }

    /// How an argument is written on the command line, in mdoc macros.
    private static func usage(_ argument: Argument) -> String {
        let value = "Ar \(argument.valueName ?? "value")" + (argument.isRepeating ? " ..." : "")
        if argument.kind == "positional" {
            return argument.isOptional ? "Op \(value)" : value
        }
        let names = (argument.names ?? []).map { name in
            switch name.kind {
            case "long": "Fl -\(name.name)"
            case "longWithSingleDash": "Fl \(name.name)"
            default: "Fl \(name.name)"
            }
        }
        let written = names.joined(separator: " , ")
        return argument.kind == "option" ? "\(written) \(value)" : written
    }

    private static func argumentList(_ arguments: [Argument], keepHelp: Bool) -> [String] {
        let shown = arguments.filter { $0.shouldDisplay && (keepHelp || !isHelp($0)) }
        guard !shown.isEmpty else { return [] }
        var lines = [".Bl -tag -width 6n"]
        for argument in shown {
            lines.append(".It \(usage(argument))")
            var text = argument.abstract ?? ""
            if let value = argument.defaultValue, !value.isEmpty { text += L("manual.default", ["value": value]) }
            lines += paragraphs(text)
            if let discussion = argument.discussion, !discussion.isEmpty {
                lines.append(".Pp")
                lines += paragraphs(discussion)
            }
        }
        lines.append(".El")
        return lines
    }

    /// `text` as mdoc: blank lines separate paragraphs; indented lines (examples) are literal.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var literal = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let isIndented = raw.hasPrefix(" ")
            if raw.trimmingSpaces().isEmpty {
                if literal { lines.append(".Ed"); literal = false }
                if lines.last != ".Pp" && !lines.isEmpty { lines.append(".Pp") }
                continue
            }
            if isIndented && !literal { lines.append(".Bd -literal -offset indent"); literal = true }
            if !isIndented && literal { lines.append(".Ed"); literal = false }
            lines.append(escape(literal && raw.hasPrefix("  ") ? String(raw.dropFirst(2)) : raw))
        }
        if literal { lines.append(".Ed") }
        while lines.last == ".Pp" { lines.removeLast() }
        return lines
    }

    /// `text` made safe for roff: backslashes written as `\e`, characters beyond ASCII as
    /// `\[uXXXX]` (so the page reads the same without a UTF-8 preprocessor), and a line that would
    /// start with a control character (`.` or `'`) guarded with `\&`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\e"
            } else if scalar.isASCII {
                escaped.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `.It head` over the text of `key`, for each pair.
    private static func items(_ pairs: [(head: String, key: String)]) -> [String] {
        pairs.flatMap { [".It \($0.head)", escape(L($0.key))] }
    }

    /// What the command definitions do not say: exit status, environment, files, see also, in the
    /// language in use.
    private static var staticSections: [String] {
        let exitStatus = items([
            ("0", "manual.exit_0"), ("2", "manual.exit_2"), ("1", "manual.exit_1"), ("3", "manual.exit_3"),
        ])
        let environment = items([
            ("Ev XDG_CONFIG_HOME , XDG_CACHE_HOME , XDG_STATE_HOME , XDG_DATA_HOME , XDG_RUNTIME_DIR", "manual.env_xdg"),
            ("Ev TILES_HITOKOTO_URL , TILES_OPEN_METEO_URL , TILES_GEOCODING_URL , TILES_GITHUB_API_URL", "manual.env_services"),
            ("Ev https_proxy , HTTPS_PROXY , http_proxy , all_proxy , ALL_PROXY , no_proxy , NO_PROXY", "manual.env_proxy"),
            ("Ev GITHUB_TOKEN", "manual.env_github"),
            ("Ev TILES_OPENER , BROWSER", "manual.env_opener"),
            ("Ev TZ , TZFILE", "manual.env_tz"),
            ("Ev LC_ALL , LC_MESSAGES , LANG", "manual.env_language"),
            ("Ev NO_COLOR", "manual.env_no_color"),
            ("Ev COLORTERM", "manual.env_colorterm"),
        ])
        let files = items([
            ("Pa $XDG_CONFIG_HOME/tiles/config.toml", "manual.file_config"),
            ("Pa $XDG_CONFIG_HOME/tiles/themes/", "manual.file_themes"),
            ("Pa $XDG_STATE_HOME/tiles/state.json", "manual.file_state"),
            ("Pa $XDG_STATE_HOME/tiles/tiles.log", "manual.file_log"),
            ("Pa $XDG_CACHE_HOME/tiles/", "manual.file_cache"),
            ("Pa $XDG_DATA_HOME/tiles/store.json", "manual.file_store"),
            ("Pa $XDG_RUNTIME_DIR/tiles/", "manual.file_runtime"),
            ("Pa $XDG_STATE_HOME/tiles/alerts.json", "manual.file_alerts"),
            ("Pa \(TilesDocumentation.folder ?? "share/doc/tiles/docs")/", "manual.file_docs"),
        ])
        return [".Sh \(escape(L("manual.exit_status")))", ".Bl -tag -width 3n -compact"] + exitStatus + [".El"]
            + [".Sh \(escape(L("manual.environment")))", ".Bl -tag -width 6n"] + environment + [".El"]
            + [".Sh \(escape(L("manual.files")))", ".Bl -tag -width 6n -compact"] + files + [".El"]
            + [".Sh \(escape(L("manual.see_also")))", ".Xr tmux 1 ,", ".Xr ncurses 3X"]
    }
}
