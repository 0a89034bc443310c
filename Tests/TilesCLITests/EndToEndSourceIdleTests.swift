import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Config-declared widgets cost the idle board nothing: ten `source` widgets and a monitor of
/// ten sites, once their data is in, wake no thread of the board until their next refresh.
@Suite(.serialized) struct EndToEndSourceIdleTests {
    @Test func tenSourceWidgetsAndAMonitorOfTenSitesWakeNothingBetweenRefreshes() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try StubHTTPServer(routes: EndToEndTests.routes().merging(["/data": .json(#"{"n": 7}"#), "/site": .text("ok")]) { $1 })
        defer { server.stop() }
        var config = ""
        for n in 1...10 {
            config += """
                [[widget]]
                kind = "feed\(n)"
                source = { url = "\(server.baseURL)/data?n=\(n)", every = "1h" }
                view = '{"Text": "feed\(n) {{ .data.n }}"}'


                """
        }
        let sites = (1...10).map { "s\($0)=\(server.baseURL)/site?n=\($0)" }.joined(separator: " ")
        config += "[[page]]\n"
        config += (1...10).map { "[[page.tile]]\nwidget = \"feed\($0)\"\nfamily = \"small\"\n" }.joined(separator: "\n")
        config += "\n[[page.tile]]\nwidget = \"monitor\"\nfamily = \"large\"\nparameters = { sites = \"\(sites)\", minutes = 60 }\n"
        let file = folder.appendingPathComponent("config.toml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)

        let board = try Board(home: home, server: server)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the first feeds") { $0.contains("feed1 7") }
        let deadline = Date().addingTimeInterval(20)
        while server.requests.filter({ $0.hasPrefix("/data") }).count < 10 || server.requests.filter({ $0.hasPrefix("/site") }).count < 10 {
            guard Date() < deadline else { Issue.record("requests: \(server.requests)"); return }
            usleep(100_000)
        }
        // The last answers drawn (the tiles of later pages are fetched too; the board draws what it shows).
        sleep(2)
        let pid = try board.session.panePID
        let before = Self.switches(of: pid)
        sleep(3)
        let after = Self.switches(of: pid)
        #expect(after - before == 0, "context switches over 3 s of nothing due: \(after - before)")
        #expect(server.requests.filter { $0.hasPrefix("/data") }.count == 10, "one fetch per source: \(server.requests)")
    }

    /// Context switches of every thread of `pid`, voluntary or not.
    static func switches(of pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            return total + status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
    }
}
