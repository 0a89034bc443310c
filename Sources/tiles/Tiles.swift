import ArgumentParser
import Foundation
import TileUI
import TileUISamples

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

            This version has the layout engine (TileUI) only: `tiles` prints the QQ Sync sample \
            tile once, in colour when the terminal supports it. The live dashboard comes with the \
            TileTerminal front end.

            Examples:
              tiles                  # print the sample tile
              tiles --scheme dark    # the same in dark mode
              tiles --version
            """,
        version: version
    )

    @Option(help: "Colour scheme of the sample: light or dark.")
    var scheme: ColorScheme = .light

    /// Runs the command with the exit codes of the contract: 0 success, 2 usage error, 1 other.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }

    mutating func run() throws {
        var environment = EnvironmentValues()
        environment.colorScheme = scheme
        let grid = CellGrid.render(QQSyncMediumSample(), width: 42, height: 10, environment: environment)
        let mode = ColorMode.detect(environment: ProcessInfo.processInfo.environment)
        let isTerminal = isatty(STDOUT_FILENO) != 0
        print(isTerminal ? ANSIRenderer(colorMode: mode).render(grid) : grid.text)
    }
}

extension ColorScheme: ExpressibleByArgument {}
