import FoundationEssentials
import TOML
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Turns a parsed theme file into a `Theme`, checking every entry; each error names the place in
/// the file to fix.
struct ThemeReader {
    let file: String

    private static let colorKeys: Set<String> = ["light", "dark", "any"]
    private static let entryShape = ##"{ light = "#RRGGBB", dark = "#RRGGBB" } or { any = "#RRGGBB" }"##
    /// Where a missing top-level key belongs.
    private static let top = TOMLPosition(line: 1, column: 1, offset: 0)

    /// One colour entry: its name's parts under `colors`, its value and where its key is.
    private struct Entry {
        var path: [String]
        var value: TOMLValue
        var position: TOMLPosition
    }

    func read(_ table: TOMLTable) throws(ThemeError) -> Theme {
        // Collect every problem, then report the first in the file, as a reader fixing errors
        // top to bottom expects.
        var errors: [ThemeError] = []
        for key in table.keys where key != "name" && key != "colors" {
            errors.append(error(at: table.position(of: key), "unknown key \"\(TOMLError.shown(key))\" at the top level; expected name and [colors]"))
        }
        var name = ""
        if let value = table["name"] {
            if let string = value.string, !string.trimmingSpaces().isEmpty {
                name = string
            } else {
                errors.append(error(at: table.position(of: "name"), "name must be a non-empty string, found \(value.shownInMessage)"))
            }
        } else {
            errors.append(error(at: Self.top, #"missing name; add name = "My Theme" at the top"#))
        }
        var colors: [String: Theme.Appearance] = [:]
        if let value = table["colors"] {
            if let table = value.table {
                readColors(table, into: &colors, errors: &errors)
            } else {
                errors.append(error(at: table.position(of: "colors"), "colors must be a table ([colors]), found \(value.shownInMessage)"))
            }
        } else {
            errors.append(error(at: Self.top, ##"missing [colors]; add [colors] with entries like "text.primary" = "## + Self.entryShape))
        }
        if let first = Self.first(errors) { throw first }
        return Theme(name: name, colors: colors)
    }

    /// Reads every colour entry, in source order so that of two entries with the same name
    /// (`"text.primary"` and `text.primary`) the later one is the error.
    private func readColors(_ table: TOMLTable, into colors: inout [String: Theme.Appearance], errors: inout [ThemeError]) {
        var entries: [Entry] = []
        collectEntries(table, at: [], into: &entries)
        for entry in entries.sorted(by: { $0.position < $1.position }) {
            // Most names are one quoted key ("text.primary"): a one-part path is not joined through
            // the generic, unspecialized `joined`.
            let key = entry.path.count == 1 ? entry.path[0] : entry.path.joined(separator: ".")
            // Shown (quoted safely) only in an error, so it is made only for one.
            let name = { TOMLError.shown(key) }
            // A control character in a name would reach the terminal when the name is shown.
            if entry.path.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) {
                errors.append(error(at: entry.position, "colour \"\(name())\" has a control character in its name; colour names are words like text.primary"))
                continue
            }
            do throws(ThemeError) {
                let appearance = try readAppearance(entry, name: key)
                if colors[key] != nil {
                    errors.append(error(at: entry.position, "colour \"\(name())\" is defined twice"))
                } else {
                    colors[key] = appearance
                }
            } catch {
                errors.append(error)
            }
        }
    }

    /// The entries of `table`, recursing into tables that only group further entries.
    private func collectEntries(_ table: TOMLTable, at path: [String], into entries: inout [Entry]) {
        for (key, value) in table {
            if let group = value.table, isGroup(group) {
                collectEntries(group, at: path + [key], into: &entries)
            } else if let position = table.position(of: key) {
                entries.append(Entry(path: path + [key], value: value, position: position))
            }
        }
    }

    /// A table that names no colour value but holds only tables is a group such as
    /// `[colors.text]`; anything else is meant as a colour entry and checked as one.
    private func isGroup(_ table: TOMLTable) -> Bool {
        !table.isEmpty && Self.colorKeys.isDisjoint(with: table.keys) && table.values.allSatisfy { $0.table != nil }
    }

    /// `name`: the colour's key, shown (quoted safely) only in an error.
    private func readAppearance(_ entry: Entry, name: String) throws(ThemeError) -> Theme.Appearance {
        guard let table = entry.value.table else {
            throw error(at: entry.position, "colour \"\(TOMLError.shown(name))\" must be a table \(Self.entryShape), found \(entry.value.shownInMessage)")
        }
        for key in table.keys where !Self.colorKeys.contains(key) {
            throw error(at: table.position(of: key), "colour \"\(TOMLError.shown(name))\" has unknown key \"\(TOMLError.shown(key))\"; expected light and dark, or any")
        }
        let light = table["light"], dark = table["dark"]
        if let any = table["any"] {
            if light != nil || dark != nil {
                let extra = light != nil ? "light" : "dark"
                throw error(at: table.position(of: extra), "colour \"\(TOMLError.shown(name))\" has both any and \(extra); use any alone, or light and dark")
            }
            return Theme.Appearance(any: try hexColor(any, key: "any", in: table, name: name))
        }
        guard let light, let dark else {
            let message: String
            switch (light, dark) {
            case (nil, nil): message = "colour \"\(TOMLError.shown(name))\" needs light and dark, or any"
            case (nil, _): message = "colour \"\(TOMLError.shown(name))\" has dark but no light; add light = \"#RRGGBB\", or use any for one value in both schemes"
            default: message = "colour \"\(TOMLError.shown(name))\" has light but no dark; add dark = \"#RRGGBB\", or use any for one value in both schemes"
            }
            throw error(at: entry.position, message)
        }
        return Theme.Appearance(
            light: try hexColor(light, key: "light", in: table, name: name),
            dark: try hexColor(dark, key: "dark", in: table, name: name)
        )
    }

    private func hexColor(_ value: TOMLValue, key: String, in table: TOMLTable, name: String) throws(ThemeError) -> RGBColor {
        // RGBColor(hexString:) also takes a missing "#" and a sign; the file format is stricter.
        let isHexDigit: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
        if let string = value.string, string.utf8.count == 7, string.utf8.first == UInt8(ascii: "#"),
           string.utf8.dropFirst().allSatisfy(isHexDigit), let color = RGBColor(hexString: string) {
            return color
        }
        throw error(at: table.position(of: key), "colour \"\(TOMLError.shown(name))\" \(key) must be \"#RRGGBB\" (# and six hex digits), found \(value.shownInMessage)")
    }

    /// The error that comes first in the file; of errors at one place, the first collected.
    private static func first(_ errors: [ThemeError]) -> ThemeError? {
        errors.min { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    private func error(at position: TOMLPosition?, _ message: String) -> ThemeError {
        let position = position ?? Self.top
        return ThemeError(file: file, line: position.line, column: position.column, message: message)
    }
}
