import ArgumentParser
import TileUI

/// The `tiles` command: a home screen of widgets for the terminal.
@main
struct Tiles: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "A home screen of widgets for the terminal.",
        discussion: """
            tiles lays out WidgetKit-style widgets (QQ Sync, Alipay, Commit) into cell grids and \
            draws them in the terminal, each refreshed on its own timeline.

            Example:
              tiles --version
            """,
        version: version
    )

    mutating func run() throws {
        // The dashboard is the next milestone (docs/roadmap.md); until it lands, say so plainly.
        throw ValidationError("the dashboard is not built yet in this version; see `tiles --help`")
    }
}
