import Foundation
import Testing

/// The repository stands on its own: nothing in it sends a reader (or a build) to notes outside
/// the clone. The design, the rules, the data sources and the platform facts live in `docs/`.
@Suite struct SelfContainedRepositoryTests {
    /// Text that points outside the repository. Spelled in pieces so this file does not match.
    static let outsideReferences = [
        "shared" + "/",
        "LAYOUT" + ".md",
        "DESIGN" + ".md",
        "DATA-SOURCES" + ".md",
        "PLATFORM" + ".md",
    ]

    /// The one allowed use: a benchmark may compare with the C reference program kept beside the
    /// clone (the shared notes' `perf` directory) when it is there, and must say what it skips
    /// when it is not.
    static func isAllowed(path: String, line: String) -> Bool {
        let benchmarkFile = path.hasPrefix("Benchmarks/") || path.hasPrefix("scripts/bench")
            || path == "Makefile" || path == "docs/performance.md"
        return benchmarkFile && line.contains("../" + "shared" + "/perf")
    }

    /// Every text file of the repository, relative to its root: build directories, hidden
    /// directories and files that are not UTF-8 are left out.
    static func textFiles() -> [(path: String, text: String)] {
        let root = repositoryRoot.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(path: String, text: String)] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".build") || (name.hasPrefix(".") && name != ".gitignore") {
                walker.skipDescendants()
                continue
            }
            guard walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
                  let data = FileManager.default.contents(atPath: root + "/" + relative),
                  let text = String(data: data, encoding: .utf8)
            else { continue }
            files.append((relative, text))
        }
        return files
    }

    @Test func testNoFileRefersOutsideTheRepository() {
        let files = Self.textFiles()
        #expect(files.contains { $0.path == "README.md" }, "the walk did not find README.md under \(repositoryRoot.path)")
        var hits: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                guard Self.outsideReferences.contains(where: line.contains), !Self.isAllowed(path: file.path, line: line) else {
                    continue
                }
                hits.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(hits.isEmpty, "cite docs/design.md, docs/rules.md, docs/data-sources.md or docs/platform.md instead:\n\(hits.joined(separator: "\n"))")
    }

    @Test func testEveryCitedRuleExistsInRulesMd() throws {
        let rules = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let citation = #/rules\.md\)? ([ABC][0-9]+(?:\.[0-9]+)?)/#
        var missing: [String] = []
        for file in Self.textFiles() where file.path != "docs/rules.md" {
            for match in file.text.matches(of: citation) {
                let rule = String(match.output.1)
                // A section is a heading (`### A3.`), a rule a bold label (`**A3.1 [A]**`, `**A8.3**`).
                if !["### \(rule).", "**\(rule) ", "**\(rule)**"].contains(where: rules.contains) {
                    missing.append("\(file.path): \(rule)")
                }
            }
        }
        #expect(missing.isEmpty, "cited in the repository but not in docs/rules.md:\n\(missing.joined(separator: "\n"))")
    }
}
