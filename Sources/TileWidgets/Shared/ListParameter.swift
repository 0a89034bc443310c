import TileBase

/// How the built-in widgets read a list written in one text parameter: the same separators
/// everywhere, so a list typed for one widget reads the same in another.
enum ListParameter {
    /// Items separated by commas or line breaks, each trimmed, empty ones dropped; an item may
    /// hold spaces (`Name=URL`, a path).
    static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isNewline }).map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Words separated by commas, spaces or line breaks (zone names, mount points, `owner/name`).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }
}
