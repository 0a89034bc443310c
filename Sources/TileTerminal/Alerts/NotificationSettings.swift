/// How the user wants to be told of alerts (`[notifications]` in the config).
public struct NotificationSettings: Sendable, Equatable {
    /// Whether desktop notifications go through the terminal (OSC 9 and OSC 777): nil sends them
    /// where the terminal is known to show them.
    public var terminal: Bool?
    /// A program run per alert, `{title}` and `{body}` replaced in its arguments; no shell.
    public var command: [String]?

    public init(terminal: Bool? = nil, command: [String]? = nil) {
        self.terminal = terminal
        self.command = command
    }

    /// Whether notifications go through the terminal described by `environment`.
    func terminalNotifications(_ environment: [String: String]) -> Bool {
        terminal ?? Self.terminalShowsNotifications(environment)
    }

    /// The terminals known to show OSC 9 or OSC 777 notifications, from the environment: kitty,
    /// WezTerm, foot, iTerm2 and Windows Terminal.
    static func terminalShowsNotifications(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        return term.contains("kitty") || term.hasPrefix("foot") || ["WezTerm", "iTerm.app"].contains(program)
            || environment["KITTY_WINDOW_ID"] != nil || environment["WT_SESSION"] != nil
    }
}
