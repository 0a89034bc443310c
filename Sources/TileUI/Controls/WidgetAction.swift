import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// What a control asks its widget to do when the user presses it: an intent by name with its
/// arguments, as WidgetKit sends an `AppIntent` to the widget's extension (docs/design.md,
/// "Actions").
///
/// `name` and `value` say which action; a program receives them as they are, a Swift widget
/// decodes `value` into the intent named `name`. `isOn` is set for a toggle only: the state the
/// user asked for. A button with a `prompt` asks the user for a line of text first, which the
/// press carries as `input` (a tiles addition: an add-item button).
public struct WidgetAction: Hashable, Sendable {
    /// The program's action name, or the Swift intent's identifier.
    public var name: String
    /// The action's arguments as compact JSON text (a Swift intent's stored properties), nil for none.
    public var value: String?
    /// For a toggle, the state a press asks for; nil for a button.
    public var isOn: Bool?
    /// The question a press asks before it runs (`New item`); nil runs at once.
    public var prompt: String?
    /// The line the user typed at the prompt.
    public var input: String?

    public init(name: String, value: String? = nil, isOn: Bool? = nil, prompt: String? = nil, input: String? = nil) {
        self.name = name
        self.value = value
        self.isOn = isOn
        self.prompt = prompt
        self.input = input
    }

    /// The action without what one press adds (a toggle's state, typed input): what a pending
    /// press and the control it came from share.
    public var control: WidgetAction { WidgetAction(name: name, value: value, prompt: prompt) }
}

/// Where a tap on a cell goes: a link opens outside tiles, an action runs in the widget.
public enum TapTarget: Hashable, Sendable {
    case link(URL)
    case action(WidgetAction)
    /// A link whose opening also runs an action in the widget (`Link.onOpen`: a feed item is
    /// marked read as it opens). It is a link everywhere else: hints, OSC 8, the status line.
    case linkOpening(URL, then: WidgetAction)

    /// The destination when the target is a link.
    public var url: URL? {
        switch self {
        case .link(let url), .linkOpening(let url, _): url
        case .action: nil
        }
    }

    /// The action when the target is a control.
    public var action: WidgetAction? {
        if case .action(let action) = self { return action }
        return nil
    }

    /// The schemes a link may open outside tiles; `tiles:` URLs are tiles' own, anything else is refused.
    public static let openableSchemes: Set<String> = ["http", "https", "mailto"]

    /// The text a `tiles:copy?text=…` link puts on the clipboard, decoded; nil for another URL
    /// or one without `text=`.
    public static func copiedText(of url: URL) -> String? {
        // An opaque URL: its action and query follow the scheme's colon.
        guard url.scheme?.lowercased() == "tiles" else { return nil }
        let rest = url.absoluteString.dropFirst("tiles:".count)
        guard rest.prefix(while: { $0 != "?" }) == "copy" else { return nil }
        let query = rest.drop { $0 != "?" }.dropFirst()
        return query.split(separator: "&").lazy.compactMap { item -> String? in
            guard item.hasPrefix("text=") else { return nil }
            return PercentEncoding.decode(String(item.dropFirst("text=".count)).replacing("+", with: " "))
        }.first
    }
}

/// The presses of a tile's controls that are still running or whose reload has not landed: a
/// toggle shows the state asked for (optimistic, as WidgetKit's), and `invalidatableContent()`
/// shows that it waits.
public struct PendingActions: Hashable, Sendable {
    public private(set) var actions: [WidgetAction]

    public init(_ actions: [WidgetAction] = []) {
        self.actions = actions
    }

    public var isEmpty: Bool { actions.isEmpty }

    /// The state a pending press asked of the toggle that runs `control`, nil when none is pending.
    public func requestedState(of control: WidgetAction) -> Bool? {
        actions.last { $0.control == control.control }?.isOn
    }
}

private struct PendingActionsKey: EnvironmentKey {
    static let defaultValue = PendingActions()
}

extension EnvironmentValues {
    /// The tile's presses whose result it does not show yet; set by the board.
    public var pendingActions: PendingActions {
        get { self[PendingActionsKey.self] }
        set { self[PendingActionsKey.self] = newValue }
    }
}
