import TileBase

/// Dates as RSS 2.0 writes them, RFC 822's `Mon, 23 Nov 2026 14:05:00 +0000` with the variants
/// feeds use: no weekday, no seconds, a two-digit year, a zone named (`GMT`, `EST`) or missing.
enum MailDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let zones = ["ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7]

    /// Seconds since 1970 of the instant `text` names, or nil.
    static func parse(_ text: String) -> Double? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map { $0.lowercased() }
        if let first = words.first, first.first?.isLetter == true { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), let monthIndex = months.firstIndex(of: String(words[1].prefix(3))),
              var year = Int(words[2])
        else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":").map { Int($0) }
        guard clock.count >= 2, clock.allSatisfy({ $0 != nil }), let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count > 2 ? clock[2]! : 0
        guard (1...CivilDate.daysIn(month: monthIndex + 1, year: year)).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var offset = 0
        if words.count > 4 {
            let zone = words[4]
            if let hours = zones[zone] {
                offset = hours * 3_600
            } else if zone.count == 5, let sign = zone.first, sign == "+" || sign == "-", let value = Int(zone.dropFirst()) {
                offset = (value / 100 * 3_600 + value % 100 * 60) * (sign == "-" ? -1 : 1)
            }
        }
        let days = CivilDate.daysSinceEpoch(year: year, month: monthIndex + 1, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset)
    }
}
