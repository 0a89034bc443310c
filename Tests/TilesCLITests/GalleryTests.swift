import Foundation
import Testing

/// docs/gallery and the gallery section of docs/widgets.md are what `make gallery` writes today.
@Suite struct GalleryTests {
    static let docs = repositoryRoot.appendingPathComponent("docs")

    @Test func testTheCommittedGalleryIsUpToDate() throws {
        let home = try DashboardHome()
        let output = home.root.appendingPathComponent("gallery")
        let markdown = home.root.appendingPathComponent("widgets.md")
        try FileManager.default.copyItem(at: Self.docs.appendingPathComponent("widgets.md"), to: markdown)
        let result = try runTiles(["gallery", "--output", output.path, "--markdown", markdown.path],
                                  environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 0, "\(result.stderr)")

        let committed = Self.docs.appendingPathComponent("gallery")
        let expected = try FileManager.default.contentsOfDirectory(atPath: committed.path).filter { $0.hasSuffix(".svg") }.sorted()
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written == expected, "docs/gallery holds other pictures than tiles draws: run make gallery")
        // Every built-in widget, in light and dark, and the board.
        #expect(written.contains("board-light.svg") && written.contains("board-dark.svg"))
        #expect(written.contains("qqsync-medium-light.svg") && written.contains("alipay-small-dark.svg"))
        for name in written where expected.contains(name) {
            let now = try Data(contentsOf: output.appendingPathComponent(name))
            let then = try Data(contentsOf: committed.appendingPathComponent(name))
            #expect(now == then, "docs/gallery/\(name) is out of date: run make gallery")
        }
        let section = try String(contentsOf: markdown, encoding: .utf8)
        #expect(section == (try String(contentsOf: Self.docs.appendingPathComponent("widgets.md"), encoding: .utf8)),
                "the gallery section of docs/widgets.md is out of date: run make gallery")
        // Edit mode's pictures illustrate docs/usage.md; every other one is in the gallery section.
        let usage = try String(contentsOf: Self.docs.appendingPathComponent("usage.md"), encoding: .utf8)
        for name in written {
            let shown = name.hasPrefix("board-arrange") || name.hasPrefix("board-gallery") ? usage : section
            #expect(shown.contains("(gallery/\(name))"), "the docs do not show \(name): run make gallery")
        }
    }

    /// Every committed picture is well-formed XML, as an XML parser (Python's) reads it.
    @Test func testEveryPictureIsWellFormedXML() throws {
        let folders = [Self.docs.appendingPathComponent("gallery"), RenderTests.goldens]
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.map { folder.appendingPathComponent($0).path }
        }
        #expect(files.count > 40)
        let script = "import sys, xml.dom.minidom\nfor name in sys.argv[1:]:\n    root = xml.dom.minidom.parse(name).documentElement\n    assert root.tagName == 'svg', name\n"
        let result = try SpawnedProcess.run(["python3", "-c", script] + files, environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func testTheReadmeOpensWithTheBoardLightAndDark() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = readme.prefix(1200)
        #expect(opening.contains("docs/gallery/board-light.svg") && opening.contains("docs/gallery/board-dark.svg"))
        #expect(opening.contains("make install"))
    }
}
