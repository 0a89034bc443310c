import Foundation
import TileExtensions
import TileKit
import TileUIJSON

/// A widget's Swift view as the protocol's JSON view tree.
enum ExtensionViews {
    /// `view` described in `environment` (bodies read the family and scheme from it) as JSON.
    static func encode(_ view: AnyView, environment: EnvironmentValues) throws -> JSONValue {
        do {
            return try ViewNode(describing: view, environment: environment).jsonValue
        } catch {
            throw ExtensionError("this view cannot travel as JSON: \(error)")
        }
    }
}
