import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Durations as config files write them: `30s`, `5m`, `2h`, `1h30m`, `500ms`, or a bare number of
/// seconds.
public enum DurationText {
    /// The duration `text` names in seconds, or nil when it is not one.
    public static func seconds(_ text: String) -> TimeInterval? {
        let text = text.trimmingSpaces().lowercased()
        if let plain = Double(text), plain >= 0, plain.isFinite { return plain }
        var total: TimeInterval = 0
        var number = ""
        var rest = Substring(text)
        var sawUnit = false
        while let first = rest.first {
            if first.isNumber || first == "." {
                number.append(first)
                rest = rest.dropFirst()
                continue
            }
            guard let value = Double(number) else { return nil }
            let unit: TimeInterval
            if rest.hasPrefix("ms") { unit = 0.001; rest = rest.dropFirst(2) }
            else if first == "s" { unit = 1; rest = rest.dropFirst() }
            else if first == "m" { unit = 60; rest = rest.dropFirst() }
            else if first == "h" { unit = 3600; rest = rest.dropFirst() }
            else if first == "d" { unit = 86_400; rest = rest.dropFirst() }
            else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        return sawUnit && number.isEmpty ? total : nil
    }

    /// `seconds` written back the way a person would: `10 s`, `5 min`, `2 h`.
    public static func describe(_ seconds: TimeInterval) -> String {
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\(seconds) s"
    }
}
