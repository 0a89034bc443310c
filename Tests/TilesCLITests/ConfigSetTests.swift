import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `tiles config set`: the edit form from the shell, through the real binary.
@Suite struct ConfigSetTests {
    @Test func setWritesTheBuiltInBoardFirstThenEditsInPlace() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let file = home.root.appendingPathComponent("config/tiles/config.toml")

        let first = try runTiles(["config", "set", "alipay", "city=杭州", "buttons=scan,pay,transit,卡包"], environment: environment)
        #expect(first.status == 0)
        #expect(first.stdout == "saved to \(file.path) (a new file)\n")
        var text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#"parameters = { buttons = ["scan", "pay", "transit", "cards"], city = "杭州" }"#))

        let second = try runTiles(["config", "set", "commit", "owner=swiftlang"], environment: environment)
        #expect(second.stdout == "saved to config.toml (the previous file is config.toml.bak)\n")
        text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#"parameters = { owner = "swiftlang", repo = "swift", branch = "main" }"#))
        #expect(text.contains(#"city = "杭州""#), "the earlier edit stays")
        #expect(try runTiles(["check"], environment: environment).status == 0)
    }

    @Test func mistakesExitTwoWithTheReasonAndLeaveTheFileAlone() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let file = home.root.appendingPathComponent("config/tiles/config.toml")
        #expect(try runTiles(["config", "set", "alipay", "city=北京"], environment: environment).status == 0)
        let before = try String(contentsOf: file, encoding: .utf8)

        let cases: [([String], String)] = [
            (["alipay", "showWeather=maybe"], "tiles: alipay (alipay): parameter 'showWeather' expects true or false, found 'maybe'\n"),
            (["alipay", "cty=x"], "tiles: alipay (alipay): unknown parameter 'cty' (did you mean 'city'?); known: buttons, showWeather, buttonsSide, city, urls\n"),
            (["alipy", "city=x"], "tiles: no tile 'alipy' in \(file.path) (did you mean 'alipay'?); tiles: qqsync, alipay, commit\n"),
            (["alipay", "city"], "tiles: expected KEY=VALUE, found 'city'\n"),
            (["commit", "--stack", "2", "owner=x"], "tiles: tile 'commit' has no widget 2; --stack counts from 1\n"),
        ]
        for (arguments, message) in cases {
            let result = try runTiles(["config", "set"] + arguments, environment: environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
    }
}
