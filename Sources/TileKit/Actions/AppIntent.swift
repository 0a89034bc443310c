import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An action a widget's control runs, as WidgetKit's `AppIntent`: its parameters are its stored
/// properties, sent with the press as JSON and decoded again where the widget runs (the board for
/// a built-in widget, the extension's process for a Swift extension).
///
/// A widget lists the intents its views use with `.intents(…)` on its configuration, since
/// Linux has no metadata step that finds them. After `perform` returns, the tile's timeline is
/// reloaded at once, free of the reload budget; a throw keeps the content and shows the error.
public protocol AppIntent: Codable, Sendable {
    /// The name a press is sent by; the type's name unless given.
    static var identifier: String { get }
    /// Does the work; runs off the board's loop, with the provider timeout.
    func perform(in context: IntentContext) async throws
}

extension AppIntent {
    public static var identifier: String { String(describing: Self.self) }
}

/// An intent a `Toggle` runs: `value` is set to the state the user asked for before `perform`,
/// as WidgetKit's `SetValueIntent`.
public protocol SetValueIntent: AppIntent {
    var value: Bool { get set }
}

/// An intent a button with a prompt runs: `input` is set to the line the user typed, as a
/// tiles addition (WidgetKit's widgets take no text).
public protocol TextInputIntent: AppIntent {
    var input: String { get set }
}

/// What an intent's `perform` knows: the tile it was pressed on and the user's shared store.
public struct IntentContext: Sendable {
    /// The widget's kind.
    public var kind: String
    /// The tile's parameters.
    public var parameters: [String: ParameterValue]
    /// The tile as its provider sees it: family, size class, scheme, and now from the board's clock.
    public var tile: TimelineContext
    /// The store widgets of this user share (the App Group of WidgetKit); nil when the process
    /// has no data directory.
    public var store: SharedStore?

    public init(kind: String, parameters: [String: ParameterValue], tile: TimelineContext, store: SharedStore?) {
        self.kind = kind
        self.parameters = parameters
        self.tile = tile
        self.store = store
    }

    /// Now, from the board's clock.
    public var now: Date { tile.now }
}

/// What a widget answers a press with.
public enum ActionOutcome: Sendable {
    /// Done; ask the provider for a new timeline.
    case reload
    /// Done, and here is the new timeline (a program that answers an action with one).
    case timeline(AnyTimeline)
    /// Sent; the answer comes as the widget's next pushed update (a streaming program's next line).
    case awaitsUpdate
}

/// Why a press did not run.
public struct ActionError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension WidgetAction {
    /// The press of a button that runs `intent`: its identifier and its properties as JSON
    /// (keys sorted, so that equal intents make equal actions).
    ///
    /// Views make their buttons on every render: an intent without stored properties (a
    /// refresh) is `{}` without running an encoder.
    public init<Intent: AppIntent>(intent: Intent) {
        guard MemoryLayout<Intent>.size > 0 else {
            self.init(name: Intent.identifier, value: "{}")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(intent)) ?? Data("{}".utf8)
        self.init(name: Intent.identifier, value: String(decoding: data, as: UTF8.self))
    }
}

extension Link {
    /// This link, running `intent` in the widget as it opens (a feed marks the item read).
    public func onOpen<Intent: AppIntent>(_ intent: Intent) -> Self {
        onOpen(WidgetAction(intent: intent))
    }
}

extension Button {
    /// A button that runs `intent` when pressed, as WidgetKit's `Button(intent:label:)`.
    public init<Intent: AppIntent>(intent: Intent, @ViewBuilder label: () -> Label) {
        self.init(action: WidgetAction(intent: intent), label: label)
    }
}

extension Button {
    /// A button that asks for a line of text with `prompt`, then runs `intent` with it as `input`.
    public init<Intent: TextInputIntent>(intent: Intent, prompt: String, @ViewBuilder label: () -> Label) {
        var action = WidgetAction(intent: intent)
        action.prompt = prompt
        self.init(action: action, label: label)
    }
}

extension Button where Label == Text {
    /// A button titled `title` that runs `intent`.
    public init<S: StringProtocol, Intent: AppIntent>(_ title: S, intent: Intent) {
        self.init(intent: intent) { Text(title) }
    }
}

extension Toggle {
    /// A toggle showing `isOn` whose press runs `intent` with `value` set to the other state,
    /// as WidgetKit's `Toggle(isOn:intent:label:)`.
    public init<Intent: SetValueIntent>(isOn: Bool, intent: Intent, @ViewBuilder label: () -> Label) {
        self.init(isOn: isOn, action: WidgetAction(intent: intent), label: label)
    }
}

extension Toggle where Label == Text {
    /// A toggle titled `title`.
    public init<S: StringProtocol, Intent: SetValueIntent>(_ title: S, isOn: Bool, intent: Intent) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }
}

/// The intents one widget lists, by identifier: decodes a press and performs it.
struct IntentRegistry: Sendable {
    let types: [String: any AppIntent.Type]

    init(_ types: [any AppIntent.Type]) {
        var byName: [String: any AppIntent.Type] = [:]
        for type in types { byName[type.identifier] = type }
        self.types = byName
    }

    var isEmpty: Bool { types.isEmpty }

    func perform(_ action: WidgetAction, in context: IntentContext) async throws {
        guard let type = types[action.name] else {
            throw ActionError("\(context.kind) has no action \"\(action.name)\"")
        }
        try await Self.perform(type, action, in: context)
    }

    private static func perform<Intent: AppIntent>(_ type: Intent.Type, _ action: WidgetAction, in context: IntentContext) async throws {
        var intent: Intent
        do {
            intent = try JSONDecoder().decode(Intent.self, from: Data((action.value ?? "{}").utf8))
        } catch {
            throw ActionError("\(context.kind): the press of \"\(action.name)\" could not be read: \(error)")
        }
        if let isOn = action.isOn, var settable = intent as? any SetValueIntent {
            settable.value = isOn
            if let changed = settable as? Intent { intent = changed }
        }
        if let input = action.input, var settable = intent as? any TextInputIntent {
            settable.input = input
            if let changed = settable as? Intent { intent = changed }
        }
        try await intent.perform(in: context)
    }
}
