import Foundation

extension URL {
    /// The file URL of `name` (a file name, or names joined by `/`) in the folder at `folder`: what
    /// `URL(filePath: folder).appending(path: name)` makes, from one string. `appending(path:)`
    /// parses and encodes the whole URL again, and a URL's `path` is worked out again, so the
    /// files a board names at start are made from their folders' paths (docs/performance.md).
    public init(filePath folder: String, appending name: String) {
        self.init(filePath: TilesDirectories.join(folder, name))
    }
}

extension TilesDirectories {
    /// The path of `name` inside the folder `folder`, joined as strings.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
