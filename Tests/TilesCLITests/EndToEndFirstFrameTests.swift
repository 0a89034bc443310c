import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the first frame shows (issue 14): a widget computed locally draws its content in it; a
/// tile waiting for a service shows its placeholder and does not hold the frame back.
extension EndToEndTests {
    @Test func theFirstFrameHasLocalContentAndDoesNotWaitForAStalledService() throws {
        let home = try DashboardHome()
        // A service that accepts connections and never answers.
        let stalled = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(stalled) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stalled, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(listen(stalled, 16) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(stalled, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let report = home.root.appendingPathComponent("frames.log")
        var environment = home.environment(serviceURL: "http://127.0.0.1:\(port)")
        environment["TILES_BENCH_FILE"] = report.path
        let started = Date()
        let session = try TmuxSession(
            command: [Self.tiles, "--tiles", "countdown:small,qqsync:medium"], width: 100, height: 30, environment: environment)
        defer { session.close() }
        let screen = try session.waitFor("the countdown") { $0.contains("Home time") }
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        let first = try #require(lines.first { $0.hasPrefix("first-frame ") }, "the frame report: \(lines)")
        let fields = first.split(separator: " ")
        #expect(fields.count == 4, "first-frame <time> <cpu> <placeholders>: \(first)")
        #expect(fields.last == "qqsync-2", "only QQ Sync, waiting for its quote, is a placeholder: \(first)")
        // Drawn while the quote request still hangs (its timeout is far longer than this).
        #expect(Date().timeIntervalSince(started) < 10)
        // The placeholder shows the date (TZ is Asia/Shanghai), which needs no service.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[calendar.component(.month, from: Date()) - 1] + " "
        #expect(screen.contains(month), "QQ Sync's placeholder shows \(month)…:\n\(screen)")
    }

    /// The frame report reports every frame, or with TILES_BENCH_REPORT=first-frame (the
    /// side-by-side benchmark's setting) the first frame alone, while the countdown ticks.
    @Test(arguments: [false, true])
    func theFrameReportCanBeLimitedToTheFirstFrame(firstOnly: Bool) throws {
        let home = try DashboardHome()
        let report = home.root.appendingPathComponent("frames.log")
        var environment = home.environment(serviceURL: "http://127.0.0.1:9")
        environment["TILES_BENCH_FILE"] = report.path
        if firstOnly { environment["TILES_BENCH_REPORT"] = "first-frame" }
        let session = try TmuxSession(command: [Self.tiles, "--tiles", "countdown:small"], width: 80, height: 24, environment: environment)
        defer { session.close() }
        _ = try session.waitFor("the countdown") { $0.contains("Home time") }
        // Three ticks of the countdown's seconds.
        Thread.sleep(forTimeInterval: 3.2)
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("first-frame ") }.count == 1, "\(lines)")
        let ticks = lines.filter { $0.hasPrefix("frame tick ") }.count
        if firstOnly {
            #expect(lines.count == 1, "only the first frame: \(lines)")
        } else {
            #expect(ticks >= 2, "every tick reported: \(lines)")
        }
    }
}
