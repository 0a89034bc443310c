import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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

    /// The absolute path of the folder holding the file at `path`; a relative path is taken from
    /// the current directory, as `URL(filePath:)` takes it.
    public static func folder(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }
}
