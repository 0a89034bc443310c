import FoundationEssentials
import TileKit
import TileUI

/// The monitor: a headline of how many sites are up, then a row per site (a green or red dot,
/// its name, the status or reason, the latency, and a sparkline of the last checks where there
/// is room). A tap opens the first site that is down, else the first site.
struct MonitorView: View {
    var entry: MonitorEntry
    @Environment(\.widgetFamily) private var family

    private var results: [MonitorRound.Result] { entry.round?.results ?? [] }
    private var upCount: Int { results.filter(\.isUp).count }
    private var headline: String {
        guard entry.round != nil else { return entry.problem == nil ? "checking…" : "not set up" }
        if entry.isSample { return "sample" }
        let down = results.filter { !$0.isUp }
        return down.isEmpty ? "\(upCount)/\(results.count) up" : "\(down.map(\.site.name).joined(separator: ", ")) down"
    }

    var body: some View {
        let link = (results.first { !$0.isUp } ?? results.first)?.site.link.flatMap(URL.init(string:))
        content.widgetURL(link)
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .accessoryInline:
            Text("Monitor \(entry.problem ?? headline)")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(headline).bold().lineLimit(1)
                ForEach(Array(results.prefix(3).enumerated()), id: \.offset) { _, result in
                    Text("\(result.isUp ? "●" : "○") \(result.site.name)").lineLimit(1)
                }
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text("Monitor").bold()
                    Spacer(minLength: 1)
                    Text(headline).lineLimit(1).foregroundColor(results.allSatisfy(\.isUp) ? .secondary : .red)
                }
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.secondary)
                }
                ForEach(Array(results.prefix(rows).enumerated()), id: \.offset) { _, result in
                    row(result)
                }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    private var rows: Int {
        switch family {
        case .systemLarge, .systemExtraLarge: 20
        default: 8
        }
    }

    private func row(_ result: MonitorRound.Result) -> some View {
        HStack(spacing: 1) {
            Text(result.isUp ? "●" : "○").foregroundColor(result.isUp ? .green : .red)
                .accessibilityLabel(result.isUp ? L("speech.up") : L("speech.down"))
            Text(result.site.name).lineLimit(1)
            Spacer(minLength: 1)
            if family != .systemSmall, result.history.count + 1 >= 3 {
                sparkline(result).frame(width: family == .systemMedium ? 8 : 16, height: 1)
            }
            Text(detail(result)).lineLimit(1).foregroundColor(result.isUp ? .secondary : .red)
        }
    }

    private func detail(_ result: MonitorRound.Result) -> String {
        guard let latency = result.latency else {
            guard family != .systemSmall, var reason = result.reason else { return "down" }
            // The row names the site: "cannot connect to db:5432: refused" says "refused".
            if reason.hasPrefix("cannot connect to "), let colon = reason.ranges(of: ": ").last { reason = String(reason[colon.upperBound...]) }
            return reason
        }
        return "\(Int(latency.rounded())) ms"
    }

    private func sparkline(_ result: MonitorRound.Result) -> some View {
        // A down check draws at zero: a gap the eye finds.
        let values = (result.history + [result.latency]).map { $0 ?? 0 }
        return Chart(values.indices) { LineMark(x: .value("check", $0), y: .value("ms", values[$0])) }
            .chartYAxis(.hidden)
    }
}
