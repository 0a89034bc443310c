import Foundation
import Testing
import TileUI
import TileUIJSON

/// Checks that each JSON view in `cases` is refused with an error starting with its message
/// (the path, then what was expected), as `ViewNode(json:path: "view")` reports it.
func expectRefused(_ cases: [(json: String, message: String)], sourceLocation: SourceLocation = #_sourceLocation) {
    for (json, message) in cases {
        do {
            _ = try ViewNode(json: Data(json.utf8), path: "view")
            Issue.record("\(json) was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".hasPrefix(message), "\(json): \(error)", sourceLocation: sourceLocation)
        }
    }
}
