import Foundation
import TOMLKit

/// A named set of colours, each with a light and a dark value, like an asset catalog's Any/Dark
/// appearances. Views name them with `Color("widget.background")`; files in `Themes/` define them.
public struct Theme: Hashable, Sendable {
    /// One named colour's values for the two schemes.
    public struct Appearance: Hashable, Sendable {
        /// The value in light mode (an asset catalog's Any appearance).
        public var light: RGBColor
        /// The value in dark mode.
        public var dark: RGBColor

        /// A colour with a value for each scheme.
        public init(light: RGBColor, dark: RGBColor) {
            self.light = light
            self.dark = dark
        }

        /// A colour that is the same in both schemes (`{ any = "#RRGGBB" }` in a theme file).
        public init(any: RGBColor) {
            self.init(light: any, dark: any)
        }

        /// The value for `scheme`.
        public func color(for scheme: ColorScheme) -> RGBColor {
            scheme == .dark ? dark : light
        }
    }

    /// The display name, shown when switching themes.
    public var name: String
    /// The colours by name (`text.primary`, `widget.background`, …).
    public var colors: [String: Appearance]

    /// A theme from values in code.
    public init(name: String, colors: [String: Appearance]) {
        self.name = name
        self.colors = colors
    }

    /// The value of colour `named` in `scheme`; nil when the theme does not define it.
    public func color(named: String, scheme: ColorScheme) -> RGBColor? {
        colors[named]?.color(for: scheme)
    }

    /// The names the built-in widgets and the board draw with; every built-in theme defines them.
    public static let requiredColorNames: [String] = [
        "board.background", "widget.background", "widget.border",
        "text.primary", "text.secondary", "text.inverse", "accent",
        "button.background", "button.text", "gradient.start", "gradient.end",
        "status.background", "status.text", "status.stale",
        "hint.background", "hint.text", "focus.border",
    ]

    /// The names in `requiredColorNames` this theme lacks, in that list's order.
    public var missingRequiredColorNames: [String] {
        Theme.requiredColorNames.filter { colors[$0] == nil }
    }

    /// This theme with every colour it lacks taken from `base`: how a user's partial theme can
    /// still draw everything.
    public func completed(from base: Theme) -> Theme {
        Theme(name: name, colors: colors.merging(base.colors) { own, _ in own })
    }

    /// Parses TOML text; `file` is used only in error messages.
    ///
    /// The format: `name = "…"` and a `[colors]` table whose entries are
    /// `"text.primary" = { light = "#RRGGBB", dark = "#RRGGBB" }` or `"accent" = { any = "#RRGGBB" }`.
    /// Dotted bare keys (`text.primary = { … }`) and sub-tables (`[colors.text]`) name the same
    /// colours, since TOML reads them as nested tables. Of several errors, the first in the file
    /// is reported.
    public init(toml: String, file: String) throws(ThemeError) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw ThemeError(
                file: file, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description
            )
        } catch {
            throw ThemeError(file: file, line: nil, column: nil, message: "invalid TOML: \(error)")
        }
        self = try ThemeReader(file: file, source: toml).read(table)
    }

    /// Reads and parses the theme file at `url`; errors name the file by its path.
    public static func load(contentsOf url: URL) throws(ThemeError) -> Theme {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ThemeError(file: url.path, line: nil, column: nil, message: "cannot read the theme: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ThemeError(file: url.path, line: nil, column: nil, message: "not UTF-8 text")
        }
        return try Theme(toml: text, file: url.path)
    }
}

/// Why a theme could not be loaded, with the place in the file to fix.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// What is wrong and what would be right.
    public var message: String

    /// An error at `file:line:column`.
    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, leaving out the parts that are unknown, as compilers do.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}

/// Turns a parsed TOML table into a `Theme`, checking every entry.
private struct ThemeReader {
    let file: String
    let locator: TOMLKeyLocator

    private static let colorKeys: Set<String> = ["light", "dark", "any"]
    private static let entryShape = ##"{ light = "#RRGGBB", dark = "#RRGGBB" } or { any = "#RRGGBB" }"##

    init(file: String, source: String) {
        self.file = file
        self.locator = TOMLKeyLocator(source: source)
    }

