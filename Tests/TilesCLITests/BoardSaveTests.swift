import Foundation
import Testing
@testable import TileConfig
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Saving edit mode's board into config.toml: atomically with a backup, never over a file that
/// is read-only or invalid, and a first file written from the commented template.
struct BoardSaveTests {
    typealias Directory = ConfigEditorTests.Directory

    static func tile(_ id: String, _ kind: String, _ family: WidgetFamily = .systemMedium, _ parameters: [String: ParameterValue] = [:]) -> TileSpec {
        TileSpec(id: id, family: family, widgets: [.init(kind: kind, parameters: parameters)])
    }

    static let original = """
        # my board
        opener = "true"   # never opens

        [[page]]

        # the quote
        [[page.tile]]
        id = "q"
        widget = "qqsync"

        [[page.tile]]
        id = "pay"
        widget = "alipay"
        parameters = { city = "上海" }   # the seed's city

        # the end

        """

    static func checksum(_ file: URL) -> [UInt8] { (try? Array(Data(contentsOf: file))) ?? [] }

    /// Issue 48, item 5: two boards in edit mode; B saves first (it removed a tile). A's save,
    /// made from the file as A read it, would bring that tile back: it is refused, and B's file
    /// stays as B wrote it.
    @Test func aSaveOverAFileThatChangedSinceEditModeBeganIsRefused() throws {
        let directory = try Directory(Self.original)
        let base = try Data(contentsOf: directory.file)
        let city = try ConfigEditorTests.values("alipay", ["city": .string("上海")])
        // Board B removes the quote and saves.
        _ = try directory.editor.saveBoard([[Self.tile("pay", "alipay", .systemMedium, city)]], base: base)
        let afterB = Self.checksum(directory.file)
        #expect(!directory.text.contains("id = \"q\""))
        // Board A, which read the file before B's save, moves the quote first and saves.
        do {
            _ = try directory.editor.saveBoard([[Self.tile("q", "qqsync"), Self.tile("pay", "alipay", .systemMedium, city)]], base: base)
            Issue.record("A's save went through over B's")
        } catch {
            #expect(error.isConflict)
            #expect(error.description == "config.toml changed on disk since edit mode began; nothing was written")
        }
        #expect(Self.checksum(directory.file) == afterB, "B's file stays as B wrote it")
        // A tile another process adds while edit mode is open is not dropped either.
        let newBase = try Data(contentsOf: directory.file)
        try (directory.text + "\n[[page.tile]]\nid = \"cal\"\nwidget = \"calendar\"\n").write(to: directory.file, atomically: true, encoding: .utf8)
        #expect(throws: ConfigEditor.Failure.self) {
            try directory.editor.saveBoard([[Self.tile("pay", "alipay", .systemSmall, city)]], base: newBase)
        }
        #expect(directory.text.contains("id = \"cal\""))
    }

    @Test func aSavedBoardKeepsTheFilesOtherLinesAndItsBackup() throws {
        let directory = try Directory(Self.original)
        let resolvedCity = try ConfigEditorTests.values("alipay", ["city": .string("上海")])
        let report = try directory.editor.saveBoard([[
            Self.tile("pay", "alipay", .systemSmall, resolvedCity), Self.tile("q", "qqsync"),
            Self.tile("calendar", "calendar", .systemSmall, try ConfigEditorTests.values("calendar", [:])),
        ]])
        #expect(report == "board saved to config.toml (the previous file is config.toml.bak)")
        #expect(directory.text == """
            # my board
            opener = "true"   # never opens

            [[page]]

            [[page.tile]]
            id = "pay"
            widget = "alipay"
            parameters = { city = "上海" }   # the seed's city
            family = "small"

            # the quote
            [[page.tile]]
            id = "q"
            widget = "qqsync"

            [[page.tile]]
            id = "calendar"
            widget = "calendar"
            family = "small"

            # the end

            """)
        #expect(try String(contentsOf: directory.editor.backupFile, encoding: .utf8) == Self.original)
    }

    @Test func aReadOnlyFileIsNeverWritten() throws {
        let directory = try Directory(Self.original)
        chmod(directory.file.path, 0o444)
        let before = Self.checksum(directory.file)
        #expect(throws: ConfigEditor.Failure.self) { try directory.editor.saveBoard([[Self.tile("q", "qqsync")]]) }
        do {
            _ = try directory.editor.saveBoard([[Self.tile("q", "qqsync")]])
        } catch {
            #expect(error.description == "config.toml is read-only; nothing was written (make it writable to save the board)")
        }
        #expect(Self.checksum(directory.file) == before)
        #expect(!FileManager.default.fileExists(atPath: directory.editor.backupFile.path))
    }

    @Test func aFileWithASyntaxErrorIsNeverWritten() throws {
        let broken = Self.original.replacingOccurrences(of: "id = \"q\"", with: "id = \"q")
        let directory = try Directory(broken)
        let before = Self.checksum(directory.file)
        do {
            _ = try directory.editor.saveBoard([[Self.tile("q", "qqsync")]])
            Issue.record("a broken file was written")
        } catch {
            #expect(error.description.hasPrefix("fix the file first, nothing was written: config.toml:8:"))
        }
        #expect(Self.checksum(directory.file) == before)
    }

    @Test func theFirstSaveWritesTheCommentedTemplateWithTheBoard() throws {
        let directory = try Directory(nil)
        let report = try directory.editor.saveBoard([[Self.tile("calendar", "calendar", .systemSmall)], [Self.tile("qqsync", "qqsync")]])
        #expect(report.hasSuffix("(a new file)"))
        let text = directory.text
        #expect(text.hasPrefix(ConfigTemplate.settings))
        #expect(text.contains("# The board: pages of tiles, in order."))
        let config = try ConfigReader(file: "config.toml", source: text, widgets: ConfigEditorTests.widgets, home: nil).read()
        #expect(config.pages.map { $0.map(\.id) } == [["calendar"], ["qqsync"]])
    }

    @Test func aFileWithoutABoardGetsOneAfterItsOwnLines() throws {
        let directory = try Directory("# only a theme\n[theme]\nscheme = \"dark\"\n")
        _ = try directory.editor.saveBoard([[Self.tile("q", "qqsync")]])
        #expect(directory.text.hasPrefix("# only a theme\n[theme]\nscheme = \"dark\"\n\n# The board"))
        let config = try ConfigReader(file: "config.toml", source: directory.text, widgets: ConfigEditorTests.widgets, home: nil).read()
        #expect(config.pages.map { $0.map(\.id) } == [["q"]])
        #expect(config.scheme == .dark)
    }
}
