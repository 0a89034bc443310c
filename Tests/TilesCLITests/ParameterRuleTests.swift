import Foundation
import Testing

/// One rule per parameter: the countdown's `time` and Alipay's `urls` are refused with the same
/// message by `tiles render --param`, `tiles config set` and `tiles check`.
@Suite struct ParameterRuleTests {
    static let timeMessage = "parameter 'time' must be a time of day as HH:MM (00:00 to 23:59), found '25:00'"
    static let urlsMessage = "parameter 'urls' must be button=url pairs separated by spaces "
        + "(a button name such as scan or 扫一扫, then an http or https link), found 'https://x'"

    @Test(arguments: [("countdown", "time=25:00", timeMessage), ("alipay", "urls=https://x", urlsMessage)])
    func renderRefusesTheValueWithTheRulesMessage(widget: String, parameter: String, message: String) throws {
        let result = try runTiles(["render", "--widget", widget, "--param", parameter, "--offline"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func configSetRefusesTheSameValuesWithTheSameMessage() throws {
        let home = ConfigHome()
        let set = try runTiles(["config", "set", "alipay", "urls=https://x"], environment: home.environment)
        #expect(set.status == 2)
        #expect(set.stderr == "tiles: alipay (alipay): \(Self.urlsMessage)\n")
        let good = try runTiles(["config", "set", "alipay", "urls=scan=https://example.com/scan"], environment: home.environment)
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test func checkRefusesTheSameValuesWithTheSameMessage() throws {
        let home = ConfigHome()
        for (widget, parameter, message) in [("countdown", #"time = "25:00""#, Self.timeMessage),
                                             ("alipay", #"urls = "https://x""#, Self.urlsMessage)] {
            let result = try home.check("""
                [[page]]
                [[page.tile]]
                widget = "\(widget)"
                parameters = { \(parameter) }

                """)
            #expect(result.status == 2, "\(widget)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
