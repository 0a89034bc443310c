import FoundationEssentials
import TileKit
import TileUI
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// A widget served by a program, as a `[[widget]]` table of `config.toml` declares it (or as an
/// extension's `describe` answer lists it): how to run the program and what it offers.
public struct WidgetDeclaration: Sendable, Hashable {
    /// What the program prints.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Its standard output is the tile's text, SGR colours kept.
        case text
        /// Its standard output is a timeline in JSON (docs/extensions.md).
        case timeline
    }

    /// The kind tiles use for it (`widget = "uptime"` in a tile).
    public var kind: String
    /// The program and its arguments; no shell is involved.
    public var command: [String]
    public var format: Format
    /// Text widgets: how often to run; timeline widgets: when to ask again if a timeline gives no policy.
    public var refresh: TimeInterval
    /// How long one run may take before it is stopped.
    public var timeout: TimeInterval
    /// The title in `tiles list` and the edit form.
    public var title: String
    /// One sentence for `tiles list`.
    public var summary: String
    /// The families it may be shown in.
    public var families: [WidgetFamily]
    /// Whether the program keeps running and prints a timeline (or text) per line.
    public var listen: Bool
    /// The parameters a form shows, passed to the program.
    public var parameters: [ParameterDescription]
    /// The directory the program runs in (the config file's): relative paths in `command` resolve there.
    public var directory: String?
    /// The machine the command runs on, through ssh (`user@server`, an alias); nil runs it here.
    public var host: String?
    /// A widget declared in the config alone: its data's source (a URL, or `command`'s output)
    /// and a view template per family; nil for a program that answers with timelines or text.
    public var source: DataSource?
    /// The view templates of a `source` widget, by family.
    public var views: [WidgetFamily: ViewTemplate] = [:]
    /// What a tap on a `source` widget opens.
    public var link: String?
    /// The `[[widget.alert]]` triggers of a `source` widget, in order.
    public var alerts: [AlertTrigger] = []

    /// The defaults of a `[[widget]]` table.
    public static let defaultRefresh: TimeInterval = 15 * 60
    public static let defaultTimeout: TimeInterval = 10
    /// The longest `timeout` a declaration may set: a one-shot run is not a job runner.
    public static let maximumTimeout: TimeInterval = 10 * 60
    public static let defaultFamilies: [WidgetFamily] = WidgetFamily.systemFamilies + [.accessoryInline]

    public init(
        kind: String, command: [String], format: Format = .timeline, refresh: TimeInterval = defaultRefresh,
        timeout: TimeInterval = defaultTimeout, title: String? = nil, summary: String = "",
        families: [WidgetFamily] = defaultFamilies, listen: Bool = false, parameters: [ParameterDescription] = [],
        directory: String? = nil
    ) {
        self.kind = kind
        self.command = command
        self.format = format
        self.refresh = refresh
        self.timeout = timeout
        self.title = title ?? kind
        self.summary = summary
        self.families = families
        self.listen = listen
        self.parameters = parameters
        self.directory = directory
    }

    /// The program's path as run: a relative path with a slash resolves against `directory`;
    /// a bare name is looked up on `PATH` when the program starts.
    public var resolvedCommand: [String] {
        // On another machine the command is the remote shell's to find.
        guard host == nil, var program = command.first else { return command }
        if program.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            program = home + program.dropFirst(1)
        } else if !program.hasPrefix("/"), program.contains(utf8: "/"), let directory {
            program = URL(filePath: directory).appending(path: program).standardizedFileURL.path
        }
        return [program] + command.dropFirst()
    }

    /// Everything that makes this declaration what it is, as stable text: the same in every run
    /// of tiles, so that a cached timeline is kept until the declaration changes.
    public var fingerprint: String {
        let parameterText = parameters.map { parameter in
            "\(parameter.key)=\(parameter.kind.name)[\(parameter.kind.options.map(\.value).joined(separator: ","))]:\(parameter.defaultValue)"
        }
        return ([kind, command.joined(separator: "\u{1F}"), format.rawValue, "\(refresh)", "\(timeout)", "\(listen)",
                 directory ?? "", families.map(\.rawValue).joined(separator: ","), host ?? "", source?.fingerprint ?? "", link ?? ""]
                + views.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue)=\(views[$0]!.source)" } + parameterText
                + alerts.map { "alert:\($0.conditionText):\($0.lasting)" })
            .joined(separator: "\u{1E}")
    }
}
