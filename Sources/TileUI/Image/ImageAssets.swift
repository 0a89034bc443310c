import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where `Image("name")` finds its picture: the user's assets folder first, then the pictures
/// built into tiles (`Assets/` in the repository, compiled in by `make assets`, so an installed
/// binary reads no files of its own).
///
/// An asset is `name.png`, `name.jpg` or `name.jpeg`; its dark appearance, when it has one, is
/// `name~dark.png` (or `.jpg`, `.jpeg`), as an asset catalog's Any and Dark appearances. In the
/// dark scheme the dark file wins, else the plain one. A user's files with a name replace the
/// built-in ones of that name as a set: a user's `name.png` is drawn in both schemes even if tiles
/// ships `name~dark.png`.
public enum ImageAssets {
    /// The user's assets folder (`$XDG_CONFIG_HOME/tiles/assets`), set by the `tiles` executable;
    /// nil looks only at the built-in pictures (tests, libraries). Files are read once, when first
    /// drawn, and kept (`ImageStore`): a changed file shows after a restart.
    public static var userDirectory: URL? {
        get { directory.withLock { $0 } }
        set { directory.withLock { $0 = newValue } }
    }

    private static let directory = Mutex<URL?>(nil)

    /// The extensions looked for, in order.
    static let extensions = ["png", "jpg", "jpeg"]
    /// The largest asset file read (a picture's pixels are limited separately, when decoded).
    static let maxFileBytes = 32 * 1024 * 1024

    /// The pictures built into tiles, by file name (`widget_background_test~dark.png`).
    public static let builtinFiles: [String: Data] = BuiltinImageAssets.files.compactMapValues {
        Data(base64Encoded: $0, options: .ignoreUnknownCharacters)
    }

    /// Whether `name` can name an asset: a plain file name stem, never a path (names come from
    /// programs' JSON too), at most 128 characters.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.hasPrefix(".")
            && !name.contains(where: { $0 == "/" || $0 == "\\" || $0 == "~" || $0 == "\0" || $0.isNewline })
    }

    /// The file for asset `name` in `scheme`: an identity for caches and its bytes; nil when no
    /// folder has it (or the name is not valid).
    static func lookup(_ name: String, scheme: ColorScheme, userDirectory: URL? = userDirectory) -> (key: String, data: Data)? {
        guard isValidName(name) else { return nil }
        let stems = scheme == .dark ? [name + "~dark", name] : [name]
        if let folder = userDirectory {
            for stem in stems {
                for ext in extensions {
                    let url = folder.appending(path: stem + "." + ext)
                    if let data = readFile(url) { return ("user:" + url.path, data) }
                }
            }
        }
        for stem in stems {
            for ext in extensions {
                if let data = builtinFiles[stem + "." + ext] { return ("builtin:" + stem + "." + ext, data) }
            }
        }
        return nil
    }

    /// The bytes of a regular file (or a link to one) no larger than `maxFileBytes`; nil for
    /// anything else.
    private static func readFile(_ url: URL) -> Data? {
        // stat(2) follows a link to what it names, so a link to a regular file passes and a
        // dangling one, a loop or a folder do not; without FileManager's dictionary of `Any` and
        // without resolving the path's links first (a `readlink` a component), both costs at
        // start (docs/performance.md).
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maxFileBytes
        else { return nil }
        return try? Data(contentsOf: url)
    }
}
