import ArgumentParser
import Foundation
import TileExtensions
import TileKit
import TileWidgets

/// `tiles render`: one widget, once, exactly family-sized, to stdout.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one widget once to stdout, exactly family-sized.",
        discussion: """
            For previews, docs, status bars and tests. --at fixes "now" (its UTC offset also sets \
            the time zone dates are shown in); --offline makes no network call (remote content \
            comes from the widget's snapshot data, dates and the almanac follow --at).

            Examples:
              tiles render --widget qqsync --family medium --offline
              tiles render --widget alipay --param city=杭州 --param buttonsSide=left --format ansi
              tiles render --widget commit --family inline --param owner=swiftlang --param repo=swift
            """
    )

    @Option(help: "The widget kind (see `tiles list`).")
    var widget: String

    @Option(help: "The family: small, medium, large, extraLarge, circular, rectangular, inline.")
    var family: String = "medium"

    @Option(help: "Colour scheme: light or dark.")
    var scheme: ColorScheme = .light

    @Option(help: "Theme name (default, nord, solarized, or a file name under the user's themes).")
    var theme: String?

    @Option(help: "The moment to render, ISO 8601 (2022-06-06T10:00:00+08:00).")
    var at: String?

    @Flag(help: "Make no network call: remote content comes from snapshot data.")
    var offline = false

    @Flag(help: "Render the redacted placeholder.")
    var placeholder = false

    @Option(help: "Output format: text or ansi.")
    var format: OutputFormat = .text

    @Option(name: .customLong("param"), help: "A parameter, NAME=VALUE (repeatable; see `tiles list`).")
    var parameters: [String] = []

    @Option(help: "The config file declaring widgets served by programs (default $XDG_CONFIG_HOME/tiles/config.toml).")
    var config: String?

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, ansi
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (now, timeZone) = try moment()
        let services = WidgetServices(
            environment: environment, directories: TilesDirectories(environment: environment),
            version: Tiles.version, timeZone: timeZone, offline: offline)
        var widgets = BuiltinWidgets.all(services: services)
        let host = ExtensionHost(waitsForStreams: true)
        defer { host.stopAll() }
        if config != nil || !widgets.contains(where: { $0.kind == widget }) {
            // Only a widget the file declares needs the file: a broken config leaves built-ins alone.
            let loaded = try RunDashboard.loadConfig(path: config, environment: environment, widgets: widgets, host: host)
            widgets += loaded?.extensionWidgets ?? []
        }
        guard let descriptor = widgets.first(where: { $0.kind == widget }) else {
            throw UsageError(message: "unknown widget '\(widget)'; widgets: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        guard let family = WidgetFamily(name: self.family) else {
            throw UsageError(message: "unknown family '\(self.family)'; families: \(WidgetFamily.allNames.joined(separator: ", "))")
        }
        guard descriptor.supports(family) else {
            throw UsageError(message: "\(widget) does not come in \(family.shortName); it supports: \(descriptor.supportedFamilies.map(\.shortName).joined(separator: ", "))")
        }
        let values = try parsedParameters(descriptor)

        var renderEnvironment = EnvironmentValues()
        renderEnvironment.colorScheme = scheme
        // Plain text has no colour, so pictures draw nothing there and what lies beneath shows.
        renderEnvironment.colorMode = format == .text ? .none : ansiColorMode(environment)
        ImageAssets.userDirectory = TilesDirectories(environment: environment).config.appendingPathComponent("assets")
        do {
            renderEnvironment.theme = try ThemeCatalog(directories: TilesDirectories(environment: environment)).theme(named: theme)
        } catch {
            throw UsageError(message: String(describing: error))
        }
        renderEnvironment.now = now
        renderEnvironment.timeZone = timeZone

        let context = TimelineContext(family: family, isPreview: offline, now: now, reason: .user, colorScheme: scheme)
        let entry: AnyTimelineEntry
        if placeholder {
            entry = descriptor.placeholder(in: context)
            renderEnvironment.redactionReasons = .placeholder
        } else if descriptor.timelinePerFamily || descriptor.revision != descriptor.kind {
            entry = try await programEntry(descriptor, context: context, values: values)
        } else {
            entry = await currentEntry(descriptor, context: context, values: values)
        }
        await services.shutdown()
        let grid = descriptor.render(entry, family: family, environment: renderEnvironment).grid
        switch format {
        case .text: print(grid.text)
        case .ansi: print(ANSIRenderer(colorMode: ansiColorMode(environment)).render(grid))
        }
    }

    /// The entry showing at `context.now`: from the provider's timeline, its fallback when the
    /// service failed (with a note on stderr), or its snapshot.
    private func currentEntry(_ descriptor: WidgetDescriptor, context: TimelineContext, values: [String: ParameterValue]) async -> AnyTimelineEntry {
        let timeline: AnyTimeline
        do {
            timeline = try await descriptor.timeline(in: context, parameters: values)
        } catch {
            Console.printError("tiles: \(widget): \(error); showing the last known content")
            timeline = (error as? TimelineFailure)?.fallback ?? AnyTimeline(entries: [], policy: .never)
        }
        if let shown = timeline.entry(at: context.now) { return shown }
        return await descriptor.snapshot(in: context, parameters: values)
    }

    /// The entry a widget program shows at `context.now`; a program that fails is an error
    /// (exit 1 with the reason the board would show), since nothing else could stand in for it.
    private func programEntry(_ descriptor: WidgetDescriptor, context: TimelineContext, values: [String: ParameterValue]) async throws -> AnyTimelineEntry {
        // A streaming program that never prints would keep the render waiting: give it the
        // scheduler's provider timeout.
        let timeout = TimelineScheduler.Configuration().timeout
        let run = Task { try await descriptor.timeline(in: context, parameters: values) }
        let watchdog = Task {
            try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            run.cancel()
        }
        defer { watchdog.cancel() }
        do {
            let timeline = try await run.value
            return timeline.entry(at: context.now) ?? descriptor.placeholder(in: context)
        } catch is CancellationError {
            throw RenderFailure(message: "\(widget): timed out after \(Int(timeout)) s")
        } catch {
            throw RenderFailure(message: "\(widget): \(error)")
        }
    }

    private func parsedParameters(_ descriptor: WidgetDescriptor) throws -> [String: ParameterValue] {
        let descriptions = Dictionary(uniqueKeysWithValues: descriptor.parameters.map { ($0.key, $0) })
        var values: [String: ParameterValue] = [:]
        for item in parameters {
            guard let equals = item.firstIndex(of: "=") else {
                throw UsageError(message: "--param '\(item)' must be NAME=VALUE")
            }
            let name = String(item[..<equals]), text = String(item[item.index(after: equals)...])
            guard let description = descriptions[name] else {
                throw UsageError(message: ParameterError.unknownParameter(name, known: descriptor.parameters.map(\.key)).description)
            }
            do {
                values[name] = try description.parse(text)
            } catch {
                throw UsageError(message: error.description)
            }
        }
        do {
            return try descriptor.resolveParameters(values)
        } catch {
            throw UsageError(message: error.description)
        }
    }

    /// "Now" and the display time zone: from --at (its offset), else the clock and TZ.
    private func moment() throws -> (Date, TimeZone) {
        guard let at else { return (Date(), .current) }
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: at) else {
            throw UsageError(message: "--at '\(at)' is not an ISO 8601 date with a time and offset, like 2022-06-06T10:00:00+08:00")
        }
        return (date, Self.timeZone(ofISO8601: at) ?? .current)
    }

    /// The fixed-offset zone written at the end of an ISO 8601 date (`Z`, `+08:00`, `-0530`).
    static func timeZone(ofISO8601 text: String) -> TimeZone? {
        if text.hasSuffix("Z") { return TimeZone(identifier: "UTC") }
        guard let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }), text.distance(from: sign, to: text.endIndex) >= 5 else { return nil }
        let digits = text[text.index(after: sign)...].filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (text[sign] == "-" ? -1 : 1)
        return TimeZone(secondsFromGMT: seconds)
    }

    /// ANSI output uses what the terminal environment allows; with no TERM at all, truecolor
    /// (the user asked for colour); NO_COLOR always wins.
    private func ansiColorMode(_ environment: [String: String]) -> ColorMode {
        if environment["NO_COLOR"] != nil { return .none }
        let detected = ColorMode.detect(environment: environment)
        return detected == .none ? .trueColor : detected
    }
}

/// A render that could not be made: printed as `tiles: MESSAGE`, exit status 1.
struct RenderFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
