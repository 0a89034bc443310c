import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The prometheus widget's parameters: the server, the PromQL query, and how it is shown.
public struct PrometheusIntent: WidgetIntent {
    public var url = "http://localhost:9090"
    public var query = ""
    public var title = ""
    /// The chart's window in the large families, in minutes; 0 asks only for the instant.
    public var window = 60
    public var top = 5
    /// Appended to each value (`%`, ` req/s`); `bytes` shows the value as a size.
    public var unit = ""
    /// The environment variable holding a bearer token, or `user` and `passwordVariable` for basic auth.
    public var tokenVariable = ""
    public var user = ""
    public var passwordVariable = ""
    public var minutes = 5

    public init() {}

    public static var parameters: [WidgetParameter<PrometheusIntent>] { [
        .string("url", title: L("param.prometheus.url"), \.url, maxLength: 300, rule: urlRule),
        .string("query", title: L("param.prometheus.query"), \.query, maxLength: 2_000),
        .string("title", title: L("param.prometheus.title"), \.title, maxLength: 40),
        .integer("window", title: L("param.prometheus.window"), \.window, range: 0...10_080),
        .integer("top", title: L("param.prometheus.top"), \.top, range: 1...20),
        .string("unit", title: L("param.prometheus.unit"), \.unit, maxLength: 12),
        .string("tokenVariable", title: L("param.prometheus.tokenVariable"), \.tokenVariable, maxLength: 100),
        .string("user", title: L("param.prometheus.user"), \.user, maxLength: 100),
        .string("passwordVariable", title: L("param.prometheus.passwordVariable"), \.passwordVariable, maxLength: 100),
        .integer("minutes", title: L("param.prometheus.minutes"), \.minutes, range: 1...1_440),
    ] }

    static var urlRule: ParameterRule {
        ParameterRule(expected: L("rule.prometheus.url")) { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
            return (scheme == "http" || scheme == "https") && url.host != nil
        }
    }
}

/// A query's answer at one moment, and its range when the chart asks for one.
public struct PrometheusEntry: TimelineEntry, Hashable {
    public var date: Date
    var title: String
    var instant: PrometheusResult?
    var range: PrometheusResult?
    var unit: String
    var top: Int
    /// Why there is no answer to show (no query set).
    var problem: String?
    var isSample = false
}

/// Asks the Prometheus HTTP API (`/api/v1/query`, and `/api/v1/query_range` for the chart) once
/// for every board of the user, through the one HTTP client.
struct PrometheusProvider: IntentTimelineProvider {
    let services: WidgetServices

    func placeholder(in context: TimelineContext) -> PrometheusEntry {
        PrometheusEntry(date: context.now, title: "Prometheus", unit: "", top: 5)
    }

    /// The gallery's preview: three made-up series, titled as a sample.
    func snapshot(for configuration: PrometheusIntent, in context: TimelineContext) async -> PrometheusEntry {
        let now = context.now.timeIntervalSince1970
        let hosts = [("web-1", 0.42), ("web-2", 0.91), ("db-1", 0.18)]
        func series(_ host: String, _ level: Double, points: Int) -> PrometheusResult.Series {
            let samples = (0..<points).map { index -> PrometheusResult.Sample in
                let time = now - Double(points - 1 - index) * 60
                let wave = sin(Double(index) / 4 + level * 9)
                return PrometheusResult.Sample(time: time, value: level + 0.08 * wave)
            }
            return PrometheusResult.Series(labels: ["instance": host], samples: samples)
        }
        return PrometheusEntry(
            date: context.now, title: "load (sample)", instant: PrometheusResult(series: hosts.map { series($0.0, $0.1, points: 1) }),
            range: PrometheusResult(series: hosts.map { series($0.0, $0.1, points: 60) }), unit: "", top: configuration.top, isSample: true)
    }

    func timeline(for configuration: PrometheusIntent, in context: TimelineContext) async throws -> Timeline<PrometheusEntry> {
        if services.offline { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let title = configuration.title.isEmpty ? configuration.query : configuration.title
        var entry = PrometheusEntry(date: context.now, title: title, unit: configuration.unit, top: configuration.top)
        let query = configuration.query.trimmingSpacesAndNewlines()
        guard !query.isEmpty else {
            entry.problem = "no query: set the tile's query parameter"
            return Timeline(entries: [entry], policy: .never)
        }
        guard let base = URL(string: configuration.url) else { throw FetchError.malformed("not a URL: \(configuration.url)") }
        let headers = try Self.authorization(configuration, environment: ProcessInfo.processInfo.environment)
        let interval = TimeInterval(configuration.minutes * 60)
        let now = (context.now.timeIntervalSince1970).rounded()
        let key = "prometheus." + StableHash.hex([configuration.url, query, String(configuration.window), headers.map(\.1).joined()].joined(separator: "\u{1E}"))
        let answers = try await services.shared(key, freshFor: interval / 2, context: context) {
            let instantURL = try ServiceURL.make(base: base, segments: ["api", "v1", "query"], query: [("query", query), ("time", String(Int(now)))])
            let instant = try PrometheusResult(apiResponse: try await services.fetcher.get(instantURL, headers: headers).body)
            guard configuration.window > 0 else { return [instant] }
            let span = Double(configuration.window * 60)
            let rangeURL = try ServiceURL.make(base: base, segments: ["api", "v1", "query_range"], query: [
                ("query", query), ("start", String(Int(now - span))), ("end", String(Int(now))), ("step", String(max(Int(span / 60), 1))),
            ])
            return [instant, try PrometheusResult(apiResponse: try await services.fetcher.get(rangeURL, headers: headers).body)]
        }
        entry.instant = answers.first
        entry.range = answers.count > 1 ? answers[1] : nil
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(interval)))
    }

    /// The Authorization header the parameters ask for, read from the environment at each query.
    static func authorization(_ configuration: PrometheusIntent, environment: [String: String]) throws(PrometheusProblem) -> [(String, String)] {
        func secret(_ name: String) throws(PrometheusProblem) -> String {
            guard let value = environment[name], !value.isEmpty else { throw PrometheusProblem(description: "the environment variable \(name) is not set") }
            return value
        }
        if !configuration.tokenVariable.isEmpty { return [("Authorization", "Bearer " + (try secret(configuration.tokenVariable)))] }
        guard !configuration.user.isEmpty else { return [] }
        let password = configuration.passwordVariable.isEmpty ? "" : try secret(configuration.passwordVariable)
        return [("Authorization", "Basic " + Data((configuration.user + ":" + password).utf8).base64EncodedString())]
    }
}

/// Prometheus: a PromQL query's value, its series as rows, and a chart of its window.
struct PrometheusWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "prometheus", intent: PrometheusIntent.self, provider: PrometheusProvider(services: services)) { entry in
            PrometheusView(entry: entry)
        }
        .category(.system)
        .configurationDisplayName(L("widget.prometheus.name"))
        .description(L("widget.prometheus.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
    }
}
