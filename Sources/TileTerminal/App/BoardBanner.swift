import FoundationEssentials
import TileKit
import TileUI

/// The rows at the top of the board, like the Dynamic Island and a phone's notification banner:
/// the alerts just given, in one row that names how many more there are, then the live
/// activities, one pill-shaped row each (at most ``maximumRows`` in all), with a title and last
/// line on the left and the progress and live timer, or how it ended, on the right. Pure: a
/// function of the alerts, the activities and the time.
public struct BoardBanner: Equatable, Sendable {
    /// One row as drawn.
    public typealias Row = ActivityRow

    /// The rows, top first.
    public let rows: [Row]

    /// The most rows the banner takes.
    public static let maximumRows = 3
    /// The widest a row's pill gets, in cells.
    public static let maximumWidth = 96
    /// The cells of a row's progress bar.
    static let barWidth = 10

    /// The rows the banner takes for `activities` activities and `alerts` alerts (one row for all).
    public static func rows(activities: Int, alerts: Int = 0) -> Int { min(activities + min(alerts, 1), maximumRows) }

    /// The banner for `alerts` (the newest first) and `activities` (the latest started first) at
    /// `now`: when there are more activities than fit, the last row names the rest.
    public init(_ activities: [LiveActivity], alerts: [PendingAlert] = [], now: Date) {
        var rows: [Row] = []
        if let newest = alerts.first {
            let more = alerts.count > 1 ? L("banner.more_alerts", ["count": String(alerts.count - 1)]) : ""
            rows.append(Row(mark: "🔔", title: "\(newest.widget): \(newest.alert.title)", detail: newest.alert.body,
                            progress: nil, trailing: more + L("banner.alerts_key"), failed: false))
        }
        let room = Self.maximumRows - rows.count
        let shown = activities.count > room ? Array(activities.prefix(room - 1)) : activities
        rows += shown.map { ActivityRow($0, now: now) }
        if activities.count > shown.count {
            let rest = activities.dropFirst(shown.count)
            rows.append(Row(mark: "+", title: L("banner.more_activities", ["count": String(rest.count)]), detail: rest.map(\.title).joined(separator: ", "),
                            progress: nil, trailing: "tiles activity list", failed: false))
        }
        self.rows = rows
    }

    // MARK: Drawing

    /// Draws the rows at the top of `canvas`, each a pill centred on a row of `width` cells.
    func draw(in canvas: inout ScreenCanvas, width: Int, theme: Theme, scheme: ColorScheme, rowLimit: Int) {
        func color(_ name: String) -> RGBColor? { theme.color(named: name, scheme: scheme) }
        let pill = color("text.primary"), text = color("board.background"), failure = color("status.stale")
        let pillWidth = min(width, Self.maximumWidth)
        let x = (width - pillWidth) / 2
        for (y, row) in rows.prefix(rowLimit).enumerated() {
            let clip = Rect(x: x, y: y, width: pillWidth, height: 1)
            canvas.fill(Rect(x: 0, y: y, width: width, height: 1), background: color("board.background"))
            canvas.fill(clip, background: pill)
            let right = Self.trailingText(row)
            let rightWidth = right.cellWidth
            let left = Self.cut(" \(row.mark) \(row.title)", width: pillWidth - rightWidth - 2)
            var column = x + canvas.write(left, x: x, y: y, clip: clip, foreground: row.failed ? failure : text, background: pill, attributes: .bold)
            if !row.detail.isEmpty {
                let detail = Self.cut("  " + row.detail, width: pillWidth - (column - x) - rightWidth - 1)
                column += canvas.write(detail, x: column, y: y, clip: clip, foreground: text, background: pill)
            }
            canvas.write(right, x: x + pillWidth - rightWidth, y: y, clip: clip, foreground: row.failed ? failure : text, background: pill)
        }
    }

    /// The right end of a row: the progress bar and its text, then the timer or the ending.
    static func trailingText(_ row: Row) -> String {
        var parts: [String] = []
        if let progress = row.progress {
            let filled = Int((progress.fraction * Double(barWidth)).rounded())
            parts.append(String(repeating: "━", count: filled) + String(repeating: "─", count: barWidth - filled) + " " + progress.text)
        }
        parts.append(row.trailing)
        return parts.joined(separator: "  ") + " "
    }

    /// One line for a status bar (`tiles render --activity`): each activity as its mark, title,
    /// progress and timer or ending, separated by ` │ `; the mark in the theme's focus colour
    /// while it runs and its stale colour after a failure, the rest in the bar's own colours.
    public static func statusGrid(_ activities: [LiveActivity], now: Date, theme: Theme, scheme: ColorScheme) -> CellGrid {
        let rows = activities.map { ActivityRow($0, now: now) }
        let texts = rows.map { row in ([row.title] + [row.progress?.text, row.trailing].compactMap { $0 }).joined(separator: " ") }
        let width = zip(rows, texts).map { 2 + $0.1.cellWidth }.reduce(0, +) + 3 * max(0, rows.count - 1)
        var canvas = ScreenCanvas(size: Size(width: width, height: 1), background: nil)
        let clip = Rect(x: 0, y: 0, width: width, height: 1)
        var x = 0
        for (index, (row, text)) in zip(rows, texts).enumerated() {
            if index > 0 { x += canvas.write(" │ ", x: x, y: 0, clip: clip, foreground: nil, background: nil) }
            let mark = row.failed ? "status.stale" : row.mark == "●" ? "focus.border" : "text.secondary"
            x += canvas.write(row.mark + " ", x: x, y: 0, clip: clip, foreground: theme.color(named: mark, scheme: scheme), background: nil, attributes: .bold)
            x += canvas.write(text, x: x, y: 0, clip: clip, foreground: nil, background: nil)
        }
        return canvas.grid
    }

    /// `text` cut to `width` cells, ending in `…` when cut.
    static func cut(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.cellWidth > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = character.cellWidth
            guard used + characterWidth <= width - 1 else { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
