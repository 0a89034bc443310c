import Foundation
import Testing
@testable import TileKit
import TileUI

@Suite struct ThemeTests {
    // MARK: Parsing

    @Test func parsesLightDarkAndAny() throws {
        let theme = try Theme(toml: """
            # tiles theme
            name = "Test"
            [colors]
            "text.primary" = { light = "#000000", dark = "#FFFFFF" }
            "accent" = { any = "#0a84ff" }
            """, file: "test.toml")
        #expect(theme.name == "Test")
        #expect(theme.color(named: "text.primary", scheme: .light) == RGBColor(hex: 0x000000))
        #expect(theme.color(named: "text.primary", scheme: .dark) == RGBColor(hex: 0xFFFFFF))
        #expect(theme.color(named: "accent", scheme: .light) == RGBColor(hex: 0x0A84FF))
        #expect(theme.color(named: "accent", scheme: .dark) == RGBColor(hex: 0x0A84FF))
        #expect(theme.color(named: "missing", scheme: .dark) == nil)
        #expect(theme.colors.count == 2)
    }

    /// TOML reads `text.primary = …` and `[colors.text]` as nested tables; both name "text.primary".
    @Test func dottedKeysAndSubTablesNameTheSameColours() throws {
        let theme = try Theme(toml: """
            name = "Nested"
            [colors]
            text.primary = { light = "#111111", dark = "#EEEEEE" }
            [colors.widget]
            background = { any = "#222222" }
            [colors.button.text]
            light = "#333333"
            dark = "#444444"
            """, file: "nested.toml")
        #expect(theme.colors == [
            "text.primary": Theme.Appearance(light: RGBColor(hex: 0x111111), dark: RGBColor(hex: 0xEEEEEE)),
            "widget.background": Theme.Appearance(any: RGBColor(hex: 0x222222)),
            "button.text": Theme.Appearance(light: RGBColor(hex: 0x333333), dark: RGBColor(hex: 0x444444)),
        ])
    }

    @Test func emptyColorsTableIsAValidTheme() throws {
        let theme = try Theme(toml: "name = \"Empty\"\n[colors]\n", file: "empty.toml")
        #expect(theme == Theme(name: "Empty", colors: [:]))
        #expect(theme.missingRequiredColorNames == Theme.requiredColorNames)
        #expect(theme.completed(from: .default).missingRequiredColorNames.isEmpty)
        #expect(theme.completed(from: .default).name == "Empty")
    }

    // MARK: Errors

    private func error(_ toml: String, file: String = "t.toml") -> String? {
        do {
            _ = try Theme(toml: toml, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        #expect(error("name = \"X\"\n[colors]\n\"a\" = { light = \"#000000\" dark = \"#FFFFFF\" }\n")
            == "t.toml:3:27: expected ',' or '}' in the inline table that starts at 3:7, found 'd'")
        #expect(error("name = \"X\"\n[colors\n", file: "themes/mine.toml")
            == "themes/mine.toml:2:8: expected ']' to close the table header, found end of line")
    }

    @Test func missingNameOrColors() {
        #expect(error("[colors]\n") == ##"t.toml:1:1: missing name; add name = "My Theme" at the top"##)
        #expect(error("name = \"X\"\n") == ##"t.toml:1:1: missing [colors]; add [colors] with entries like "text.primary" = { light = "#RRGGBB", dark = "#RRGGBB" } or { any = "#RRGGBB" }"##)
        #expect(error("\nname = 3\n[colors]\n") == "t.toml:2:1: name must be a non-empty string, found 3")
        #expect(error("name = \" \"\n[colors]\n") == ##"t.toml:1:1: name must be a non-empty string, found " ""##)
    }

    @Test func colorsMustBeATable() {
        #expect(error("name = \"X\"\ncolors = \"red\"\n") == ##"t.toml:2:1: colors must be a table ([colors]), found "red""##)
        #expect(error("name = \"X\"\ncolors = [1, 2]\n") == "t.toml:2:1: colors must be a table ([colors]), found an array")
    }

    @Test func entryMustBeATable() {
        #expect(error("""
            name = "X"
            [colors]
            "text.primary" = { light = "#000000", dark = "#FFFFFF" }
              "accent" = "#0A84FF"
            """) == ##"t.toml:4:3: colour "accent" must be a table { light = "#RRGGBB", dark = "#RRGGBB" } or { any = "#RRGGBB" }, found "#0A84FF""##)
    }

    @Test func valuesMustBeHashRRGGBB() {
        let cases: [(String, String)] = [
            (##""accent" = { light = "#12345", dark = "#FFFFFF" }"##,
             ##"t.toml:3:14: colour "accent" light must be "#RRGGBB" (# and six hex digits), found "#12345""##),
            (##""accent" = { light = "#000000", dark = "FFFFFF" }"##,
             ##"t.toml:3:33: colour "accent" dark must be "#RRGGBB" (# and six hex digits), found "FFFFFF""##),
            (##""accent" = { any = "#+12345" }"##,
             ##"t.toml:3:14: colour "accent" any must be "#RRGGBB" (# and six hex digits), found "#+12345""##),
            (##""accent" = { any = 0x0A84FF }"##,
             ##"t.toml:3:14: colour "accent" any must be "#RRGGBB" (# and six hex digits), found 689407"##),
            (##""accent" = { any = "#GGGGGG" }"##,
             ##"t.toml:3:14: colour "accent" any must be "#RRGGBB" (# and six hex digits), found "#GGGGGG""##),
        ]
        for (line, expected) in cases {
            #expect(error("name = \"X\"\n[colors]\n\(line)\n") == expected)
        }
    }

    @Test func entryKeysMustBeLightAndDarkOrAny() {
        let cases: [(String, String)] = [
            (##""accent" = { lihgt = "#000000", dark = "#FFFFFF" }"##,
             ##"t.toml:3:14: colour "accent" has unknown key "lihgt"; expected light and dark, or any"##),
            (##""accent" = { any = "#000000", dark = "#FFFFFF" }"##,
             ##"t.toml:3:31: colour "accent" has both any and dark; use any alone, or light and dark"##),
            (##""accent" = { light = "#000000" }"##,
             ##"t.toml:3:1: colour "accent" has light but no dark; add dark = "#RRGGBB", or use any for one value in both schemes"##),
            (##""accent" = { dark = "#000000" }"##,
             ##"t.toml:3:1: colour "accent" has dark but no light; add light = "#RRGGBB", or use any for one value in both schemes"##),
            (##""accent" = { zz = 1, aa = 2 }"##,
             ##"t.toml:3:14: colour "accent" has unknown key "zz"; expected light and dark, or any"##),
            (##""accent" = {}"##,
             ##"t.toml:3:1: colour "accent" needs light and dark, or any"##),
        ]
        for (line, expected) in cases {
            #expect(error("name = \"X\"\n[colors]\n\(line)\n") == expected)
        }
    }

    @Test func unknownTopLevelKey() {
        #expect(error("name = \"X\"\nauthor = \"me\"\n[colors]\n")
            == ##"t.toml:2:1: unknown key "author" at the top level; expected name and [colors]"##)
    }

    @Test func sameColourTwiceIsAnError() {
        #expect(error("""
            name = "X"
            [colors]
            "text.primary" = { any = "#000000" }
            text.primary = { any = "#111111" }
            """) == ##"t.toml:4:6: colour "text.primary" is defined twice"##)
    }

    /// Errors are collected and the first in the file is reported.
    @Test func reportsTheFirstErrorInTheFile() {
        #expect(error("""
            name = "X"
            [colors]
            "zebra" = { any = "#00000" }
            "apple" = { any = "nope" }
            """) == ##"t.toml:3:13: colour "zebra" any must be "#RRGGBB" (# and six hex digits), found "#00000""##)
    }

    /// Positions come from the parser, so strings, arrays and comments cannot mislead them.
    @Test func errorLinesSurviveTrickySource() {
        let toml = """
            name = "X = { light = 1 }"   # a comment with [colors] and "accent" = 1
            [colors]
            'widget.border' = { light = "#000000", dark = "#FFFFFF" }
            [colors."accent"]
            light = "#000000"
                dark  = "#00000G"
            """
        #expect(error(toml) == ##"t.toml:6:5: colour "accent" dark must be "#RRGGBB" (# and six hex digits), found "#00000G""##)
    }

    @Test func loadNamesTheFileInErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.toml")
        try "name = \"Good\"\n[colors]\naccent = { any = \"#0A84FF\" }\n".write(to: good, atomically: true, encoding: .utf8)
        #expect(try Theme.load(contentsOf: good).color(named: "accent", scheme: .dark) == RGBColor(hex: 0x0A84FF))

        let bad = directory.appendingPathComponent("bad.toml")
        try "name = \"Bad\"\n[colors]\naccent = { any = \"blue\" }\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(throws: ThemeError(file: bad.path, line: 3, column: 12,
                                   message: ##"colour "accent" any must be "#RRGGBB" (# and six hex digits), found "blue""##)) {
            try Theme.load(contentsOf: bad)
        }

        let missing = directory.appendingPathComponent("missing.toml")
        do {
            _ = try Theme.load(contentsOf: missing)
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.file == missing.path)
            #expect(error.line == nil)
            #expect(error.description.hasPrefix("\(missing.path): cannot read the theme: "))
        }
    }

    @Test func errorDescriptionLeavesOutUnknownParts() {
        #expect(ThemeError(file: "a.toml", line: 3, column: 7, message: "m").description == "a.toml:3:7: m")
        #expect(ThemeError(file: "a.toml", line: 3, column: nil, message: "m").description == "a.toml:3: m")
        #expect(ThemeError(file: "a.toml", line: nil, column: nil, message: "m").description == "a.toml: m")
    }

    // MARK: Built-in themes

    private static let themesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Themes")

    @Test func embeddedTextsEqualTheThemeFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.themesDirectory.path)
            .filter { $0.hasSuffix(".toml") }.sorted()
        #expect(files == BuiltinThemeSource.all.map(\.fileName).sorted())
        for source in BuiltinThemeSource.all {
            let text = try String(contentsOf: Self.themesDirectory.appendingPathComponent(source.fileName), encoding: .utf8)
            #expect(source.text == text, "\(source.fileName) differs from its embedded copy in BuiltinThemes.swift")
        }
    }

    @Test func builtinThemesParseFromTheirFiles() throws {
        #expect(Theme.builtin.map(\.name) == ["Default", "Nord", "Solarized"])
        #expect(Theme.default == Theme.builtin[0])
        for (theme, source) in zip(Theme.builtin, BuiltinThemeSource.all) {
            #expect(try Theme.load(contentsOf: Self.themesDirectory.appendingPathComponent(source.fileName)) == theme)
        }
    }

    @Test func defaultThemeIsItsFilesValues() {
        #expect(Theme.default == BuiltinThemeSource.all[0].theme, "Theme.default in BuiltinThemes.swift differs from Themes/default.toml")
    }

    @Test func defaultThemeIsIOSLike() {
        let theme = Theme.default
        #expect(theme.color(named: "widget.background", scheme: .light) == .white)
        #expect(theme.color(named: "text.primary", scheme: .light) == .black)
        #expect(theme.color(named: "widget.background", scheme: .dark) == RGBColor(hex: 0x1C1C1E))
        #expect(theme.color(named: "text.primary", scheme: .dark) == .white)
    }

    // Arguments are names, not themes, so that test logs stay short.
    @Test(arguments: Theme.builtin.map(\.name))
    func builtinThemeDefinesEveryRequiredName(_ name: String) throws {
        let theme = try #require(Theme.builtin.first { $0.name == name })
        #expect(theme.missingRequiredColorNames == [])
    }

    /// WCAG 2 contrast ratios: 7 for body text, 4.5 for other text, 3 for marks and frames that
    /// must be seen; borders need only be visible against the tile.
    @Test(arguments: Theme.builtin.map(\.name))
    func builtinThemeHasGoodContrast(_ name: String) throws {
        let theme = try #require(Theme.builtin.first { $0.name == name })
        let pairs: [(String, String, Double)] = [
            ("text.primary", "widget.background", 7), ("text.secondary", "widget.background", 4.5),
            ("text.inverse", "gradient.start", 4.5), ("text.inverse", "gradient.end", 4.5),
            ("button.text", "button.background", 4.5), ("status.text", "status.background", 4.5),
            ("hint.text", "hint.background", 4.5), ("status.stale", "status.background", 3),
            ("status.stale", "widget.background", 3), ("accent", "widget.background", 3),
            ("focus.border", "board.background", 3), ("focus.border", "widget.background", 3),
            ("widget.border", "widget.background", 1.4), ("widget.background", "board.background", 1.05),
        ]
        for scheme in ColorScheme.allCases {
            func color(_ name: String) -> RGBColor { theme.color(named: name, scheme: scheme) ?? .black }
            for (foreground, background, minimum) in pairs {
                let ratio = contrast(color(foreground), color(background))
                #expect(ratio >= minimum, "\(theme.name) \(scheme): \(foreground) on \(background) is \(ratio)")
            }
            // The gradient is drawn with every colour in between, so text must hold up across it.
            for step in 1..<8 {
                let middle = color("gradient.start").interpolated(to: color("gradient.end"), fraction: Double(step) / 8)
                #expect(contrast(color("text.inverse"), middle) >= 4.5, "\(theme.name) \(scheme) gradient step \(step)")
            }
        }
    }

    private func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func luminance(_ c: RGBColor) -> Double {
            0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}
