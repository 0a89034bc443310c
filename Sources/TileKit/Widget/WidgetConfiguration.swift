import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What a widget's `body` returns, as WidgetKit's `WidgetConfiguration`: the provider, the view and
/// the gallery details of one widget kind.
public protocol WidgetConfiguration {
    /// The runtime descriptions this configuration stands for (one, or several for a bundle).
    var _descriptors: [WidgetDescriptor] { get }
}

/// A widget without user-editable parameters, as WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration: WidgetConfiguration {
    public let _descriptors: [WidgetDescriptor]

    /// A widget of `kind` whose `provider` supplies entries and `content` draws each one.
    public init<Provider: TimelineProvider, Content: View & SendableMetatype>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        _descriptors = [
            WidgetDescriptor(
                kind: kind, intent: EmptyIntent.self, entry: Provider.Entry.self,
                placeholder: { provider.placeholder(in: $0) },
                snapshot: { context, _ in await provider.snapshot(in: context) },
                timeline: { context, _ in try await provider.timeline(in: context) },
                content: content)
        ]
    }
}

/// A widget with parameters the user edits, as WidgetKit's `IntentConfiguration` /
/// `AppIntentConfiguration`: the provider receives the tile's intent on every call.
public struct IntentConfiguration: WidgetConfiguration {
    public let _descriptors: [WidgetDescriptor]

    /// A widget of `kind` configured by `intent`, whose `provider` supplies entries and `content`
    /// draws each one.
    public init<Provider: IntentTimelineProvider, Content: View & SendableMetatype>(
        kind: String, intent: Provider.Intent.Type, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        _descriptors = [
            WidgetDescriptor(
                kind: kind, intent: intent, entry: Provider.Entry.self,
                placeholder: { provider.placeholder(in: $0) },
                snapshot: { context, intent in await provider.snapshot(for: intent, in: context) },
                timeline: { context, intent in try await provider.timeline(for: intent, in: context) },
                content: content)
        ]
    }
}

/// A configuration with its gallery details changed by a modifier.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    public let _descriptors: [WidgetDescriptor]
}

extension WidgetConfiguration {
    private func modified(_ change: (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(_descriptors: _descriptors.map { descriptor in
            var descriptor = descriptor
            change(&descriptor)
            return descriptor
        })
    }

    /// The widget's title in galleries and `tiles list`.
    public func configurationDisplayName(_ name: String) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = name }
    }

    /// One sentence saying what the widget shows.
    public func description(_ text: String) -> ModifiedWidgetConfiguration {
        modified { $0.description = text }
    }

    /// The families the widget offers; without it, the system families (B1.4). Kept in size order.
    public func supportedFamilies(_ families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        let ordered = WidgetFamily.allCases.filter(families.contains)
        return modified { $0.supportedFamilies = ordered }
    }

    /// Says the provider computes its entries from what this machine knows (the clock, files),
    /// with no service or program to wait for: the board's first frame waits for its timeline
    /// and draws its content instead of a placeholder. A tiles addition; WidgetKit has no such
    /// promise to make.
    public func computedLocally() -> ModifiedWidgetConfiguration {
        modified { $0.computesLocally = true }
    }

    /// Where edit mode's gallery lists the widget (a widget without one is the user's own).
    public func category(_ category: WidgetCategory) -> ModifiedWidgetConfiguration {
        modified { $0.category = category }
    }

    /// When the widget alerts (entries with an `alert`), in a few words for `tiles list`.
    public func alerts(_ when: String) -> ModifiedWidgetConfiguration {
        modified { $0.alerts = when }
    }

    /// Computed locally (`computedLocally()`) unless the string parameter `parameter` is set: a
    /// tile that names another machine there waits for it like a service.
    public func computedLocally(unlessSet parameter: String) -> ModifiedWidgetConfiguration {
        modified {
            $0.computesLocally = true
            $0.remoteParameter = parameter
        }
    }

    /// The intents the widget's buttons and toggles run. A press of any other name fails with a
    /// message. WidgetKit finds a widget's intents at build time; on Linux they are listed.
    public func intents(_ types: any AppIntent.Type...) -> ModifiedWidgetConfiguration {
        let registry = IntentRegistry(types)
        return modified { descriptor in
            descriptor.setActions { action, context in
                try await registry.perform(action, in: context)
                return .reload
            }
        }
    }
}
