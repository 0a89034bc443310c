import Foundation
import TestSupport
import Testing

/// The gallery's preview of a program widget is a preview run of the program (`isPreview` set),
/// as docs/usage.md says, and says why when there is none.
@Suite struct GalleryPreviewTests {
    /// A home whose config declares `lamp` with `program`, and the board of one clock tile.
    static func home(program: String, listen: Bool = false) throws -> (URL, [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-gallery-preview-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ExecutableFile.write(program, to: folder.appendingPathComponent("lamp.py").path)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [[widget]]
            kind = "lamp"
            command = ["python3", "./lamp.py"]
            \(listen ? "listen = true" : "")

            [[page]]
            [[page.tile]]
            id = "c"
            widget = "countdown"

            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        return (root, PrivateEnvironment.folders(under: root))
    }

    static func gallery(_ environment: [String: String]) throws -> String {
        let result = try runTiles(["render", "--board", "--gallery", "lamp", "--width", "100", "--height", "30"], environment: environment)
        return result.stdout
    }

    @Test func theProgramRunsWithIsPreviewAndItsEntryIsDrawn() throws {
        let (root, environment) = try Self.home(program: """
            #!/usr/bin/env python3
            import json, os, sys
            request = json.load(sys.stdin)
            text = "preview %s %s" % (os.environ["TILES_IS_PREVIEW"], request["isPreview"])
            print(json.dumps({"entries": [{"view": {"Text": text}}], "policy": "never"}))
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let screen = try Self.gallery(environment)
        #expect(screen.contains("Add a widget"), "\(screen)")
        #expect(screen.contains("preview 1 True"), "the program's own preview entry: \(screen)")
    }

    @Test func aProgramThatFailsSaysWhyInThePreview() throws {
        let (root, environment) = try Self.home(program: "#!/bin/sh\necho broken >&2\nexit 3\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let screen = try Self.gallery(environment)
        #expect(screen.contains("no preview:"), "\(screen)")
    }

    @Test func aStreamingProgramIsNotStartedForAPreview() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-stream-started-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let (root, environment) = try Self.home(program: "#!/bin/sh\ntouch '\(marker.path)'\nsleep 30\n", listen: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let screen = try Self.gallery(environment)
        #expect(screen.contains("a streaming widget"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the program never ran")
    }
}
