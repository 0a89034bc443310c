import ArgumentParser
import Foundation
import TileKit
import TileWidgets

/// `tiles` (no subcommand): the dashboard.
struct RunDashboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the dashboard (the default when no subcommand is given).",
        discussion: """
            Keys: s m l x (families), + - (focused tile), t (light/dark), T (theme), 1…9 (tap), \
            f (link hints), Tab/arrows (focus), Enter (tap), r (reload), [ ] (pages), ? (help), q (quit).

            Examples:
              tiles
              tiles --family small --theme nord
            """
    )

    @Option(help: "The initial family of every tile: small, medium, large, extraLarge.")
    var family: WidgetFamily?

    @Option(help: "Colour scheme: light or dark.")
    var scheme: ColorScheme?

    @Option(help: "Theme name (default, nord, solarized, or a file name under the user's themes).")
    var theme: String?

    func run() throws {
        throw UsageError(message: "the dashboard is being wired up; use `tiles render`")
    }
}
