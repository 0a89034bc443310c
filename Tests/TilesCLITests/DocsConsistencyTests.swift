import Foundation
import Testing
import TileTerminal

/// The docs that describe the code are checked against it, so they cannot drift: design.md's
/// import table against the `import` lines, README's layout table against the folders, the key
/// table against usage.md, and every `*.md` a doc or a comment names against the files.
@Suite struct DocsConsistencyTests {
    static let root = repositoryRoot.standardizedFileURL

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the Markdown table that follows `heading` in `text`, as cells.
    static func tableRows(after marker: String, in text: String) -> [[String]] {
        guard let start = text.range(of: marker) else { return [] }
        var rows: [[String]] = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.allSatisfy({ $0.allSatisfy { $0 == "-" } }) { continue }
            rows.append(cells)
        }
        return Array(rows.dropFirst())  // the header
    }

    /// The `code` spans of a cell.
    static func codeSpans(_ cell: String) -> [String] {
        cell.matches(of: /`([^`]+)`/).map { String($0.1) }
    }

    @Test func designsImportTableIsWhatTheImportLinesSay() throws {
        let design = try Self.read("docs/design.md")
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        let swiftModules = modules.filter { module in
            (FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)?
                .contains { ($0 as? String)?.hasSuffix(".swift") == true }) ?? false
        }
        // The package's own modules and its dependencies' products are listed; system modules
        // and Foundation are not.
        let listed = Set(modules + ["ArgumentParser"])
        var table: [String: Set<String>] = [:]
        for row in Self.tableRows(after: "Who imports whom", in: design) where row.count == 2 {
            // "TOML (theme files)": a note in brackets says why.
            let imported = row[1] == "—" ? [] : row[1].replacing(/\s*\([^)]*\)/, with: "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            for target in Self.codeSpans(row[0]) { table[target] = Set(imported) }
        }
        #expect(!table.isEmpty, "design.md has a 'Who imports whom' table")
        for module in swiftModules.sorted() {
            let actual = Set(try PackageDependencyTests.imports(in: sources.appendingPathComponent(module)).map(\.name))
                .filter { $0 != module && listed.contains($0) }
            #expect(table[module] == actual, "design.md says \(module) imports \(table[module]?.sorted() ?? ["(no row)"]); its files import \(actual.sorted())")
        }
    }

    @Test func readmesLayoutTableNamesEveryFolderAndOnlyFoldersThatExist() throws {
        let readme = try Self.read("README.md")
        let rows = Self.tableRows(after: "## Layout of the repository", in: readme)
        let paths = rows.flatMap { Self.codeSpans($0[0]) }
        #expect(paths.count > 10)
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "README names \(path), which does not exist")
        }
        let named = Set(paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        for folder in ["Sources", "Tests"] {
            let entries = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            for entry in entries where !entry.hasPrefix(".") {
                #expect(named.contains("\(folder)/\(entry)"), "README's layout table leaves out \(folder)/\(entry)")
            }
        }
    }

    @Test func usagesKeyTableNamesEveryKeyOfTheBoard() throws {
        let usage = try Self.read("docs/usage.md")
        let rows = Self.tableRows(after: "## Keys", in: usage)
        let documented = Set(rows.flatMap { Self.codeSpans($0[0]) })
        for binding in BoardKeys.all {
            // The table's words for keys the overlay draws as symbols.
            let keys = binding.keys.split(separator: " ").map(String.init).flatMap { key -> [String] in
                switch key {
                case "…", "click": return []
                case "S-Tab": return ["Shift-Tab"]
                case "←↑↓→": return []
                default: return [key]
                }
            }
            for key in keys {
                #expect(documented.contains(key), "usage.md's Keys table does not name \(key) (\(binding.action))")
            }
        }
        // The help and the man page made from it list every key, E too.
        // Both wrap lines: compare with every run of spaces and line breaks as one space.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = words(try runTiles(["run", "--help"]).stdout)
        // mdoc writes what is not ASCII as \[uXXXX].
        let manual = words(try runTiles(["generate-manual"]).stdout).replacing(/\\\[u([0-9A-F]{4})\]/) { match in
            String(Character(Unicode.Scalar(UInt32(match.1, radix: 16)!)!))
        }
        for binding in BoardKeys.all {
            let line = "\(binding.keys) (\(binding.brief))"
            let inHelp = help.contains(line), inManual = manual.contains(line)
            #expect(inHelp, "tiles run --help lacks \(line)")
            #expect(inManual, "the man page lacks \(line)")
        }
    }

    /// A `*.md` named in the docs or in a comment is a file of the repository.
    @Test func everyMarkdownFileNamedExists() throws {
        var places = ["README.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        places += docs.filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        for folder in ["Sources", "Tests", "Benchmarks", "examples"] {
            let files = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String }.filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".md")) && !$0.contains(".build/") } ?? []
            places += files.map { "\(folder)/\($0)" }
        }
        var missing: [String] = []
        for place in places {
            let text = try Self.read(place)
            let folder = (place as NSString).deletingLastPathComponent
            for match in text.matches(of: /(^|[^\w\/:.-])((?:\.\.\/)*[A-Za-z0-9_][A-Za-z0-9_\/.-]*\.md)\b/) {
                let name = String(match.2)
                // Beside the file, from the root, in docs/, or a path climbing out of a fixtures folder.
                let fromRoot = name.replacingOccurrences(of: "../", with: "")
                let candidates = [(folder as NSString).appendingPathComponent(name), name, "docs/\(name)", fromRoot]
                if !candidates.contains(where: { FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).standardizedFileURL.path) }) {
                    missing.append("\(place) names \(name)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    /// A source file over 400 lines says at its top why it is one file ("One file, longer than
    /// most: …"), or it is split.
    @Test func everyLongSourceFileSaysWhyItIsOneFile() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var unexplained: [String] = []
        for file in files {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let top = lines.prefix(20).map { $0.replacing(/^\s*\/\/+\s*/, with: "") }.joined(separator: " ")
            if lines.count > 400, !top.contains("longer than most") {
                unexplained.append("\(file) (\(lines.count) lines)")
            }
        }
        #expect(files.count > 100)
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: ", "))")
    }
}
