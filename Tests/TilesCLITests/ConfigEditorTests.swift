import Foundation
import Testing
@testable import TileConfig
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// Saving an edit form into config.toml: only the tile's parameters change, in the form the user
/// wrote them; the previous file is kept; a file tiles cannot edit safely is left alone.
struct ConfigEditorTests {
    static let widgets = BuiltinWidgets.all(services: WidgetServices(
        environment: ["HOME": "/nonexistent"], directories: TilesDirectories(environment: ["HOME": "/nonexistent"]), version: "test"))

    /// A temporary directory holding `config.toml` (when `text` is given); removed with the value.
    final class Directory {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-editor-\(UUID().uuidString)")
        var file: URL { root.appendingPathComponent("config.toml") }

        init(_ text: String?) throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            if let text { try text.write(to: file, atomically: true, encoding: .utf8) }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
        var editor: ConfigEditor { ConfigEditor(file: file, widgets: ConfigEditorTests.widgets, home: root.path) }
    }

    /// Every parameter of `kind`: its defaults with `changes` applied.
    static func values(_ kind: String, _ changes: [String: ParameterValue]) throws -> [String: ParameterValue] {
        try widgets.first { $0.kind == kind }!.resolveParameters(changes)
    }

    @Test func anInlineTableIsRewrittenInPlaceKeepingWrittenKeysAndComments() throws {
        let directory = try Directory("""
            # my board
            [[page]]

            [[page.tile]]
            id = "pay"
            widget = "alipay"   # the seed's widget
            family = "medium"
            parameters = { city = "上海", buttons = ["scan", "pay", "healthCode", "transit"] }  # four buttons

            [[page.tile]]
            widget = "commit"

            """)
        let report = try directory.editor.save(
            tileID: "pay", member: 0, values: try Self.values("alipay", ["buttons": .list(["transit", "scan", "cards", "pay"])]))
        #expect(report == "saved to config.toml (the previous file is config.toml.bak)")
        #expect(directory.text == """
            # my board
            [[page]]

            [[page.tile]]
            id = "pay"
            widget = "alipay"   # the seed's widget
            family = "medium"
            parameters = { buttons = ["transit", "scan", "cards", "pay"], city = "上海" }  # four buttons

            [[page.tile]]
            widget = "commit"

            """)
        let backup = try String(contentsOf: directory.editor.backupFile, encoding: .utf8)
        #expect(backup.contains(#"buttons = ["scan", "pay", "healthCode", "transit"]"#))
    }

    @Test func aParametersTableKeepsItsFormAndComments() throws {
        let directory = try Directory("""
            [[page]]
            [[page.tile]]
            widget = "commit"
            [page.tile.parameters]
            # which repository
            owner = "apple"
            repo = "swift"

            [[page.tile]]
            widget = "qqsync"
            """)
        _ = try directory.editor.save(tileID: "commit-1", member: 0, values: try Self.values("commit", ["owner": .string("swiftlang")]))
        #expect(directory.text == """
            [[page]]
            [[page.tile]]
            widget = "commit"
            [page.tile.parameters]
            # which repository
            owner = "swiftlang"
            repo = "swift"

            [[page.tile]]
            widget = "qqsync"
            """)
    }

    @Test func aMultiLineArrayIsReplacedWhole() throws {
        let directory = try Directory("""
            [[page]]
            [[page.tile]]
            widget = "alipay"
            [page.tile.parameters]
            buttons = [
              "scan",  # first
              "pay",
            ]
            city = "北京"
            """)
        _ = try directory.editor.save(
            tileID: "alipay-1", member: 0, values: try Self.values("alipay", ["buttons": .list(["pay", "scan"]), "city": .string("北京")]))
        #expect(directory.text == """
            [[page]]
            [[page.tile]]
            widget = "alipay"
            [page.tile.parameters]
            buttons = ["pay", "scan"]
            city = "北京"
            """)
    }

    @Test func aTileWithoutParametersGetsThemAfterItsLastKey() throws {
        let directory = try Directory("""
            [[page]]
            [[page.tile]]
            widget = "alipay"
            family = "small"

            # the quote
            [[page.tile]]
            widget = "qqsync"
            """)
        _ = try directory.editor.save(
            tileID: "alipay-1", member: 0, values: try Self.values("alipay", ["showWeather": .bool(false), "city": .string("Zürich \"HB\"")]))
        #expect(directory.text == """
            [[page]]
            [[page.tile]]
            widget = "alipay"
            family = "small"
            parameters = { showWeather = false, city = "Zürich \\"HB\\"" }

            # the quote
            [[page.tile]]
            widget = "qqsync"
            """)
    }

    @Test func aSmartStackMemberIsEditedInItsOwnTable() throws {
        let directory = try Directory("""
            [[page]]
            [[page.tile]]
            id = "s"
            family = "small"
            [[page.tile.stack]]
            widget = "countdown"
            parameters = { title = "下班", time = "18:00" }
            [[page.tile.stack]]
            widget = "alipay"
            """)
        _ = try directory.editor.save(tileID: "s", member: 1, values: try Self.values("alipay", ["city": .string("杭州")]))
        #expect(directory.text.hasSuffix("""
            [[page.tile.stack]]
            widget = "countdown"
            parameters = { title = "下班", time = "18:00" }
            [[page.tile.stack]]
            widget = "alipay"
            parameters = { city = "杭州" }
            """))
    }

    @Test func theBuiltInBoardsFirstEditWritesTheTemplateWithTheEdit() throws {
        let directory = try Directory(nil)
        let report = try directory.editor.save(tileID: "alipay", member: 0, values: try Self.values("alipay", ["buttonsSide": .string("left")]))
        #expect(report == "saved to \(directory.file.path) (a new file)")
        #expect(directory.text.hasPrefix("# tiles configuration"))
        #expect(directory.text.contains(#"parameters = { buttons = ["scan", "pay", "healthCode", "transit"], buttonsSide = "left", city = "上海" }"#))
        #expect(!FileManager.default.fileExists(atPath: directory.editor.backupFile.path))
        let config = try ConfigReader(file: "config.toml", source: directory.text, widgets: Self.widgets).read()
        #expect(config.tiles.map(\.id) == ["qqsync", "alipay", "commit"], "the built-in board's ids, so caches and families carry over")
    }

    @Test func aFileWithoutABoardGetsTheBuiltInBoardWithTheEdit() throws {
        let directory = try Directory("[theme]\nname = \"nord\"\n")
        _ = try directory.editor.save(tileID: "commit", member: 0, values: try Self.values("commit", ["branch": .string("release/6.3")]))
        #expect(directory.text.hasPrefix("[theme]\nname = \"nord\"\n\n# The board:"))
        let config = try ConfigReader(file: "config.toml", source: directory.text, widgets: Self.widgets).read()
        #expect(config.themeName == "nord")
        #expect(config.tiles.first { $0.id == "commit" }?.widgets[0].parameters["branch"] == .string("release/6.3"))
    }

    @Test func anInvalidOrForeignFileIsNeverWritten() throws {
        let broken = "[[page]]\n[[page.tile]]\nwidget = \"comit\"\n"
        let directory = try Directory(broken)
        let invalid = #expect(throws: ConfigEditor.Failure.self) {
            try directory.editor.save(tileID: "comit-1", member: 0, values: [:])
        }
        #expect(invalid?.description.hasPrefix("config.toml:3:1: page[1].tile[1].widget: unknown widget 'comit'") == true)
        #expect(invalid?.description.hasSuffix("(fix the file first; nothing was written)") == true)
        #expect(directory.text == broken)

        let other = try Directory("[[page]]\n[[page.tile]]\nwidget = \"qqsync\"\n")
        let values = try Self.values("alipay", [:])
        let missing = #expect(throws: ConfigEditor.Failure.self) {
            try other.editor.save(tileID: "alipay", member: 0, values: values)
        }
        #expect(missing?.description == "config.toml has no tile 'alipay' any more; nothing was written")
        #expect(!FileManager.default.fileExists(atPath: other.editor.backupFile.path))
    }

    @Test func theFilesPermissionsSurviveTheSave() throws {
        let directory = try Directory("[[page]]\n[[page.tile]]\nwidget = \"commit\"\n")
        chmod(directory.file.path, 0o640)
        _ = try directory.editor.save(tileID: "commit-1", member: 0, values: try Self.values("commit", ["repo": .string("swift-nio")]))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(directory.text.hasSuffix("widget = \"commit\"\nparameters = { repo = \"swift-nio\" }\n"))
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() {
        #expect(ConfigEditor.bracketDepth(#"buttons = ["a]", 'b]',  # ]"#) == 1, "brackets in strings and comments do not count")
        #expect(ConfigEditor.bracketDepth(#"buttons = ["a"]", "b"]  # ["#) == 0)
    }
}
