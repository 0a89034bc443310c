import Foundation
import Testing

/// The monitor against real peers on 127.0.0.1: an HTTPS site that answers, one that fails
/// with 500, one whose certificate is refused, a closed port, and TCP ports open and closed;
/// each named as the rest of tiles names it.
@Suite(.serialized) struct MonitorWidgetTests {
    @Test func everyKindOfSiteIsCheckedAndNamed() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString).log")
        let good = try NetworkFailureTests.TLSServer(certificate: "server.pem", key: "server.key", script: "sources.py", arguments: [log.path])
        defer { good.stop() }
        let untrusted = try NetworkFailureTests.TLSServer(certificate: "self-signed.pem")
        defer { untrusted.stop() }
        let closed = try closedPort()
        let sites = [
            "api=https://localhost:\(good.port)/price", "slow=https://localhost:\(good.port)/slow", "broken=https://localhost:\(good.port)/error",
            "cert=https://127.0.0.1:\(untrusted.port)/", "gone=https://127.0.0.1:\(closed)/",
            "db=tcp://127.0.0.1:\(good.port)", "cache=tcp://127.0.0.1:\(closed)",
        ].joined(separator: " ")
        let home = ExtensionHome()
        var environment = home.environment
        environment["SSL_CERT_FILE"] = NetworkFailureTests.certificates.appendingPathComponent("ca.pem").path
        let result = try runTiles(["render", "--widget", "monitor", "--family", "large", "--param", "sites=\(sites)"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String { lines.first { $0.contains("● \(name) ") || $0.contains("○ \(name) ") } ?? "" }
        #expect(result.stdout.contains("broken, cert, gone, cache down"), "\(result.stdout)")
        let slowLatency = line("slow").split(separator: " ").dropLast().last.flatMap { Int($0) }
        #expect(slowLatency.map { $0 >= 1_200 } == true, "a slow site is up, with its latency: \(line("slow"))")
        #expect(line("api").contains("● api") && line("api").contains(" ms"), "\(line("api"))")
        #expect(line("db").contains("● db") && line("db").contains(" ms"), "\(line("db"))")
        #expect(line("broken").contains("○ broken") && line("broken").contains("HTTP 500"), "\(line("broken"))")
        #expect(line("cert").contains("certificate not trusted"), "\(line("cert"))")
        #expect(line("gone").contains("refused") || line("gone").contains("cannot connect"), "\(line("gone"))")
        #expect(line("cache").hasSuffix("refused "), "\(line("cache"))")
    }

    @Test func aSitesListThatHoldsNoSiteSaysSo() throws {
        let home = ExtensionHome()
        let result = try runTiles(["render", "--widget", "monitor", "--family", "medium", "--param", "sites=ftp://x nonsense"], environment: home.environment)
        #expect(result.stdout.contains("not a site: ftp://x,") && result.stdout.contains("nonsense"), "\(result.stdout)")
    }
}
