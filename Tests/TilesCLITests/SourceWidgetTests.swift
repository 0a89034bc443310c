import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Widgets declared in the config alone (`source` and `view`), against a real HTTPS server on
/// 127.0.0.1 with a test authority: JSON bound into the view, ETags, secrets from the
/// environment, failures named, hostile values kept as text, template mistakes placed in the file.
@Suite(.serialized) struct SourceWidgetTests {
    static let view = #"""
        view = '''
        {"VStack": [
          {"Text": "{{ .data.name | upper }} {{ .data.price | number 2 }}"},
          {"Text": "{{ .data.change | percent 1 }}", "foregroundColor": "{{ if .data.change < 0 }}red{{ else }}green{{ end }}"},
          {"ForEach": ".data.rows", "content": {"Text": "{{ .k }}={{ .v }}"}}
        ]}
        '''
        """#

    func declare(_ home: ExtensionHome, path: String, headers: String = "") throws {
        try home.write("""
            [[widget]]
            kind = "price"
            title = "Price"
            families = ["small", "medium"]
            source = { url = "https://localhost:\(server.port)\(path)", every = "1s"\(headers) }
            \(Self.view)
            """)
    }

    let server: NetworkFailureTests.TLSServer
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("sources-\(UUID().uuidString).log")

    init() throws {
        server = try NetworkFailureTests.TLSServer(certificate: "server.pem", key: "server.key", script: "sources.py", arguments: [log.path])
    }

    func render(_ home: ExtensionHome, environment extra: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = home.environment.merging(extra) { $1 }
        environment["SSL_CERT_FILE"] = NetworkFailureTests.certificates.appendingPathComponent("ca.pem").path
        return try runTiles(["render", "--widget", "price", "--family", "small"], environment: environment)
    }

    /// `tiles check` of a `price` widget with `rest` after its source; it must fail with 2.
    func check(_ rest: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let home = ExtensionHome()
        try home.write("""
            [[widget]]
            kind = "price"
            source = { url = "https://localhost:1/x" }
            \(rest)
            """)
        let result = try runTiles(["check", home.file.path], environment: home.environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        return result
    }

    var requests: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

    @Test func aJSONSourceIsDrawnThroughItsTemplateAndRevalidatedWithItsETag() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/price")
        let first = try render(home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("BTC 91,234.50") && first.stdout.contains("-2.1%") && first.stdout.contains("a=1") && first.stdout.contains("b=2"), "\(first.stdout)")
        Thread.sleep(forTimeInterval: 1.2)
        let second = try render(home)
        #expect(second.stdout.contains("BTC 91,234.50"), "\(second.stdout)\(second.stderr)")
        #expect(requests == ["/price 200", "/price 304"], "\(requests)")
    }

    @Test func aSecretComesFromTheEnvironmentByNameAndAFailureIsNamed() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/secret", headers: #", headers = { Authorization = "Bearer ${PRICE_TOKEN}" }"#)
        let granted = try render(home, environment: ["PRICE_TOKEN": "s3cret"])
        #expect(granted.stdout.contains("BTC 91,234.50"), "\(granted.stdout)\(granted.stderr)")
        #expect(!(try String(contentsOf: home.file, encoding: .utf8)).contains("s3cret"), "the secret is never written into the config")
        let unset = try render(home)
        #expect((unset.stdout + unset.stderr).contains("PRICE_TOKEN is not set"), "\(unset.stdout)\(unset.stderr)")
        let refused = try render(home, environment: ["PRICE_TOKEN": "wrong"])
        #expect((refused.stdout + refused.stderr).contains("Bad credentials"), "\(refused.stdout)\(refused.stderr)")
    }

    @Test func aSecretComesFromATokenFileThatOnlyItsOwnerCanRead() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        let token = home.file.deletingLastPathComponent().appendingPathComponent("price-token")
        try FileManager.default.createDirectory(at: token.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "s3cret\n".write(to: token, atomically: true, encoding: .utf8)
        chmod(token.path, 0o600)
        try declare(home, path: "/secret", headers: #", token_file = "price-token", headers = { Authorization = "Bearer ${token}" }"#)
        let granted = try render(home)
        #expect(granted.stdout.contains("BTC 91,234.50"), "\(granted.stdout)\(granted.stderr)")
        chmod(token.path, 0o644)
        let refused = try runTiles(["check", home.file.path], environment: home.environment)
        #expect(refused.status == 2 && refused.stderr.contains("widget[1].source.token_file: the token file") && refused.stderr.contains("chmod 600"),
                "\(refused.stderr)")
    }

    @Test func garbageAndServerErrorsAreNamedNotDrawn() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/broken")
        let broken = try render(home)
        #expect((broken.stdout + broken.stderr).contains("invalid JSON"), "\(broken.stdout)\(broken.stderr)")
        try declare(home, path: "/error")
        let failed = try render(home)
        #expect((failed.stdout + failed.stderr).contains("500"), "\(failed.stdout)\(failed.stderr)")
    }

    @Test func aSlowAnswerWithinTheTimeIsDrawn() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/slow")
        let slow = try render(home)
        #expect(slow.stdout.contains("BTC 91,234.50"), "\(slow.stdout)\(slow.stderr)")
    }

    @Test func anOversizedAnswerIsRefusedAndATextSourceGivesItsLines() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/big")
        let big = try render(home)
        #expect((big.stdout + big.stderr).contains("response too large"), "\(big.stdout)\(big.stderr)")
        try home.write("""
            [[widget]]
            kind = "price"
            families = ["small"]
            source = { url = "https://localhost:\(server.port)/text", format = "text" }
            view = '{"VStack": [{"Text": "{{ .lines[0] }}"}, {"Text": "{{ .lines | length }} lines"}, {"Text": "{{ if .data contains \\"users\\" }}has users{{ end }}"}]}'
            """)
        let text = try render(home)
        #expect(text.stdout.contains("load 0.42") && text.stdout.contains("2 lines") && text.stdout.contains("has users"), "\(text.stdout)\(text.stderr)")
    }

    @Test func hostileValuesStayText() throws {
        defer { server.stop() }
        let home = ExtensionHome()
        try declare(home, path: "/hostile")
        let result = try render(home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}]") && !result.stdout.contains("\u{1B}[2J") && !result.stdout.contains("\u{7}"), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("{{ $.data }}"), "a value is not a template: \(result.stdout)")
    }

    @Test func aTemplateMistakeIsNamedWithTheFilesLineAndColumn() throws {
        defer { server.stop() }
        let result = try check("""
            view = '''
            {"VStack": [
              {"Text": "{{ .data.price | money }}"}
            ]}
            '''
            """)
        #expect(result.stderr.contains("config.toml:6:13: widget[1].view: unknown function 'money'"), "\(result.stderr)")
    }

    @Test func aTriggersBadConditionIsNamedWithItsPlace() throws {
        defer { server.stop() }
        let result = try check("""
            view = '{"Text": "{{ .data.price }}"}'

