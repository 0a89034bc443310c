import Testing
@testable import tiles

/// `tiles` with only the dashboard's options is parsed without the other subcommands; anything
/// else goes through the root parser, so help, versions, subcommands and mistakes read as always.
@Suite struct DashboardFastPathTests {
    @Test func theDashboardsOwnOptionsTakeTheShortPath() throws {
        #expect(Tiles.dashboardCommand([]) != nil)
        let command = try #require(Tiles.dashboardCommand(["--size-class", "large", "--tiles", "countdown:small", "--scheme", "dark"]))
        #expect(command.sizeClass == .pinned(.large))
        #expect(command.tiles == "countdown:small")
        #expect(command.scheme == .dark)
    }

    @Test(arguments: [
        ["render", "--widget", "qqsync"], ["list"], ["--help"], ["-h"], ["--version"], ["--family", "large", "--help"],
        ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"], ["--size-class", "huge"],
        ["--no-such-option"], ["help"], ["--scheme"],
    ])
    func everythingElseGoesToTheRoot(arguments: [String]) {
        #expect(Tiles.dashboardCommand(arguments) == nil)
    }

    @Test func mistakesAreStillReportedByTheRoot() throws {
        let result = try runTiles(["--size-class", "huge"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("huge"), "\(result.stderr)")
    }
}
