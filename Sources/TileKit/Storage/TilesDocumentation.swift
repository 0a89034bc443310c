import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where the user's copy of the documentation is, so that the help, the man page and the
/// starting config point at a file that exists: `make install`, the tarball and the `.deb` put
/// README.md and docs/ under `<prefix>/share/doc/tiles`, beside the binary's `<prefix>/bin`.
public enum TilesDocumentation {
    /// The installed docs folder, when the running binary has one beside it; nil for a build
    /// run from the source tree.
    public static let folder: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let binary = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bin = TilesDirectories.folder(of: binary)
        let docs = TilesDirectories.join(TilesDirectories.folder(of: bin), "share/doc/tiles/docs")
        return access(TilesDirectories.join(docs, "usage.md"), R_OK) == 0 ? docs : nil
    }()

    /// How the help names the doc `name` (`configuration.md`): its installed path, else
    /// `docs/configuration.md` as the source tree has it.
    public static func reference(_ name: String) -> String {
        folder.map { TilesDirectories.join($0, name) } ?? "docs/" + name
    }
}
