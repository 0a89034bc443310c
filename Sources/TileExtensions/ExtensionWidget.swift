import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Makes a `WidgetDescriptor` of a widget served by a program, so that the scheduler, the board,
/// `tiles render` and the edit form treat it as any other widget: its provider runs the program
/// and its view is decoded from JSON.
public enum ExtensionWidget {
    /// The descriptor of `declaration`, running programs through `host`.
    public static func descriptor(for declaration: WidgetDeclaration, host: ExtensionHost) -> WidgetDescriptor {
        var descriptor = WidgetDescriptor(
            kind: declaration.kind, displayName: declaration.title,
            description: declaration.summary.isEmpty ? defaultSummary(declaration) : declaration.summary,
            supportedFamilies: declaration.families, parameters: declaration.parameters, entry: ExtensionEntry.self,
            placeholder: { context in ExtensionEntry(date: context.now, content: .placeholder) },
            snapshot: { context, parameters in await preview(declaration, host: host, context: context, parameters: parameters) },
            timeline: { context, parameters in
                try await host.timeline(declaration, context: context, parameters: parameters)
            },
            draw: { entry, environment in ExtensionDrawing.draw(entry, environment: environment) })
        descriptor.timelinePerFamily = declaration.format == .timeline
        descriptor.pushesUpdates = declaration.listen
        if declaration.format == .timeline, declaration.source == nil {
            descriptor.setActions { press, context in
                try await host.perform(press, declaration: declaration, context: context)
            }
        }
        // A run ends at its own timeout, counted from its start, however long it waited for one of
        // the runner's slots: the scheduler sets no deadline of its own. A streaming program's
        // first answer is awaited (by a render) for its timeout, its kill grace and a margin.
        descriptor.callTimeout = declaration.listen ? declaration.timeout + ProgramCommand.defaultKillGrace + 5 : .infinity
        // An edited declaration (another command, refresh or parameter) is another widget.
        descriptor.revision = declaration.fingerprint
        return descriptor
    }

    /// The gallery's preview (WidgetKit's `getSnapshot`): the program's first entry for a request
    /// with `isPreview` set and the parameters' defaults, or a line that says why there is none.
    /// A streaming program is not started for a preview: it would stay running.
    static func preview(
        _ declaration: WidgetDeclaration, host: ExtensionHost, context: TimelineContext, parameters: [String: ParameterValue]
    ) async -> ExtensionEntry {
        guard !declaration.listen else {
            return ExtensionEntry(date: context.now, content: .text("a streaming widget: it shows its data once it is on the board"))
        }
        var context = context
        context.isPreview = true
        do {
            let values = try ParameterDescription.resolve(parameters, against: declaration.parameters)
            let timeline = try await host.timeline(declaration, context: context, parameters: values)
            return timeline.entries.first ?? ExtensionEntry(date: context.now, content: .text("the preview run gave no entry"))
        } catch {
            return ExtensionEntry(date: context.now, content: .text("no preview: \(error)"))
        }
    }

    /// What `tiles list` says of a widget whose declaration gives no description.
    static func defaultSummary(_ declaration: WidgetDeclaration) -> String {
        switch declaration.source?.origin {
        case .url(let url, _)?: "Data from \(JSONPath.shortened(url, limit: 60)), drawn by its view template."
        case .command?: "The output of `\(shortCommand(declaration.command))`, drawn by its view template."
        case nil: "Served by `\(shortCommand(declaration.command))`."
        }
    }

    /// A command line as a description shows it: each word's last path component, cut at 60 characters.
    static func shortCommand(_ command: [String]) -> String {
        let words = command.map { $0.contains(utf8: "/") ? URL(filePath: $0).lastPathComponent : $0 }
        return JSONPath.shortened(words.joined(separator: " "), limit: 60)
    }
}
