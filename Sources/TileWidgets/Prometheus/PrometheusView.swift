import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// Prometheus: the title, then by family the first series' value (small), the series as rows
/// with their values (medium), and a chart of the window above the rows (large).
struct PrometheusView: View {
    var entry: PrometheusEntry
    @Environment(\.widgetFamily) private var family

    private var rows: [PrometheusResult.Series] {
        Array((entry.instant?.series ?? []).sorted { ($0.latest ?? -.infinity) > ($1.latest ?? -.infinity) }.prefix(entry.top))
    }

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("\(entry.title) \(rows.first.map { value($0.latest) } ?? entry.problem ?? "–")")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold().lineLimit(1)
                Text(rows.first.map { value($0.latest) } ?? "–").lineLimit(1)
                Text(rows.first.map { name($0) } ?? entry.problem ?? "").foregroundColor(.secondary).lineLimit(1)
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold().lineLimit(1)
                Spacer(minLength: 0)
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.secondary)
                } else if let first = rows.first {
                    Text(value(first.latest)).font(.system(size: 24)).minimumScaleFactor(0.4).lineLimit(1)
                    Text(name(first)).foregroundColor(.secondary).lineLimit(1)
                    if rows.count > 1 { Text("+\(rows.count - 1) more").foregroundColor(.secondary) }
                } else {
                    Text("no series").foregroundColor(.secondary)
                }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold().lineLimit(1)
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.secondary)
                }
                if family != .systemMedium, let range = entry.range, range.series.contains(where: { $0.samples.count > 1 }) {
                    chart(range).frame(height: 8)
                }
                ForEach(Array(rows.enumerated()), id: \.offset) { index, series in
                    HStack(spacing: 1) {
                        Text(name(series)).lineLimit(1).foregroundColor(Self.colour(index))
                        Spacer(minLength: 1)
                        Text(value(series.latest)).lineLimit(1)
                    }
                }
                if entry.problem == nil, rows.isEmpty { Text("no series").foregroundColor(.secondary) }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    /// The chart's colours, one per series in the rows' order (Chart's own series order).
    static func colour(_ index: Int) -> Color {
        [Color.primary, .green, .orange, .purple, .red][index % 5]
    }

    /// A row's name: its labels that tell it from the other series.
    private func name(_ series: PrometheusResult.Series) -> String {
        entry.instant?.name(of: series) ?? PrometheusResult.name(of: series.labels)
    }

    private func chart(_ range: PrometheusResult) -> some View {
        // The rows' series, in the rows' order, so that the colours match.
        let shown = rows.compactMap { row in range.series.first { $0.labels == row.labels } }
        let points = shown.flatMap { series in
            series.samples.map { (series: name(series), time: $0.time, value: $0.value.isFinite ? $0.value : 0) }
        }
        return Chart(points.indices) { index in
            LineMark(x: .value("time", points[index].time), y: .value("value", points[index].value), series: .value("series", points[index].series))
        }
    }

    /// `value` as a row shows it: a size for `bytes`, else the number, then the unit.
    private func value(_ value: Double?) -> String {
        guard let value else { return "–" }
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "+Inf" : "-Inf") }
        if entry.unit == "bytes" { return ByteCount.text(value) }
        return Self.number(value) + entry.unit
    }

    static func number(_ value: Double) -> String {
        let size = abs(value)
        guard size < 1e15 else { return "\(value)" }
        // Three significant digits below 100, whole numbers above; no trailing zeros.
        let digits = size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((size * Double(scale)).rounded())
        var text = String(scaled / scale)
        var fraction = String(scaled % scale)
        if digits > 0 {
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return (value < 0 && scaled > 0 ? "-" : "") + text
    }
}
