import FoundationEssentials
import TOML
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

extension ConfigEditor {
    /// Saves `pages` (each widget with every parameter, resolved) as the file's board, keeping
    /// the rest of the file as written (`BoardWriter`); returns the status line's report.
    ///
    /// A file that cannot be read, is not valid, or is read-only is never written. Parameters are
    /// written as the file had them when they resolve to the same values, else only those that
    /// differ from the widget's defaults. The result must read back as exactly this board with
    /// every other setting as it was; the previous file is kept as `config.toml.bak`.
    ///
    /// With `base`, the file's bytes when edit mode began (empty: there was no file), the file
    /// is written only if it is still exactly that, checked and written under a lock beside it:
    /// a tile another process added, or another board's save, is never lost without a word.
    public func saveBoard(_ pages: [[TileSpec]], base: Data? = nil) throws(Failure) -> String {
        do {
            return try FileLock.withLock(on: lockFile) { () throws(Failure) -> String in try saveBoardLocked(pages, base: base) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)", isWriteError: true)
        }
    }

    /// The lock that saves of this file take, beside the file a link to it leads to.
    var lockFile: URL {
        let target = URL(filePath: AtomicFile.resolvingLinks(file.path))
        return target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).lock")
    }

    private func saveBoardLocked(_ pages: [[TileSpec]], base: Data?) throws(Failure) -> String {
        let name = file.lastPathComponent
        let exists = FileManager.default.fileExists(atPath: file.path)
        var onDisk: ConfigText?
        if exists {
            switch ConfigText.read(file) {
            case .success(let text): onDisk = text
            case .failure(let failure): throw Failure(description: "cannot read \(name): \(failure); nothing was written")
            }
            guard !Self.isReadOnly(file) else {
                throw Failure(description: "\(name) is read-only; nothing was written (make it writable to save the board)")
            }
        }
        if let base, (onDisk?.bytes ?? Data()) != base {
            throw Failure(description: "\(name) changed on disk since edit mode began; nothing was written", isConflict: true)
        }
        let original = onDisk?.text ?? ConfigTemplate.text
        var text = original
        var config = try readForEdit(text)
        if config.pages.isEmpty {
            // A file without a board shows the built-in one: it is written out, then replaced.
            text += (text.hasSuffix("\n") || text.isEmpty ? "\n" : "\n\n") + ConfigTemplate.board
            config = try readForEdit(text)
        }
        let written = try pages.map { page throws(Failure) in try page.map { tile throws(Failure) in try asWritten(tile, in: config) } }
        let edited: String
        do {
            edited = try BoardWriter(text: text, board: config.pages).write(written)
        } catch {
            throw Failure(description: "\(name): \(error); nothing was written")
        }
        let reread = try? readForEdit(edited)
        guard let reread, reread.pages == written, reread.themeName == config.themeName, reread.scheme == config.scheme,
              reread.declarations.count == config.declarations.count, reread.sizeClass == config.sizeClass else {
            throw Failure(description: "\(name) is written in a way tiles cannot rearrange safely; nothing was written")
        }
        guard edited != original else { return "the board in \(name) is unchanged" }
        try write(edited, over: onDisk)
        return exists ? "board saved to \(name) (the previous file is \(backupFile.lastPathComponent))" : "board saved to \(file.path) (a new file)"
    }

    /// `tile` with its parameters as the file should write them.
    private func asWritten(_ tile: TileSpec, in config: TilesConfig) throws(Failure) -> TileSpec {
        let before = config.tiles.first { $0.id == tile.id }
        var tile = tile
        for (index, entry) in tile.widgets.enumerated() {
            guard let widget = (widgets + config.extensionWidgets).first(where: { $0.kind == entry.kind }) else {
                throw Failure(description: "\(file.lastPathComponent): unknown widget '\(entry.kind)'; nothing was written")
            }
            let resolved = try? widget.resolveParameters(entry.parameters)
            if let old = before?.widgets.first(where: { $0.kind == entry.kind && (try? widget.resolveParameters($0.parameters)) == resolved }) {
                tile.widgets[index].parameters = old.parameters
            } else {
                let defaults = (try? widget.resolveParameters()) ?? [:]
                tile.widgets[index].parameters = entry.parameters.filter { defaults[$0.key] != $0.value }
            }
        }
        return tile
    }

    /// The config in `text`; an invalid file is never written.
    private func readForEdit(_ text: String) throws(Failure) -> TilesConfig {
        do {
            return try reader(text).read()
        } catch {
            // The reason first: the status line is narrow, and the error names the file and place.
            throw Failure(description: "fix the file first, nothing was written: \(error)")
        }
    }

    /// Whether the user made `file` read-only: no write permission for anyone, or none for us.
    static func isReadOnly(_ file: URL) -> Bool {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return false }
        return status.st_mode & 0o222 == 0 || access(file.path, W_OK) != 0
    }
}
