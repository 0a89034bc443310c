import Foundation
import Testing
@testable import TileKit

/// The catalogues of Languages/: compiled in as they are, every key in every language with the
/// same placeholders, every key the code asks for present, and the language chosen as the C
/// library would choose it.
@Suite struct CatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each compiled dictionary holds exactly the keys and texts of its file, as tiles' own TOML
    /// parser reads the file; every language has every key, with the same placeholders.
    @Test func theCompiledCataloguesAreTheFilesOfLanguages() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Languages").path).filter { $0.hasSuffix(".toml") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(BuiltinCatalogs.texts.keys), "run `make catalogs`")
        #expect(Set(BuiltinCatalogs.texts.keys) == Set(Language.allCases.map(\.rawValue)), "a catalogue per language, a language per catalogue")
        for file in files {
            let language = try #require(Language(rawValue: String(file.dropLast(5))))
            let text = try String(contentsOf: Self.root.appendingPathComponent("Languages/\(file)"), encoding: .utf8)
            let read = try Catalog(language: language, text: text)
            #expect(read.texts == BuiltinCatalogs.texts[language.rawValue], "\(file) differs from BuiltinCatalogs.swift; run `make catalogs`")
        }
    }

    @Test func everyLanguageHasEveryKeyWithTheSamePlaceholders() throws {
        let english = Localization.catalog(.english)
        #expect(english.keys.count > 60)
        for language in Language.allCases where language != .english {
            let catalog = Localization.catalog(language)
            #expect(catalog.keys == english.keys, "\(language.rawValue): missing \(english.keys.subtracting(catalog.keys).sorted()), extra \(catalog.keys.subtracting(english.keys).sorted())")
            for key in english.keys {
                #expect(catalog.placeholders(of: key) == english.placeholders(of: key), "\(language.rawValue) \(key)")
            }
        }
    }

    /// Each `L("…")` in the sources names a key of the catalogue (a key built at run time, as
    /// `family.\(shortName)`, is checked by the family test below).
    @Test func everyKeyTheCodeAsksForIsInTheCatalogue() throws {
        let english = Localization.catalog(.english)
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var asked: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /\bL\("([a-z_]+\.[A-Za-z_.]+)"/) { asked.insert(String(match.1)) }
            for match in text.matches(of: /\bL\([^()"]*\? "([a-z_]+\.[a-z_]+)" : "([a-z_]+\.[a-z_]+)"/) { asked.formUnion([String(match.1), String(match.2)]) }
        }
        #expect(asked.count > 40)
        #expect(asked.subtracting(english.keys).isEmpty, "keys the code asks for that the catalogue lacks: \(asked.subtracting(english.keys).sorted())")
        for family in WidgetFamily.allCases { #expect(english.keys.contains("family.\(family.shortName)")) }
    }

    @Test func placeholdersAreFilledAndUnknownKeysShowThemselves() throws {
        let catalog = try Catalog(language: .english, text: #"[status]\#nreloading = "reloading {tile} ({tile})""#)
        #expect(catalog.text("status.reloading", ["tile": "quote"]) == "reloading quote (quote)")
        #expect(catalog.text("status.reloading") == "reloading {tile} ({tile})")
        #expect(catalog.text("status.missing") == "status.missing")
        #expect(throws: CatalogError.self) { try Catalog(language: .english, text: "[status]\nreloading = 3") }
    }

    @Test func theLanguageFollowsLCAllThenLCMessagesThenLang() {
        #expect(Language.preferred(by: [:]) == .english)
        #expect(Language.preferred(by: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(Language.preferred(by: ["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .english)
        #expect(Language.preferred(by: ["LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .simplifiedChinese)
        #expect(Language.preferred(by: ["LC_ALL": "", "LANG": "C.UTF-8"]) == .english)
        #expect(Language(naming: "zh-Hans") == .simplifiedChinese && Language(naming: "zh_CN") == .simplifiedChinese && Language(naming: "en") == .english)
        #expect(Language(naming: "fr") == nil)
    }
}
