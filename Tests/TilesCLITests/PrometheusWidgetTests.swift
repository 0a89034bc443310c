import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The prometheus widget against a real Prometheus (Debian's `prometheus`), started on a free
/// port with a private config and data folder, scraping a small exporter every second: the
/// instant query as rows, the range as a chart, and a bad query named with Prometheus's reason.
@Suite(.serialized) struct PrometheusWidgetTests {
    /// Prometheus on 127.0.0.1, scraping `target` every second, until `stop()`.
    final class PrometheusServer {
        let port: Int
        private let process = Process()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prometheus-\(UUID().uuidString)")

        init(scraping target: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            port = try closedPort()
            try """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: tiles-test
                    static_configs:
                      - targets: ["\(target)"]
                """.write(to: folder.appendingPathComponent("prometheus.yml"), atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prometheus")
            process.arguments = [
                "--config.file=\(folder.appendingPathComponent("prometheus.yml").path)",
                "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
                "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        var url: String { "http://127.0.0.1:\(port)" }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    func render(_ family: String, url: String, query: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let home = ExtensionHome()
        return try runTiles(
            ["render", "--widget", "prometheus", "--family", family, "--param", "url=\(url)", "--param", "query=\(query)", "--param", "title=load",
             "--param", "window=1"],
            environment: home.environment)
    }

    @Test func aQueryIsAnsweredByARealPrometheusAsRowsAndAChart() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/prometheus"), "make test installs Debian's prometheus")
        let exporter = try NetworkFailureTests.TLSServer(script: "exporter.py", arguments: [])
        defer { exporter.stop() }
        let prometheus = try PrometheusServer(scraping: "127.0.0.1:\(exporter.port)")
        defer { prometheus.stop() }
        // Until Prometheus has scraped a few times.
        var medium = (status: Int32(0), stdout: "", stderr: "")
        let deadline = Date().addingTimeInterval(30)
        repeat {
            Thread.sleep(forTimeInterval: 1)
            medium = try render("medium", url: prometheus.url, query: "tiles_test_load")
        } while !(medium.stdout.contains("web-1") && medium.stdout.contains("web-2")) && Date() < deadline
        #expect(medium.status == 0, "\(medium.stderr)")
        let lines = medium.stdout.split(separator: "\n").map(String.init)
        let web2 = lines.firstIndex { $0.contains("web-2") && $0.contains("0.91") }
        let web1 = lines.firstIndex { $0.contains("web-1") && $0.contains("0.42") }
        #expect(web2 != nil && web1 != nil && web2! < web1!, "the series as rows, the largest first: \(medium.stdout)")

        Thread.sleep(forTimeInterval: 3)
        let large = try render("large", url: prometheus.url, query: "tiles_test_load")
        let braille = large.stdout.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
        #expect(braille && large.stdout.contains("0.91"), "the window's chart above the rows: \(large.stdout)")

        let summed = try render("inline", url: prometheus.url, query: "sum(tiles_test_load)")
        #expect(summed.stdout.contains("load 1.33"), "\(summed.stdout)")

        let bad = try render("medium", url: prometheus.url, query: "sum(")
        #expect((bad.stdout + bad.stderr).contains("parse error"), "Prometheus's own reason: \(bad.stdout)\(bad.stderr)")
    }
}
