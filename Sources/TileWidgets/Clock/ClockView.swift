import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The clock: the first zone big (block digits in the larger families), the others as rows with
/// their offset to the board's zone; the date under the time.
struct ClockView: View {
    var entry: ClockEntry
    @Environment(\.widgetFamily) private var family


    var body: some View {
        let first = entry.rows.first
        switch family {
        case .accessoryInline:
            Text(first.map { "\(time($0)) \($0.name)" } ?? "")
        case .accessoryCircular:
            VStack(spacing: 0) {
                if let first { clockText(first) }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                ForEach(Array(entry.rows.prefix(3).enumerated()), id: \.offset) { _, row in
                    HStack(spacing: 1) {
                        Text(row.name).lineLimit(1)
                        Spacer(minLength: 1)
                        Text(time(row))
                    }
                }
            }
        default:
            VStack(spacing: 0) {
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.red).lineLimit(2)
                }
                if let first {
                    Text(first.name).font(.headline).lineLimit(1)
                    clockText(first)
                        .font(.system(size: bigSize))
                        .minimumScaleFactor(0.3)
                        .lineLimit(1)
                    Text(date(first)).foregroundColor(.secondary).lineLimit(1)
                }
                if family != .systemSmall {
                    Spacer(minLength: 0)
                    ForEach(Array(entry.rows.dropFirst().prefix(family == .systemMedium ? 2 : 8).enumerated()), id: \.offset) { _, row in
                        HStack(spacing: 1) {
                            Text(row.name).lineLimit(1)
                            Spacer(minLength: 1)
                            Text(row.offset).foregroundColor(.secondary)
                            clockText(row).bold()
                        }
                    }
                }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    private var bigSize: Double {
        switch family {
        case .systemSmall: 24
        case .systemMedium: 24
        default: 40
        }
    }

    /// The time as a live text that ticks each second, or as the minute's text.
    @ViewBuilder private func clockText(_ row: ClockEntry.Row) -> some View {
        if entry.seconds {
            Text(timerInterval: row.tickStart...row.tickStart.addingTimeInterval(86_400), countsDown: false)
        } else {
            Text(time(row))
        }
    }

    /// `14:05`, or `2:05 PM` on a 12-hour clock.
    private func time(_ row: ClockEntry.Row) -> String {
        let minute = (row.minute < 10 ? "0" : "") + "\(row.minute)"
        guard !entry.hours24 else { return (row.hour < 10 ? "0" : "") + "\(row.hour):\(minute)" }
        let hour = row.hour % 12 == 0 ? 12 : row.hour % 12
        return "\(hour):\(minute) \(row.hour < 12 ? "AM" : "PM")"
    }

    /// `Sat 28 Nov`.
    private func date(_ row: ClockEntry.Row) -> String {
        LocalDateWords.weekdayDayMonth(weekday: row.weekday, day: row.day, month: row.month)
    }
}
