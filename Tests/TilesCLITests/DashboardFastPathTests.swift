import Testing
import ArgumentParser
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

    /// The options read by hand are the options ArgumentParser reads, for every form the board
    /// takes; anything ArgumentParser should judge (a repeat, an unknown name, a bad value, a
    /// missing value) is left to it.
    @Test(arguments: [
        [], ["--tiles", "countdown:small,qqsync"], ["--tiles=qqsync:large", "--family", "small"],
        ["--scheme", "light", "--theme", "nord", "--config", "/tmp/x.toml"], ["--size-class=compact", "--family=extraLarge"],
        ["--size-class", "auto", "--scheme=dark", "--tiles", "commit", "--theme=solarized", "--config=c.toml", "--family", "large"],
    ])
    func optionsReadByHandMatchArgumentParser(arguments: [String]) throws {
        let byHand = try #require(RunDashboard.parseByHand(arguments))
        let parsed = try RunDashboard.parse(arguments)
        #expect(byHand.family == parsed.family && byHand.scheme == parsed.scheme && byHand.theme == parsed.theme)
        #expect(byHand.sizeClass == parsed.sizeClass && byHand.config == parsed.config && byHand.tiles == parsed.tiles)
    }

    /// An option added to the command must be read by hand too, or the fast path would leave it unset.
    @Test func everyOptionOfTheCommandIsReadByHand() throws {
        let help = RunDashboard.helpMessage(columns: 200)
        let regex = try Regex("--([a-z][a-z-]*)")
        let named = Set(help.matches(of: regex).map { String(help[$0.range].dropFirst(2)) }).subtracting(["help", "version"])
        #expect(named == RunDashboard.handParsedOptions, "\(help)")
    }

    @Test(arguments: [
        ["--tiles", "a", "--tiles", "b"], ["--tile", "a"], ["--family", "huge"], ["--scheme"], ["--tiles", "--family"],
        ["-t", "a"], ["qqsync"], ["--size-class=big"],
    ])
    func everythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(RunDashboard.parseByHand(arguments) == nil)
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

/// Every command names itself: ArgumentParser otherwise derives the name from the type with
/// `String(describing:)`, whose protocol-conformance lookups scanned the whole binary's
/// conformance records for each command and were a fifth of `tiles render`'s start-up.
@Suite struct CommandNameTests {
    @Test func everyCommandInTheTreeHasItsNameWrittenOut() {
        var unnamed: [String] = []
        func visit(_ command: any ParsableCommand.Type) {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            command.configuration.subcommands.forEach(visit)
        }
        visit(Tiles.self)
        #expect(unnamed.isEmpty, "commands without a commandName: \(unnamed)")
    }
}