            [[widget.alert]]
            when = ".data.price >> 9"
            title = "high"
            """)
        #expect(result.stderr.contains("config.toml:7:9: widget[1].alert[1].when: '>' is neither a path"), "\(result.stderr)")
    }

    /// The three config-only examples are checked, and the public API's is drawn from a recorded
    /// CoinGecko answer served over HTTPS.
    @Test func theConfigOnlyExamplesCheckAndTheAPIExampleDraws() throws {
        defer { server.stop() }
        let folder = repositoryRoot.appendingPathComponent("examples/config-only")
        let home = ExtensionHome()
        for name in ["crypto-prices.toml", "sites.toml", "fleet.toml"] {
            let checked = try runTiles(["check", folder.appendingPathComponent(name).path], environment: home.environment)
            #expect(checked.status == 0 && checked.stdout.contains("ok"), "\(name): \(checked.stdout)\(checked.stderr)")
        }
        let example = try String(contentsOf: folder.appendingPathComponent("crypto-prices.toml"), encoding: .utf8)
        try home.write(example.replacingOccurrences(of: "https://api.coingecko.com", with: "https://localhost:\(server.port)"))
        var environment = home.environment
        environment["SSL_CERT_FILE"] = NetworkFailureTests.certificates.appendingPathComponent("ca.pem").path
        let medium = try runTiles(["render", "--widget", "crypto", "--family", "medium"], environment: environment)
        #expect(medium.stdout.contains("$91,234.50") && medium.stdout.contains("-2.13%") && medium.stdout.contains("$3,012.07") && medium.stdout.contains("1.08%"),
                "\(medium.stdout)\(medium.stderr)")
    }
}
