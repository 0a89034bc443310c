import Foundation
import Testing

/// The countdown's timer on the board, tick after tick: each screen shows the timer as a full
/// render of the widget shows it at that second. The board follows a tick in the tile's last
/// drawing and copies only the rows it redrew (`RetainedDrawing`, issue 14): this checks that
/// what reaches the terminal is still right.
extension EndToEndTests {
    @Test func theCountdownTicksOnTheBoardAsARenderShowsIt() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let session = try TmuxSession(
            command: [Self.tiles, "--size-class", "regular", "--tiles", "countdown:medium"], width: 100, height: 30,
            environment: environment)
        defer { session.close() }
        _ = try session.waitFor("the countdown") { $0.contains("Until Home time") }
        let shanghai = try #require(TimeZone(identifier: "Asia/Shanghai"))
        var formatter = Date.ISO8601FormatStyle(timeZone: shanghai)
        formatter = formatter.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
        var matched = 0
        for _ in 0..<4 {
            Thread.sleep(forTimeInterval: 1)
            let captured = Date()
            let screen = try session.capture()
            // The timer's rows, as a render draws them at one of the seconds around the capture.
            let found = try (-2...1).contains { offset in
                let at = formatter.format(captured.addingTimeInterval(Double(offset)))
                let render = try SpawnedProcess.run(
                    [Self.tiles, "render", "--widget", "countdown", "--family", "medium", "--size-class", "regular",
                     "--offline", "--at", at],
                    environment: environment)
                let rows = render.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
                return rows.count == 3 && rows.allSatisfy { screen.contains($0) }
            }
            if found { matched += 1 }
            // Near 18:00 in Shanghai the countdown starts over; the test does not judge that second.
            let minute = Calendar(identifier: .gregorian).dateComponents(in: shanghai, from: captured)
            if minute.hour == 17 && minute.minute == 59 || minute.hour == 18 && minute.minute == 0 { matched = 4; break }
        }
        #expect(matched == 4, "the screen's timer matched a render \(matched) times of 4")
    }
}
