import ArgumentParser
import FoundationEssentials
import TileExtensions
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// `tiles list`: every widget with its families, when it alerts, and its parameters.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: L("help.list.abstract"),
        discussion: L("help.list.discussion")
    )

    @Option(help: ArgumentHelp(L("help.list.config")), completion: Completions.configFile)
    var config: String?

    func run() throws {
        let services = WidgetServices(environment: [:], directories: nil, version: Tiles.version, offline: true)
        let builtins = BuiltinWidgets.all(services: services)
        let loaded = try RunDashboard.loadConfig(
            path: config, environment: ProcessInfo.processInfo.environment, widgets: builtins, host: ExtensionHost())
        Console.print(Self.listing(builtins + (loaded?.extensionWidgets ?? [])), terminator: "")
    }

    /// The listing text for `widgets`.
    static func listing(_ widgets: [WidgetDescriptor]) -> String {
        var text = ""
        for widget in widgets {
            text += "\(widget.kind) — \(widget.displayName)\n"
            text += "  \(widget.description)\n"
            text += "  families: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", "))\n"
            if let alerts = widget.alerts { text += "  alerts: \(alerts)\n" }
            if widget.parameters.isEmpty { text += "  no parameters\n" }
            for parameter in widget.parameters {
                text += "  --param \(parameter.key)=…  \(parameter.title) (\(parameter.kind.name)"
                if case let .integer(range?) = parameter.kind { text += " \(range.lowerBound)…\(range.upperBound)" }
                if case let .multiple(_, counts) = parameter.kind {
                    let perFamily = WidgetFamily.allCases.compactMap { family in counts[family].map { "\(family.shortName) \($0)" } }
                    text += ", \(perFamily.joined(separator: ", "))"
                }
                text += ") default: \(parameter.defaultValue.description.isEmpty ? "\"\"" : parameter.defaultValue.description)\n"
                let options = parameter.kind.options
                if !options.isEmpty {
                    text += "      choices: \(options.map { $0.title == $0.value ? $0.value : "\($0.value) (\($0.title))" }.joined(separator: ", "))\n"
                }
            }
            text += "\n"
        }
        return text
    }
}
