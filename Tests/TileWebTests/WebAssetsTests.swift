import FoundationEssentials
import Testing
@testable import TileWeb

/// The page compiled into tiles-serve is the page in Sources/TileWeb/Page, byte for byte
/// (`make web-assets` writes it).
@Suite struct WebAssetsTests {
    static let page = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/TileWeb/Page").standardized

    @Test func theCompiledFilesAreThePagesFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.page.path).sorted()
        let served = names.map { $0 == "index.html" ? "/" : "/" + $0 }
        #expect(WebAssets.paths == served.sorted(), "run make web-assets")
        for (name, path) in zip(names, served) {
            let text = try String(contentsOf: Self.page.appending(path: name), encoding: .utf8)
            let compiled = try #require(WebAssets.file(at: path))
            #expect(compiled.text + "\n" == text, "\(name) changed since make web-assets")
        }
    }

    @Test func nothingElseIsServed() {
        for path in ["/../Package.swift", "/index.html/..", "/Page/app.js", "//etc/passwd", "/app.js/"] {
            #expect(WebAssets.file(at: path) == nil)
        }
    }
}
