import FoundationEssentials

/// How long ago something happened, in the fewest characters a row can spare: `now`, `12m`,
/// `3h`, `2d`, `5w`.
enum ShortAge {
    static func text(since date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        case ..<(14 * 86_400): return "\(seconds / 86_400)d"
        default: return "\(seconds / (7 * 86_400))w"
        }
    }
}
