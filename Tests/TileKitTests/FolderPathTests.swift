import Foundation
import Testing
import TileKit

/// Paths held as strings are joined and split by `TilesDirectories`, as `URL` would.
@Suite struct FolderPathTests {
    @Test func joinAddsOneSlash() {
        #expect(TilesDirectories.join("/a", "b.toml") == "/a/b.toml")
        #expect(TilesDirectories.join("/a/", "b.toml") == "/a/b.toml")
        #expect(URL(filePath: "/a", appending: "b/c.json").path == "/a/b/c.json")
    }

    @Test func folderOfAPathIsWhatURLSays() {
        let cases = ["/x/c.toml", "/c.toml", "/x/y/z.toml", "config.toml", "a/b.toml"]
        for path in cases {
            #expect(TilesDirectories.folder(of: path) == URL(filePath: path).deletingLastPathComponent().path, "\(path)")
        }
        #expect(TilesDirectories.folder(of: "/c.toml") == "/")
    }
}
