import Foundation
import TileBase
import TileExtensions
import TileKit
import TileUIJSON

/// The program's side of the protocol (docs/extensions.md): reads request lines, answers each
/// with one line of JSON, a description of the widgets or a timeline whose views are encoded
/// from the widgets' own TileUI views.
public struct ExtensionServer: Sendable {
    public let widgets: [WidgetDescriptor]

    public init(widgets: [WidgetDescriptor]) {
        self.widgets = widgets
    }

    /// Serves standard input until it ends; the exit status: 0, or 1 when a request failed.
    public func serve() async -> Int32 {
        var status: Int32 = 0
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingSpaces().isEmpty else { continue }
            do {
                var answer = try await respond(to: Data(line.utf8))
                answer.append(0x0A)
                _ = answer.withUnsafeBytes { DescriptorWriting.writeAll($0, to: STDOUT_FILENO) }
            } catch {
                // tiles shows the last line of standard error as the tile's stale reason.
                DescriptorWriting.standardError("\(error)\n")
                status = 1
            }
        }
        return status
    }

    /// The answer to one request line.
    public func respond(to line: Data) async throws -> Data {
        if JSONValue.isDescribeRequest(line) { return describe() }
        let request = try ExtensionRequest(json: line)
        guard let widget = widgets.first(where: { $0.kind == request.kind }) else {
            throw ExtensionError("no widget of kind '\(request.kind)'; this program serves \(widgets.map(\.kind).joined(separator: ", "))")
        }
        let context = TimelineContext(
            family: request.family, isPreview: request.isPreview, now: request.now, reason: request.reloadReason,
            colorScheme: request.colorScheme, sizeClass: request.sizeClass, language: request.language)
        let parameters = try widget.resolveParameters(request.parameters)
        if let press = request.action {
            // The intent runs here, in the extension's process, as WidgetKit runs it in the
            // widget's extension; the answer is the timeline after it, so tiles needs no second run.
            let store = SharedStore(directory: TilesDirectories(environment: ProcessInfo.processInfo.environment).data)
            let outcome = try await widget.perform(press, in: IntentContext(kind: widget.kind, parameters: parameters, tile: context, store: store))
            if case .timeline(let timeline) = outcome { return try encode(timeline, of: widget, for: request) }
        }
        let timeline = try await widget.timeline(in: context, parameters: parameters)
        return try encode(timeline, of: widget, for: request)
    }

    /// A timeline as the protocol's JSON, each entry's view encoded from the widget's TileUI view.
    private func encode(_ timeline: AnyTimeline, of widget: WidgetDescriptor, for request: ExtensionRequest) throws -> Data {
        var environment = EnvironmentValues.standard
        environment.widgetFamily = request.family
        environment.sizeClass = request.sizeClass
        environment.colorScheme = request.colorScheme
        var entries: [JSONValue] = []
        for entry in timeline.entries {
            guard let view = widget.view(for: entry) else { continue }
            var members: [(key: String, value: JSONValue)] = [
                ("date", .string(ExtensionRequest.dateText(entry.date))),
                ("view", try ExtensionViews.encode(view, environment: environment)),
            ]
            if let relevance = entry.relevance {
                members.append(("relevance", .object([("score", .number(Double(relevance.score))), ("duration", .number(relevance.duration))])))
            }
            if let alert = entry.alert {
                members.append(("alert", .object([("title", .string(alert.title)), ("body", .string(alert.body)), ("sound", .bool(alert.sound))])))
            }
            entries.append(.object(members))
        }
        let policy: JSONValue = switch timeline.policy {
        case .atEnd: .string("atEnd")
        case .never: .string("never")
        case .after(let date): .object([("after", .string(ExtensionRequest.dateText(date)))])
        }
        return JSONValue.object([("entries", .array(entries)), ("policy", policy)]).jsonData
    }

    /// `{"widgets": [...]}`: each widget's kind, title, families and parameters.
    func describe() -> Data {
        let described: [JSONValue] = widgets.map { widget in
            .object([
                ("kind", .string(widget.kind)),
                ("title", .string(widget.displayName)),
                ("description", .string(widget.description)),
                ("families", .array(widget.supportedFamilies.map { .string($0.rawValue) })),
                ("parameters", .array(widget.parameters.compactMap(Self.describe))),
            ])
        }
        return JSONValue.object([("widgets", .array(described))]).jsonData
    }

    /// A parameter as a `describe` answer writes it; nil for kinds the protocol has no type for
    /// (several values), which then keep their defaults.
    static func describe(_ parameter: ParameterDescription) -> JSONValue? {
        var members: [(key: String, value: JSONValue)] = [("name", .string(parameter.key)), ("title", .string(parameter.title))]
        switch parameter.kind {
        case .bool: members.append(("type", .string("bool")))
        case .integer(let range):
            members.append(("type", .string("integer")))
            if let range {
                members.append(("min", .number(Double(range.lowerBound))))
                members.append(("max", .number(Double(range.upperBound))))
            }
        case .string(let maxLength):
            members.append(("type", .string("string")))
            if let maxLength { members.append(("maxLength", .number(Double(maxLength)))) }
        case .choice(let options), .dynamic(let options):
            members.append(("type", .string("choice")))
            members.append(("choices", .array(options.map { .object([("value", .string($0.value)), ("title", .string($0.title))]) })))
        case .multiple:
            return nil
        }
        switch parameter.defaultValue {
        case .bool(let flag): members.append(("default", .bool(flag)))
        case .integer(let number): members.append(("default", .number(Double(number))))
        case .string(let text): members.append(("default", .string(text)))
        case .list: break
        }
        return .object(members)
    }
}

extension JSONValue {
    /// Whether `line` is `{"request": "describe"}`.
    static func isDescribeRequest(_ line: Data) -> Bool {
        (try? JSONValue.parse(line))?["request"]?.string == "describe"
    }
}
