import FoundationEssentials
import TOML
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Writes an edit form's values into the config file as one tile's parameters, touching nothing
/// else: comments, order and every other table stay as the user wrote them.
///
/// The tile's parameters are rewritten where they are: a `[page.tile.parameters]` table keeps its
/// form (one `key = value` per line), an inline `parameters = { … }` stays inline, and a tile
/// without parameters gets an inline table after its last key. Written are the keys the file
/// already had and those whose value differs from the widget's default. The result is read back
/// and must describe exactly the intended board before anything is written; the previous file is
/// kept as `config.toml.bak`, and both writes are atomic.
public struct ConfigEditor: Sendable {
    /// Why an edit could not be saved; the file is untouched.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// True when the file was fine but could not be written (disk full, no permission).
        public var isWriteError = false
        /// True when the file changed on disk since it was read for the edit.
        public var isConflict = false
    }

    /// The config file. It may not exist yet: the built-in board's first edit creates it from the
    /// commented template, whose board is the built-in one with the same tile ids.
    public var file: URL
    public var widgets: [WidgetDescriptor]
    /// Resolves `~/` in a token file while the file is checked.
    public var home: String?
    public init(file: URL, widgets: [WidgetDescriptor], home: String?) {
        self.file = file
        self.widgets = widgets
        self.home = home
    }

    /// The backup of the previous file, beside it.
    public var backupFile: URL { file.appendingPathExtension("bak") }

    /// Saves `values` (every parameter, resolved) as the parameters of widget `member` of tile
    /// `tileID`; returns the status line's report.
    public func save(tileID: String, member: Int, values: [String: ParameterValue]) throws(Failure) -> String {
        let name = file.lastPathComponent
        let exists = FileManager.default.fileExists(atPath: file.path)
        var onDisk: ConfigText?
        if exists {
            switch ConfigText.read(file) {
            case .success(let text): onDisk = text
            case .failure(let failure): throw Failure(description: "cannot read \(name): \(failure)")
            }
        }
        let original = onDisk?.text ?? ConfigTemplate.text
        var config = try read(original)
        var text = original
        if config.pages.isEmpty {
            // A file without a board shows the built-in one: the edit writes that board out.
            text += (text.hasSuffix("\n") || text.isEmpty ? "\n" : "\n\n") + ConfigTemplate.board
            config = try read(text)
        }
        guard let (path, entry) = Self.locate(tileID: tileID, member: member, in: config) else {
            throw Failure(description: "\(name) has no tile '\(tileID)' any more; nothing was written")
        }
        guard let widget = (widgets + config.extensionWidgets).first(where: { $0.kind == entry.kind }) else {
            throw Failure(description: "\(name): unknown widget '\(entry.kind)'")
        }
        let defaults = (try? widget.resolveParameters()) ?? [:]
        let written = widget.parameters.compactMap { parameter -> (String, ParameterValue)? in
            guard let value = values[parameter.key], entry.parameters[parameter.key] != nil || value != defaults[parameter.key] else { return nil }
            return (parameter.key, value)
        }
        let edited = try Self.replaceParameters(in: text, table: path, with: written)
        try check(edited, tileID: tileID, member: member, against: config, parameters: Dictionary(uniqueKeysWithValues: written))
        try write(edited, over: onDisk)
        return exists ? "saved to \(name) (the previous file is \(backupFile.lastPathComponent))" : "saved to \(file.path) (a new file)"
    }

    /// A reader of `text` as this file's: messages name the file, the trust check reads its mode.
    func reader(_ text: String) -> ConfigReader {
        var reader = ConfigReader(file: file.lastPathComponent, source: text, widgets: widgets, home: home)
        reader.path = file.path
        return reader
    }

    /// The config in `text`, which must be valid before tiles writes to it.
    private func read(_ text: String) throws(Failure) -> TilesConfig {
        do {
            return try reader(text).read()
        } catch {
            throw Failure(description: "\(error) (fix the file first; nothing was written)")
        }
    }

    // MARK: Finding the tile

    /// The table path of the tile's widget (`["page", "1", "tile", "2"]`, with `"stack", "N"`
    /// for a stack member) and its entry as written.
    public static func locate(tileID: String, member: Int, in config: TilesConfig) -> ([String], TileSpec.Widget)? {
        for (pageIndex, page) in config.pages.enumerated() {
            for (tileIndex, tile) in page.enumerated() where tile.id == tileID && tile.widgets.indices.contains(member) {
                var path = ["page", "\(pageIndex + 1)", "tile", "\(tileIndex + 1)"]
                if tile.isStack { path += ["stack", "\(member + 1)"] }
                return (path, tile.widgets[member])
            }
        }
        return nil
    }

    /// The edited text must read back as the same board with only this widget's parameters changed.
    private func check(
        _ edited: String, tileID: String, member: Int, against config: TilesConfig, parameters: [String: ParameterValue]
    ) throws(Failure) {
        var expected = config.pages
        outer: for pageIndex in expected.indices {
            for tileIndex in expected[pageIndex].indices where expected[pageIndex][tileIndex].id == tileID {
                expected[pageIndex][tileIndex].widgets[member].parameters = parameters
                break outer
            }
        }
        let reread = try? reader(edited).read()
        guard let reread, reread.pages == expected, reread.themeName == config.themeName, reread.scheme == config.scheme else {
            throw Failure(description: "\(file.lastPathComponent) is written in a way tiles cannot edit safely (multi-line values?); nothing was written")
        }
    }

    /// Writes `edited` to the file, keeping `original` (nil for a new file) byte for byte as
    /// `config.toml.bak` first; a link to the file is written through (`AtomicFile`).
    func write(_ edited: String, over original: ConfigText?) throws(Failure) {
        do {
            let permissions = original == nil ? 0o644 : AtomicFile.permissions(atPath: file.path) ?? 0o644
            if let original { try AtomicFile.write(original.bytes, to: backupFile, permissions: permissions) }
            try AtomicFile.write(original?.bytes(for: edited) ?? Data(edited.utf8), to: file, permissions: permissions, followingLinks: true)
        } catch {
            throw Failure(description: "\(error)", isWriteError: true)
        }
    }

    // MARK: Rewriting the text

    /// `text` with the parameters of the table at `table` replaced by `parameters` (in order).
    static func replaceParameters(in text: String, table: [String], with parameters: [(String, ParameterValue)]) throws(Failure) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let layout = ConfigLayout(text: text) else {
            throw Failure(description: "cannot read the file as TOML; nothing was written")
        }
        if let header = layout.headerLine(of: table + ["parameters"]) {
            // `[page.tile.parameters]`: its key lines are replaced, its comments kept.
            let section = layout.section(after: header)
            var (kept, insertAt, indent) = removeKeyLines(Array(lines[section])) { _ in true }
            kept.insert(contentsOf: parameters.map { indent + "\(TOMLWriting.key($0.0)) = \(tomlValue($0.1))" }, at: insertAt ?? 0)
            lines.replaceSubrange(section, with: kept)
        } else {
            guard let header = layout.headerLine(of: table) else {
                throw Failure(description: "cannot find the tile's table in the file; nothing was written")
            }
            let section = layout.section(after: header)
            let parameterLines = layout.keyLines(under: table + ["parameters"])
            let isParameters = { (offset: Int) in parameterLines.contains(section.lowerBound + offset) }
            // A comment after `parameters = { … }` stays with the new line.
            let comment = Array(lines[section]).indices.first(where: isParameters).flatMap { trailingComment(of: lines[section.lowerBound + $0]) }
            var (kept, insertAt, indent) = removeKeyLines(Array(lines[section]), matches: isParameters)
            if !parameters.isEmpty {
                let inline = parameters.map { "\(TOMLWriting.key($0.0)) = \(tomlValue($0.1))" }.joined(separator: ", ")
                // Without parameters before: after the table's last key, above blank lines and comments.
                let position = insertAt ?? (kept.lastIndex { isKeyLine($0) }.map { $0 + 1 } ?? 0)
                kept.insert(indent + "parameters = { \(inline) }" + (comment.map { "  " + $0 } ?? ""), at: position)
            }
            lines.replaceSubrange(section, with: kept)
        }
        return lines.joined(separator: "\n")
    }

    /// `section` without the key lines `matches` picks (by offset), a multi-line array's
    /// continuation lines with them; where the first removed line was and its indentation (else
    /// the indentation of the section's first key).
    private static func removeKeyLines(_ section: [String], matches: (Int) -> Bool) -> (kept: [String], insertAt: Int?, indent: String) {
        var kept: [String] = []
        var insertAt: Int?
        var indent: String?
        var offset = 0
        while offset < section.count {
            let line = section[offset]
            guard isKeyLine(line), matches(offset) else {
                if indent == nil, isKeyLine(line) { indent = String(line.prefix { $0 == " " || $0 == "\t" }) }
                kept.append(line)
                offset += 1
                continue
            }
            if insertAt == nil {
                insertAt = kept.count
                indent = String(line.prefix { $0 == " " || $0 == "\t" })
            }
            var depth = bracketDepth(line)
            offset += 1
            while depth > 0, offset < section.count {
                depth += bracketDepth(section[offset])
                offset += 1
            }
        }
        return (kept, insertAt, indent ?? "")
    }

    /// Whether a line holds a key (not blank, not a comment).
    private static func isKeyLine(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }

    /// The comment that ends a line (`# …`), outside strings; nil when there is none.
    static func trailingComment(of line: String) -> String? {
        unquoted(line).first { $0.character == "#" }.map { String(line[$0.index...]) }
    }

    /// Brackets and braces opened minus closed on a line, outside strings and comments.
    static func bracketDepth(_ line: String) -> Int {
        var depth = 0
        for (_, character) in unquoted(line) {
            switch character {
            case "#": return depth
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
        }
        return depth
    }

    /// The characters of a line outside TOML strings (basic with escapes, and literal), with
    /// their positions; the quotes themselves are left out.
    private static func unquoted(_ line: String) -> [(index: String.Index, character: Character)] {
        var result: [(String.Index, Character)] = []
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                result.append((index, character))
            }
        }
        return result
    }

    /// A parameter value as TOML writes it.
    static func tomlValue(_ value: ParameterValue) -> String {
        switch value {
        case .bool(let on): on ? "true" : "false"
        case .integer(let number): String(number)
        case .string(let text): TOMLWriting.basicString(text)
        case .list(let items): "[" + items.map(TOMLWriting.basicString).joined(separator: ", ") + "]"
        }
    }
}
