import Foundation
import Testing

/// Golden files of the command line's output: compared exactly, and written instead only when
/// `TILES_RECORD_GOLDENS=1` is set (`make golden`), on purpose. A recording run fails with a
/// message naming each file it wrote, so a stray variable can never turn a test run green.
enum GoldenFile {
    /// Whether this run records golden files instead of comparing with them.
    static var isRecording: Bool { Recording.isOn("TILES_RECORD_GOLDENS") }

    /// Records `output` as `file`, or expects it to equal what `file` holds.
    static func check(_ output: String, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.write(to: file, atomically: true, encoding: .utf8)
            Recording.report(file.path, sourceLocation: sourceLocation)
        } else {
            let golden = try String(contentsOf: file, encoding: .utf8)
            #expect(output == golden, "\(file.lastPathComponent) differs; re-record with `make golden` if intended", sourceLocation: sourceLocation)
        }
    }
}

/// Recording golden files on purpose: on only when its variable is `1`, and never a pass.
enum Recording {
    /// Whether `variable` asks for recording; any other value than `1` is a mistake, reported.
    static func isOn(_ variable: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[variable] else { return false }
        if value != "1" {
            Issue.record("\(variable)=\(value): set it to 1 to record (make golden), or unset it", sourceLocation: sourceLocation)
        }
        return value == "1"
    }

    /// Fails the test that wrote `path`: a recording run is reviewed with git diff, then the tests
    /// run again without the variable (make golden does both).
    static func report(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("recorded \(path) on purpose; review it with git diff, then run the tests without the variable", sourceLocation: sourceLocation)
    }
}
