import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The monitor's parameters: the sites, and how often they are checked.
public struct MonitorIntent: WidgetIntent {
    public var sites = ""
    public var minutes = 5

    public init() {}

    public static var parameters: [WidgetParameter<MonitorIntent>] { [
        .string("sites", title: L("param.monitor.sites"), \.sites, maxLength: 2_000),
        .integer("minutes", title: L("param.monitor.minutes"), \.minutes, range: 1...1_440),
    ] }
}

/// One round of the monitor's checks, or why there is none.
public struct MonitorEntry: TimelineEntry, Hashable {
    public var date: Date
    var round: MonitorRound?
    /// What the sites parameter holds that is no site, or that it holds none.
    var problem: String?
    public var alert: WidgetAlert?
    /// A made-up round for the gallery's preview, which says it is one.
    var isSample = false
}

/// Checks every site at once (HTTP(S) through the one client, TCP by connecting), once for every
/// board of the user; a site that goes down alerts once, and once again when it is back up.
struct MonitorProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let timeout: Duration = .seconds(10)

    func placeholder(in context: TimelineContext) -> MonitorEntry {
        MonitorEntry(date: context.now, round: nil, problem: nil)
    }

    /// The gallery's preview: three made-up sites, the headline saying they are a sample.
    func snapshot(for configuration: MonitorIntent, in context: TimelineContext) async -> MonitorEntry {
        let site = { (name: String, url: String) in MonitorSite(name: name, check: .http(url)) }
        let results = [
            MonitorRound.Result(site: site("web", "https://example.com"), latency: 84, status: 200, history: [90, 88, 95, 120, 86, 84]),
            MonitorRound.Result(site: site("api", "https://api.example.com"), latency: 41, status: 200, history: [45, 40, 52, 47, 39, 41]),
            MonitorRound.Result(site: MonitorSite(name: "db:5432", check: .tcp(host: "db", port: 5432)), reason: "refused", history: [3, 2, 3, nil, nil, nil]),
        ]
        return MonitorEntry(date: context.now, round: MonitorRound(checkedAt: context.now, results: results), problem: nil, isSample: true)
    }

    func timeline(for configuration: MonitorIntent, in context: TimelineContext) async throws -> Timeline<MonitorEntry> {
        // `--offline` draws from sample data, as every network widget does, and says so.
        if services.offline { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let interval = TimeInterval(configuration.minutes * 60)
        let next = TimelineReloadPolicy.after(context.now.addingTimeInterval(interval))
        let (sites, rejected) = MonitorSite.parse(configuration.sites)
        guard rejected.isEmpty, !sites.isEmpty else {
            let problem = rejected.isEmpty ? "no sites: list them in the tile's sites parameter" : "not a site: \(rejected.joined(separator: ", "))"
            return Timeline(entries: [MonitorEntry(date: context.now, round: nil, problem: problem)], policy: .never)
        }
        let key = "monitor." + StableHash.hex(sites.map { "\($0.name)=\($0.check)" }.joined(separator: "\u{1E}"))
        let round = try await services.shared(key, freshFor: interval / 2, context: context) {
            await check(sites, previous: services.recall(MonitorRound.self, as: key)?.value, now: context.now)
        }
        return Timeline(entries: [MonitorEntry(date: context.now, round: round, problem: nil, alert: Self.alert(for: round))], policy: next)
    }

    /// One check of each site, with each site's history carried on from `previous`.
    func check(_ sites: [MonitorSite], previous: MonitorRound?, now: Date) async -> MonitorRound {
        let results = await withTaskGroup(of: (Int, MonitorRound.Result).self) { group in
            for (index, site) in sites.enumerated() {
                group.addTask { (index, await check(site)) }
            }
            var results: [(Int, MonitorRound.Result)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return Self.round(results, after: previous, at: now)
    }

    /// `checked` as a round after `previous`: each site's history carried on, and whether its
    /// state changed (down, or up again).
    static func round(_ checked: [MonitorRound.Result], after previous: MonitorRound?, at now: Date) -> MonitorRound {
        var results = checked
        for index in results.indices {
            let before = previous?.results.first { $0.site == results[index].site }
            if let before { results[index].history = Array((before.history + [before.latency]).suffix(MonitorRound.historyLength)) }
            switch (before?.isUp, results[index].isUp) {
            case (true?, false), (nil, false): results[index].change = true
            case (false?, true): results[index].change = true
            default: results[index].change = nil
            }
        }
        return MonitorRound(checkedAt: now, results: results)
    }

    private func check(_ site: MonitorSite) async -> MonitorRound.Result {
        let started = Reactor.now
        func elapsed() -> Double {
            let duration = Reactor.now - started
            return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        do {
            switch site.check {
            case .http(let text):
                guard let url = URL(string: text) else { throw FetchError.malformed("not a URL: \(text)") }
                let response = try await services.fetcher.get(url)
                return MonitorRound.Result(site: site, latency: elapsed(), status: response.status, history: [])
            case .tcp(let host, let port):
                try await TCPProbe.check(host: host, port: port, timeout: Self.timeout)
                return MonitorRound.Result(site: site, latency: elapsed(), history: [])
            }
        } catch let error as FetchError {
            var status: Int?
            if case .http(let code, _) = error { status = code }
            return MonitorRound.Result(site: site, status: status, reason: error.description, history: [])
        } catch {
            return MonitorRound.Result(site: site, reason: "\(error)", history: [])
        }
    }

    /// The alert of a round where sites went down or came back: one alert, once per round for
    /// every board (its rise is the round's time).
    static func alert(for round: MonitorRound) -> WidgetAlert? {
        let changed = round.results.filter { $0.change == true }
        guard !changed.isEmpty else { return nil }
        let down = changed.filter { !$0.isUp }
        let up = changed.filter(\.isUp)
        let title = down.isEmpty
            ? "\(up.map(\.site.name).joined(separator: ", ")) \(up.count == 1 ? "is" : "are") up again"
            : "\(down.map(\.site.name).joined(separator: ", ")) \(down.count == 1 ? "is" : "are") down"
        let body = (down.map { "\($0.site.name): \($0.reason ?? "down")" } + (down.isEmpty ? [] : up.map { "\($0.site.name) is up again" }))
            .joined(separator: "; ")
        let identity = changed.map { "\($0.site.name)=\($0.isUp)" }.joined(separator: ",")
        return WidgetAlert(title: title, body: body, sound: !down.isEmpty, rise: "monitor:\(identity)@\(round.checkedAt.timeIntervalSince1970)")
    }
}

/// 监控: HTTP(S) and TCP checks of a list of sites, with latency and the last checks.
struct MonitorWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "monitor", intent: MonitorIntent.self, provider: MonitorProvider(services: services)) { entry in
            MonitorView(entry: entry)
        }
        .category(.developer)
        .configurationDisplayName(L("widget.monitor.name"))
        .description(L("widget.monitor.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .alerts("when a site goes down, and when it is back up")
    }
}