    func read(_ table: TOMLTable) throws(ThemeError) -> Theme {
        // Collect every problem, then report the first in the file, as a reader fixing errors
        // top to bottom expects; TOMLKit's tables iterate in key order, not source order.
        var errors: [ThemeError] = []
        for key in table.keys where key != "name" && key != "colors" {
            errors.append(error(at: [key], "unknown key \"\(key)\" at the top level; expected name and [colors]"))
        }
        var name = ""
        if let value = table["name"] {
            if let string = value.string, !string.trimmingCharacters(in: .whitespaces).isEmpty {
                name = string
            } else {
                errors.append(error(at: ["name"], "name must be a non-empty string, found \(describe(value))"))
            }
        } else {
            errors.append(error(at: [], #"missing name; add name = "My Theme" at the top"#))
        }
        var colors: [String: Theme.Appearance] = [:]
        if let value = table["colors"] {
            if let table = value.table {
                readColors(table, into: &colors, errors: &errors)
            } else {
                errors.append(error(at: ["colors"], "colors must be a table ([colors]), found \(describe(value))"))
            }
        } else {
            errors.append(error(at: [], ##"missing [colors]; add [colors] with entries like "text.primary" = "## + Self.entryShape))
        }
        if let first = Self.first(errors) { throw first }
        return Theme(name: name, colors: colors)
    }

    /// Reads every colour entry, in source order so that of two entries with the same name
    /// (`"text.primary"` and `text.primary`) the later one is the error.
    private func readColors(_ table: TOMLTable, into colors: inout [String: Theme.Appearance], errors: inout [ThemeError]) {
        var entries: [(path: [String], value: TOMLValueConvertible)] = []
        collectEntries(table, at: ["colors"], into: &entries)
        let positions = entries.map { locator.position(of: $0.path).map { ($0.line, $0.column) } ?? (0, 0) }
        for index in entries.indices.sorted(by: { positions[$0] < positions[$1] }) {
            let (path, value) = entries[index]
            let name = path.dropFirst().joined(separator: ".")
            do throws(ThemeError) {
                let appearance = try readAppearance(value, at: path, name: name)
                if colors[name] != nil {
                    errors.append(error(at: path, "colour \"\(name)\" is defined twice"))
                } else {
                    colors[name] = appearance
                }
            } catch {
                errors.append(error)
            }
        }
    }

    /// The entries of `table`, recursing into tables that only group further entries.
    private func collectEntries(_ table: TOMLTable, at path: [String], into entries: inout [(path: [String], value: TOMLValueConvertible)]) {
        for (key, value) in table {
            if let group = value.table, isGroup(group) {
                collectEntries(group, at: path + [key], into: &entries)
            } else {
                entries.append((path + [key], value))
            }
        }
    }

    /// A table that names no colour value but holds only tables is a group such as
    /// `[colors.text]`; anything else is meant as a colour entry and checked as one.
    private func isGroup(_ table: TOMLTable) -> Bool {
        !table.isEmpty && Self.colorKeys.isDisjoint(with: table.keys) && table.values.allSatisfy { $0.type == .table }
    }

    private func readAppearance(_ value: TOMLValueConvertible, at path: [String], name: String) throws(ThemeError) -> Theme.Appearance {
        guard let entry = value.table else {
            throw error(at: path, "colour \"\(name)\" must be a table \(Self.entryShape), found \(describe(value))")
        }
        let unknown = entry.keys.filter { !Self.colorKeys.contains($0) }.map { key in
            error(at: path + [key], "colour \"\(name)\" has unknown key \"\(key)\"; expected light and dark, or any")
        }
        if let first = Self.first(unknown) { throw first }
        let light = entry["light"], dark = entry["dark"]
        if let any = entry["any"] {
            if light != nil || dark != nil {
                let extra = light != nil ? "light" : "dark"
                throw error(at: path + [extra], "colour \"\(name)\" has both any and \(extra); use any alone, or light and dark")
            }
            return Theme.Appearance(any: try hexColor(any, at: path + ["any"], name: name))
        }
        guard let light, let dark else {
            let message: String
            switch (light, dark) {
            case (nil, nil): message = "colour \"\(name)\" needs light and dark, or any"
            case (nil, _): message = "colour \"\(name)\" has dark but no light; add light = \"#RRGGBB\", or use any for one value in both schemes"
            default: message = "colour \"\(name)\" has light but no dark; add dark = \"#RRGGBB\", or use any for one value in both schemes"
            }
            throw error(at: path, message)
        }
        return Theme.Appearance(
            light: try hexColor(light, at: path + ["light"], name: name),
            dark: try hexColor(dark, at: path + ["dark"], name: name)
        )
    }

    private func hexColor(_ value: TOMLValueConvertible, at path: [String], name: String) throws(ThemeError) -> RGBColor {
        // RGBColor(hexString:) also takes a missing "#" and a sign; the file format is stricter.
        let isHexDigit: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
        if let string = value.string, string.utf8.count == 7, string.utf8.first == UInt8(ascii: "#"),
           string.utf8.dropFirst().allSatisfy(isHexDigit), let color = RGBColor(hexString: string) {
            return color
        }
        let key = path.last ?? ""
        throw error(at: path, "colour \"\(name)\" \(key) must be \"#RRGGBB\" (# and six hex digits), found \(describe(value))")
    }

    /// The error that comes first in the file; of errors at one place, the first collected.
    private static func first(_ errors: [ThemeError]) -> ThemeError? {
        errors.min { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    private func error(at path: [String], _ message: String) -> ThemeError {
        // A missing top-level key has no line; line 1 is where it belongs.
        let position = locator.position(of: path)
        return ThemeError(file: file, line: position?.line ?? 1, column: position?.column, message: message)
    }

    /// A value as an error message shows it: strings quoted, other kinds by type and value.
    private func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "\"\(value.string ?? "")\""
        case .int: return "integer \(value.int.map(String.init) ?? "")"
        case .double: return "number \(value.double.map { String($0) } ?? "")"
        case .bool: return "boolean \(value.bool.map(String.init) ?? "")"
        case .table: return "a table"
        case .array: return "an array"
        case .date, .time, .dateTime: return "a \(value.type.description)"
        }
    }
}
