import FoundationEssentials
import TileUI
import TOML
#if canImport(Glibc)
import Glibc
#endif

/// Theme files: TOML text read into a `Theme` (TileUI knows themes, not files).
extension Theme {
    /// Parses TOML text; `file` is used only in error messages.
    ///
    /// The format: `name = "…"` and a `[colors]` table whose entries are
    /// `"text.primary" = { light = "#RRGGBB", dark = "#RRGGBB" }` or `"accent" = { any = "#RRGGBB" }`.
    /// Dotted bare keys (`text.primary = { … }`) and sub-tables (`[colors.text]`) name the same
    /// colours, since TOML reads them as nested tables. Of several errors, the first in the file
    /// is reported.
    public init(toml: String, file: String) throws(ThemeError) {
        try self.init(bytes: Array(toml.utf8), file: file)
    }

    /// Parses the bytes of a theme file, which must be UTF-8; `file` is used only in error
    /// messages.
    public init(bytes: [UInt8], file: String) throws(ThemeError) {
        let table: TOMLTable
        do {
            table = try TOMLDocument.parse(bytes)
        } catch {
            throw ThemeError(file: file, line: error.line, column: error.column, message: error.message)
        }
        self = try ThemeReader(file: file).read(table)
    }

    /// Reads and parses the theme file at `url`; errors name the file by its path.
    public static func load(contentsOf url: URL) throws(ThemeError) -> Theme {
        let data: Data
        switch AtomicFile.read(atPath: url.path) {
        case .success(let contents): data = contents
        case .failure(let failure):
            throw ThemeError(file: url.path, line: nil, column: nil, message: "cannot read the theme: \(failure)")
        }
        return try Theme(bytes: [UInt8](data), file: url.path)
    }
}
