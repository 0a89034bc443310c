import FoundationEssentials
import TileBase
import TileKit
import TileUIJSON

/// A widget declared in the config alone: its provider reads the source (a URL through the one
/// HTTP client, or the `command`'s output), binds the data into the family's view template and
/// gives one entry, reloaded every `refresh`. A failing source or a template that cannot draw
/// the data throws, so the tile keeps its last good entry, marked stale with the reason.
extension ExtensionHost {
    /// The data a template sees: `.data` (the JSON, or the text), `.lines` (a text source's lines),
    /// `.parameters` (the tile's values), `.now` (Unix seconds).
    static func scope(data: JSONValue, lines: [String]?, parameters: [String: ParameterValue], now: Date, zone: Zone) -> TemplateScope {
        let values: [(key: String, value: JSONValue)] = parameters.keys.sorted().map { key in
            switch parameters[key]! {
            case .bool(let flag): (key, .bool(flag))
            case .integer(let number): (key, .number(Double(number)))
            case .string(let text): (key, .string(text))
            case .list(let items): (key, .array(items.map(JSONValue.string)))
            }
        }
        var root: [(key: String, value: JSONValue)] = [("data", data), ("parameters", .object(values)), ("now", .number(now.timeIntervalSince1970.rounded()))]
        if let lines { root.append(("lines", .array(lines.map(JSONValue.string)))) }
        return TemplateScope(root: .object(root), now: now, zone: zone)
    }

    func sourceTimeline(
        _ declaration: WidgetDeclaration, source: DataSource, context: TimelineContext, parameters: [String: ParameterValue]
    ) async throws -> Timeline<ExtensionEntry> {
        let body: String
        switch source.origin {
        case .url(let url, let headers):
            guard let sources else { throw ExtensionError("sources are not fetched here") }
            let variables = try source.variables(environment: processEnvironment)
            var resolved: [(String, String)] = []
            for name in headers.keys.sorted() {
                resolved.append((name, try DataSource.expand(headers[name]!, environment: variables)))
            }
            body = try await sources.fetchSource(url: url, headers: resolved, freshFor: declaration.refresh, context: context)
        case .command:
            // Boards share one run per refresh, as they do a program widget's.
            let request = ExtensionRequest(kind: declaration.kind, context: context, parameters: parameters)
            let key = declaration.fingerprint + "\u{1E}" + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "\u{1F}")
            let output = try await shared.output(
                key: key, context: context, freshFor: min(declaration.refresh / 2, 60), timeout: declaration.timeout
            ) { try await run(declaration, request: request) }
            body = String(decoding: output, as: UTF8.self)
        }
        let data: JSONValue
        var lines: [String]?
        if source.isText {
            data = .string(body)
            lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines?.last == "" { lines?.removeLast() }
        } else {
            data = try JSONValue.parse(Data(body.utf8))
        }
        guard let template = declaration.views[context.family] else {
            throw ExtensionError("no view for the \(context.family.shortName) family")
        }
        let scope = Self.scope(data: data, lines: lines, parameters: parameters, now: context.now, zone: SystemTimeZone.process)
        let view: JSONValue
        do {
            view = try template.render(in: scope)
        } catch {
            throw ExtensionError("view: \(error)")
        }
        try ExtensionDrawing.checkView(view, "view")
        var next = context.now.addingTimeInterval(declaration.refresh)
        // A preview judges no trigger: it is not the widget's data on a board.
        let alert = context.isPreview ? nil : judgeTriggers(of: declaration, parameters: parameters, in: scope, next: &next)
        let entry = ExtensionEntry(date: context.now, url: declaration.link, content: .view(view.jsonText), alert: alert)
        return Timeline(entries: [entry], policy: .after(next))
    }

    /// The alert of the first trigger whose condition has held for its time; remembers each
    /// condition's rise and fall, and moves `next` up to when a held condition's time is up.
    private func judgeTriggers(of declaration: WidgetDeclaration, parameters: [String: ParameterValue], in scope: TemplateScope, next: inout Date) -> WidgetAlert? {
        let parameterText = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "\u{1F}")
        var alert: WidgetAlert?
        for (index, trigger) in declaration.alerts.enumerated() {
            let key = StableHash.hex([declaration.kind, parameterText, String(index), trigger.conditionText].joined(separator: "\u{1E}"))
            guard trigger.condition.holds(in: scope) else {
                triggers.fall(key)
                continue
            }
            let since = triggers.rise(key, at: scope.now)
            let due = since.addingTimeInterval(trigger.lasting)
            guard due <= scope.now else {
                next = min(next, due)
                continue
            }
            if alert == nil {
                alert = WidgetAlert(
                    title: trigger.title.render(in: scope), body: trigger.body?.render(in: scope) ?? "", sound: trigger.sound,
                    rise: "\(key)@\(since.timeIntervalSince1970)")
            }
        }
        return alert
    }
}
