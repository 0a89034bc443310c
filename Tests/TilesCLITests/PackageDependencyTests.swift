import Foundation
import Testing

/// Every target of the package lists, in Package.swift, each of the package's modules its code
/// imports, including one another module re-exports (TileKit re-exports TileUI). A release build
/// inlines code across modules, and SwiftPM rebuilds a target when a listed module changes only:
/// TileExtensions, which imported TileUI without listing it, kept allocating the old size of a
/// TileUI class after a field was added, and the release binary corrupted its heap
/// (docs/platform.md, "Packages and builds").
@Suite struct PackageDependencyTests {
    /// The binary links FoundationEssentials only: one `import Foundation` anywhere in its modules
    /// brings FoundationInternationalization and ICU's 34 MB of data back (docs/performance.md).
    /// TilesSDK, for extension programs, and the samples of tests and benchmarks may use Foundation.
    @Test func noModuleOfTheBinaryImportsFoundation() throws {
        let sources = repositoryRoot.standardizedFileURL.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        var offenders: [String] = []
        for module in modules where !["TilesSDK", "TileUISamples"].contains(module) {
            let folder = sources.appendingPathComponent(module)
            for case let file as String in FileManager.default.enumerator(atPath: folder.path) ?? NSEnumerator() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.wholeMatch(of: /(@_exported |@testable |internal |public )?import (Foundation|FoundationInternationalization)/) != nil }) {
                    offenders.append("\(module)/\(file)")
                }
            }
        }
        #expect(offenders.isEmpty, "import FoundationEssentials instead in: \(offenders.joined(separator: ", "))")
    }

    /// The same, judged on the binary itself rather than on import lines (which `@_implementationOnly`,
    /// `internal import` or a transitive module could slip past): the tiles built for the tests
    /// needs no library of Foundation's but FoundationEssentials, none of ICU, and defines no
    /// ICU data or FoundationInternationalization symbol.
    @Test func theBuiltBinaryLinksNeitherFoundationNorICU() throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = products.appendingPathComponent("tiles").path
        let needed = try runProgram(["readelf", "-d", "-W", binary], environment: ["PATH": "/usr/bin:/bin"])
        let libraries = needed.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(libraries.count > 5, "\(needed)")
        #expect(libraries.contains { $0.contains("libFoundationEssentials") }, "the check reads the right table: \(libraries)")
        let offenders = libraries.filter { $0.contains("libFoundation.so") || $0.contains("FoundationInternationalization") || $0.contains("icu") }
        #expect(offenders.isEmpty, "\(offenders)")
        let symbols = try runProgram(["sh", "-c", "nm \"$0\" | grep -c -E 'icudt|FoundationInternationalization' || true", binary], environment: ["PATH": "/usr/bin:/bin"])
        #expect(symbols.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "ICU or FoundationInternationalization symbols: \(symbols)")
    }

    /// The terminal board pays nothing for the web board: the HTTP server lives in tiles-serve
    /// alone, and tiles holds none of Hummingbird's, SwiftNIO's or BoringSSL's code (docs/design.md, "In a browser").
    @Test func theTerminalBinaryHoldsNoWebServer() throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let count = "nm \"$0\" | grep -c -E 'Hummingbird|NIOCore|NIOPosix|NIOHTTP1|NIOSSL|CNIOBoringSSL' || true"
        let tiles = try runProgram(["sh", "-c", count, products.appendingPathComponent("tiles").path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(tiles.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "tiles holds \(tiles) web server symbols")
        let server = try runProgram(["sh", "-c", count, products.appendingPathComponent("tiles-serve").path], environment: ["PATH": "/usr/bin:/bin"])
        #expect((Int(server.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100, "the check counts the right symbols: \(server)")
    }

    @Test func everyTargetListsThePackageModulesItImports() throws {
        let root = repositoryRoot.standardizedFileURL
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let sources = root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        // Each module's imports of the package's modules, and those it re-exports.
        var imports: [String: Set<String>] = [:]
        var exports: [String: Set<String>] = [:]
        for module in modules {
            for (name, exported) in try Self.imports(in: sources.appendingPathComponent(module))
            where name != module && modules.contains(name) {
                imports[module, default: []].insert(name)
                if exported { exports[module, default: []].insert(name) }
            }
        }
        var checked = 0
        for module in modules {
            // A module imported through another's re-export is used all the same.
            var imported = imports[module] ?? []
            var pending = Array(imported)
            while let next = pending.popLast() {
                for exported in exports[next] ?? [] where exported != module && imported.insert(exported).inserted {
                    pending.append(exported)
                }
            }
            guard !imported.isEmpty else { continue }
            let declaration = try #require(Self.declaration(of: module, in: manifest), "\(module) has no target in Package.swift")
            for name in imported.sorted() {
                #expect(declaration.contains("\"\(name)\""), "\(module) imports \(name) but does not list it in Package.swift")
            }
            checked += 1
        }
        #expect(checked >= 8)
    }

    /// The same for the test targets: a test that inlines a module's code it does not list is
    /// not rebuilt when that module changes. TileWidgetsTests, which imported TileUI without
    /// listing it, read a `Cell` of the old layout after its grapheme was packed, and crashed.
    @Test func everyTestTargetListsThePackageModulesItImports() throws {
        let root = repositoryRoot.standardizedFileURL
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let sources = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
        let tests = root.appendingPathComponent("Tests")
        let directories = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { !$0.hasPrefix(".") }
        let modules = Set(sources + directories)
        var checked = 0
        for directory in directories {
            let imported = Set(try Self.imports(in: tests.appendingPathComponent(directory)).map(\.name))
                .filter { $0 != directory && modules.contains($0) }
            guard !imported.isEmpty else { continue }
            // A target kept elsewhere than Tests/<name> says so with `path:`.
            let target = Self.target(atPath: "Tests/\(directory)", in: manifest) ?? directory
            let declaration = try #require(Self.declaration(of: target, in: manifest), "\(target) has no target in Package.swift")
            for name in imported.sorted() {
                #expect(declaration.contains("\"\(name)\""), "\(target) imports \(name) but does not list it in Package.swift")
            }
            checked += 1
        }
        #expect(checked >= 8)
    }

    /// The modules the Swift files under `directory` import, each with whether it is re-exported.
    static func imports(in directory: URL) throws -> [(name: String, exported: Bool)] {
        let files = FileManager.default.enumerator(atPath: directory.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var found: [(name: String, exported: Bool)] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                found.append((String(words[index + 1]), words.contains("@_exported")))
            }
        }
        return found
    }

    /// The name of the target whose `path:` is `path`.
    static func target(atPath path: String, in manifest: String) -> String? {
        guard let pathRange = manifest.range(of: "path: \"\(path)\"") else { return nil }
        let before = manifest[..<pathRange.lowerBound]
        guard let nameRange = before.range(of: "name: \"", options: .backwards) else { return nil }
        let rest = manifest[nameRange.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The text of the target declaration named `name`: from its `name:` to the next target
    /// (the package's own `name:` and the products' `.library(name:` and `.executable(name:` are not).
    static func declaration(of name: String, in manifest: String) -> Substring? {
        var searched = manifest.startIndex..<manifest.endIndex
        while let start = manifest.range(of: "name: \"\(name)\"", range: searched) {
            searched = start.upperBound..<manifest.endIndex
            let lower = manifest.index(start.lowerBound, offsetBy: -20, limitedBy: manifest.startIndex) ?? manifest.startIndex
            let before = manifest[lower..<start.lowerBound]
            if before.contains(".library(") || before.contains(".executable(") || before.contains("Package(") { continue }
            let rest = manifest[start.upperBound...]
            let ends = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("].compactMap { rest.range(of: $0)?.lowerBound }
            return rest[..<(ends.min() ?? rest.endIndex)]
        }
        return nil
    }
}
