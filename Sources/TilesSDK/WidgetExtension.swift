@_exported import Foundation
@_exported import TileKit

/// A program that serves widgets to tiles, written with the API the built-in widgets use: list
/// the widgets in `body` as in a `WidgetBundle`, mark the type `@main`, build it with
/// `swift build`, and point a `[[widget]]` table's `extension` at the executable.
///
/// ```swift
/// @main
/// struct TeamWidgets: WidgetExtension {
///     var body: some Widget {
///         UptimeWidget()
///         GreetingWidget()
///     }
/// }
/// ```
public protocol WidgetExtension: WidgetBundle {}

extension WidgetExtension {
    /// Answers tiles' requests from standard input, one JSON line each, until it closes.
    public static func main() async {
        let widgets: [WidgetDescriptor]
        do {
            widgets = try Self().widgets()
        } catch {
            DescriptorWriting.standardError("\(error)\n")
            exit(1)
        }
        exit(await ExtensionServer(widgets: widgets).serve())
    }
}
