import Foundation

/// Parses the date formats HTTP headers use (`Retry-After`, `Date`).
enum HTTPDate {
    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850 and
    /// asctime forms; `nil` when `text` is none of them.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for pattern in patterns {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = pattern
            if let date = formatter.date(from: trimmed) {
                return date
            }
        }
        return nil
    }

    private static let patterns = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]
}
