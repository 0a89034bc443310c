import FoundationEssentials
import TileKit

/// How the state takes what the shell observed as a frame begins (`BoardObservation`): the Smart
/// Stacks' rotation, the activities shown, and which alerts to give and show in the banner.
extension DashboardState {
    /// How long the banner shows alerts after the newest came.
    public static let alertBannerTime: TimeInterval = 60
    /// An alert of an entry current longer than this is not shown in the banner when the board
    /// first sees it (a board started later): it is in the history.
    public static let alertBannerFreshness: TimeInterval = 600

    /// The rows the banner takes now.
    var bannerRows: Int { BoardBanner.rows(activities: activities.count, alerts: bannerAlerts.count) }

    mutating func observe(_ observation: BoardObservation) -> [DashboardEffect] {
        let now = observation.now
        stackScores = observation.stackEntries.mapValues { SmartStack.normalizedRelevance(of: $0, at: now) }
        if !stackScores.isEmpty { rotateStacks(scores: stackScores, now: now) }
        if let shown = observation.activities { show(activities: shown) }
        if let until = alertBannerUntil, now >= until { showBanner(alerts: [], until: nil) }
        switch mode {
        case .edit, .arrange, .prompt:
            // Alerts wait for the form to close.
            return []
        case .board, .help, .hints, .alerts:
            break
        }
        let chosen = PendingAlert.choose(observation.alerts, activities: activities, now: now)
        // An activity's end shows in its own row: the banner's alerts are widgets'.
        let news = chosen.filter {
            $0.tileID != nil && alertsSeen[$0.key] == nil && now.timeIntervalSince($0.date) < Self.alertBannerFreshness
        }
        for alert in chosen where alertsSeen[alert.key] == nil { alertsSeen[alert.key] = now }
        alertsSeen = alertsSeen.filter { now.timeIntervalSince($0.value) < AlertCenter.maximumAge }
        if !news.isEmpty {
            let newest = news.sorted { $0.date > $1.date }
            showBanner(alerts: Array((newest + bannerAlerts).prefix(20)), until: now.addingTimeInterval(Self.alertBannerTime))
        }
        return [.giveAlerts(chosen)]
    }

    /// Shows `shown` in the banner, the board laid out again when the banner's rows change.
    mutating func show(activities shown: [LiveActivity]) {
        let rowsBefore = bannerRows
        activities = shown
        if bannerRows != rowsBefore { relayout() }
    }

    /// Shows `alerts` in the banner until `until`.
    mutating func showBanner(alerts: [PendingAlert], until: Date?) {
        let rowsBefore = bannerRows
        bannerAlerts = alerts
        alertBannerUntil = until
        if bannerRows != rowsBefore { relayout() }
    }

    /// When a Smart Stack could next rotate by itself, given each widget's relevance as last observed.
    public func nextStackRotation(now: Date) -> Date? {
        stackScores.isEmpty ? nil : nextStackRotation(scores: stackScores, now: now)
    }
}
