import Foundation
import Testing

/// Golden files of the command line's output: compared exactly, and written instead only when
/// `TILES_RECORD_GOLDENS` is set (`make golden`), on purpose.
enum GoldenFile {
    /// Whether this run records golden files instead of comparing with them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["TILES_RECORD_GOLDENS"] != nil }

    /// Records `output` as `file`, or expects it to equal what `file` holds.
    static func check(_ output: String, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.write(to: file, atomically: true, encoding: .utf8)
        } else {
            let golden = try String(contentsOf: file, encoding: .utf8)
            #expect(output == golden, "\(file.lastPathComponent) differs; re-record with `make golden` if intended", sourceLocation: sourceLocation)
        }
    }
}
