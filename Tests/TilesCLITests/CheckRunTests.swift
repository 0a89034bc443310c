import Foundation
import TestSupport
import Testing

/// Issue 48, item 15: `tiles check --run` runs each declared widget's program once, as the
/// gallery's preview does, and names a program that fails; a plain check runs none.
@Suite struct CheckRunTests {
    @Test func eachProgramRunsOnceAsAPreviewAndAFailureIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-check-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = root.appendingPathComponent("ran").path
        try ExecutableFile.write("""
            #!/bin/sh
            echo "$TILES_IS_PREVIEW" >> '\(marker)'
            echo '{"entries": [{"view": {"Text": "fine"}}]}'
            """, to: folder.appendingPathComponent("good.sh").path)
        try ExecutableFile.write("#!/bin/sh\necho 'no database' >&2\nexit 4\n", to: folder.appendingPathComponent("bad.sh").path)
        try ExecutableFile.write("#!/bin/sh\ntouch '\(marker).stream'\nsleep 30\n", to: folder.appendingPathComponent("stream.sh").path)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [[widget]]
            kind = "good"
            command = ["./good.sh"]

            [[widget]]
            kind = "bad"
            command = ["./bad.sh"]

            [[widget]]
            kind = "stream"
            command = ["./stream.sh"]
            listen = true

            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        let environment = PrivateEnvironment.folders(under: root)

        let plain = try runTiles(["check"], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a plain check runs no program")

        let checked = try runTiles(["check", "--run"], environment: environment)
        #expect(checked.status == 1, "a program failed: \(checked)")
        #expect(checked.stdout.contains("  good: ok, its preview run gave 1 entry"), "\(checked.stdout)")
        #expect(checked.stdout.contains("  bad: exit 4: no database"), "\(checked.stdout)")
        #expect(checked.stdout.contains("  stream: streaming: not started"), "\(checked.stdout)")
        #expect(checked.stderr.contains("1 widget program failed"), "\(checked.stderr)")
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "1\n", "one run, with isPreview set")
        #expect(!FileManager.default.fileExists(atPath: marker + ".stream"))
    }
}
