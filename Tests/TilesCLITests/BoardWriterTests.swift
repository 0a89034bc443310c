import Foundation
import Testing
@testable import TileConfig
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// The format-preserving board writer over a corpus of real-looking configs (Boards/): with the
/// board unchanged the file comes back byte for byte; a change rewrites only the tables it
/// touches; and the toml-test suite's valid files pass through untouched.
struct BoardWriterTests {
    static let corpus = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Boards")
    static let tomlTest = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../TOMLTests/Fixtures/toml-test/valid").standardized

    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".toml") }.sorted()

    /// The config of corpus file `name`, read as tiles reads it.
    static func read(_ name: String) throws -> (text: String, config: TilesConfig) {
        let text = try String(contentsOf: corpus.appending(path: name), encoding: .utf8)
        return (text, try reread(text, name: name))
    }

    /// `text` read as corpus file `name` (whose mode the check of a declared command reads).
    static func reread(_ text: String, name: String = "01-template.toml") throws -> TilesConfig {
        var reader = ConfigReader(file: name, source: text, widgets: ConfigEditorTests.widgets, home: "/nonexistent")
        reader.path = corpus.appending(path: name).path
        return try reader.read()
    }

    /// Lines by line feed, byte-wise (`\r\n` is one Character).
    static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theCorpusHasTwentyConfigs() {
        #expect(Self.files.count >= 20)
    }

    @Test(arguments: files) func anUnchangedBoardIsWrittenBackByteForByte(_ name: String) throws {
        let (text, config) = try Self.read(name)
        #expect(!config.pages.isEmpty)
        #expect(try BoardWriter(text: text, board: config.pages).write(config.pages) == text)
    }

    @Test(arguments: files) func aNewFamilyChangesOneLine(_ name: String) throws {
        let (text, config) = try Self.read(name)
        var pages = config.pages
        // A stack takes the families every member has.
        let memberFamilies = pages[0][0].widgets.map { entry in
            ConfigEditorTests.widgets.first { $0.kind == entry.kind }?.supportedFamilies ?? [.systemSmall, .systemMedium]
        }
        let families = memberFamilies[0].filter { family in memberFamilies.allSatisfy { $0.contains(family) } }
        let other = try #require(families.first { $0 != pages[0][0].family }, "\(name): the first tile has another family")
        pages[0][0].family = other
        let edited = try BoardWriter(text: text, board: config.pages).write(pages)
        #expect(try Self.reread(edited, name: name).pages == pages)
        let before = Self.lines(text), after = Self.lines(edited)
        if after.count == before.count {
            #expect(zip(before, after).filter { $0 != $1 }.count == 1, "\(edited)")
        } else {
            // No family was written: one line is added after the header.
            #expect(after.count == before.count + 1)
            #expect(Set(before).isSubset(of: Set(after)))
        }
    }

    @Test(arguments: files) func removingTheLastTileTakesOutItsLinesAlone(_ name: String) throws {
        let (text, config) = try Self.read(name)
        var pages = config.pages
        guard pages.flatMap({ $0 }).count > 1 else { return }
        pages[pages.count - 1].removeLast()
        pages.removeAll { $0.isEmpty }
        let edited = try BoardWriter(text: text, board: config.pages).write(pages)
        #expect(try Self.reread(edited, name: name).pages == pages)
        // What is left is the original with one run of lines taken out.
        let before = Self.lines(text), after = Self.lines(edited)
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let suffix = zip(before.reversed(), after.reversed()).prefix { $0 == $1 }.count
        #expect(prefix + suffix >= after.count, "\(edited)")
    }

    @Test(arguments: files) func reversingTheBoardKeepsEveryCommentAndReadsBack(_ name: String) throws {
        let (text, config) = try Self.read(name)
        let reversed = [config.pages.flatMap { $0 }.reversed().map { $0 }]
        let edited = try BoardWriter(text: text, board: config.pages).write(reversed)
        let expected = try Self.reread(edited, name: name)
        #expect(expected.pages == reversed)
        #expect(expected.themeName == config.themeName && expected.declarations.count == config.declarations.count)
        // Every comment line is kept, each as often as it was (a tile's comments move with it),
        // and those above the first table stay in their order at the top.
        let comments = { (text: String) in Self.lines(text).filter { $0.contains("#") } }
        #expect(comments(text).sorted() == comments(edited).sorted(), "\(edited)")
        let head = { (text: String) in Self.lines(text).prefix { !$0.hasPrefix("[") } }
        #expect(Array(head(edited).filter { $0.contains("#") }) == Array(head(text).filter { $0.contains("#") }), "\(edited)")
    }

    @Test func aNewTileAndANewPageAreWrittenPlainly() throws {
        let (text, config) = try Self.read("05-two-pages.toml")
        var pages = config.pages
        pages.append([TileSpec(id: "cal", family: .systemSmall, widgets: [.init(kind: "calendar", parameters: [:])])])
        pages[0].append(TileSpec(id: "stack", family: .systemSmall, widgets: [
            .init(kind: "countdown", parameters: ["title": .string("下班"), "time": .string("18:00")]), .init(kind: "qqsync", parameters: [:]),
        ]))
        let edited = try BoardWriter(text: text, board: config.pages).write(pages)
        #expect(try Self.reread(edited, name: "05-two-pages.toml").pages == pages)
        #expect(edited.hasPrefix(String(text.prefix(while: { $0 != "[" }))))
        #expect(edited.contains("""
            family = "small"

            [[page.tile]]
            id = "stack"
            family = "small"
            [[page.tile.stack]]
            widget = "countdown"
            parameters = { time = "18:00", title = "下班" }
            [[page.tile.stack]]
            widget = "qqsync"

            [[page]]
            # home
            """))
        #expect(edited.hasSuffix("""
            parameters = { city = "成都" }

            [[page]]

            [[page.tile]]
            id = "cal"
            widget = "calendar"
            family = "small"

            """))
    }

    @Test func aMovedTileWithoutAnIDKeepsItsID() throws {
        let (text, config) = try Self.read("02-no-ids.toml")
        #expect(config.pages[0].map(\.id) == ["qqsync-1", "calendar-2", "countdown-3"])
        let swapped = [[config.pages[0][1], config.pages[0][0], config.pages[0][2]]]
        let edited = try BoardWriter(text: text, board: config.pages).write(swapped)
        #expect(try Self.reread(edited, name: "02-no-ids.toml").pages == swapped)
        #expect(edited.contains("[[page.tile]]\nid = \"calendar-2\"\nwidget = \"calendar\""))
    }

    @Test func tomlTestsValidFilesPassThroughByteForByte() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.tomlTest.path).filter { $0.hasSuffix(".toml") }
        #expect(files.count > 100)
        var refused: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.tomlTest.appending(path: file), encoding: .utf8)
            do {
                #expect(try BoardWriter(text: text, board: []).write([]) == text, "\(file)")
            } catch {
                refused.append("\(file): \(error)")
            }
        }
        // Every valid file is taken, but one whose own `page` key is not a board of tables.
        #expect(refused.allSatisfy { $0.contains("page") }, "\(refused.joined(separator: "\n"))")
        #expect(refused.count <= 2, "\(refused.joined(separator: "\n"))")
    }

    @Test func anInlineBoardIsRefused() throws {
        let text = "page = [{ tile = [{ widget = \"qqsync\" }] }]\n"
        let config = try Self.reread(text)
        #expect(throws: BoardWriter.Failure.self) { try BoardWriter(text: text, board: config.pages) }
    }
}
