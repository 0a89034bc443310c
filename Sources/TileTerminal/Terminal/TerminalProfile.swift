/// What a terminfo entry offers, as far as tiles cares.
struct TerminfoEntry: Equatable, Sendable {
    /// Whether the entry can address the cursor (`cup`); `dumb` cannot.
    var canAddressCursor: Bool
    /// The entry's `colors` capability (-1 when absent).
    var colors: Int
    /// Whether the entry gives a screen size (`lines` and `cols`): ncurses then sizes its own
    /// screens from it rather than from the terminal (`Terminal`).
    var hasSize = true
}

/// The terminfo entry to start ncurses with, chosen from the environment before ncurses runs.
///
/// Pure: the terminfo lookup is injected, so the choice is testable without a terminal.
struct TerminalProfile: Equatable, Sendable {
    /// `TERM` as the user set it.
    var term: String
    /// The entry to load: `term`, or its direct-colour sibling when RGB was asked for.
    var terminfoName: String
    /// False when `NO_COLOR` is set: attributes only.
    var colorEnabled: Bool

    /// Chooses the entry for `environment`. With `COLORTERM=truecolor|24bit` (and no `NO_COLOR`)
    /// a direct-colour entry of the same family is preferred (`tmux-256color` → `tmux-direct`),
    /// then `xterm-direct`; otherwise `TERM` itself.
    static func select(
        environment: [String: String], lookup: (String) -> TerminfoEntry?
    ) throws(TerminalError) -> TerminalProfile {
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        guard let entry = lookup(term) else { throw .unknownTerminal(term) }
        guard entry.canAddressCursor else { throw .dumbTerminal(term) }
        let colorEnabled = environment["NO_COLOR"] == nil
        var profile = TerminalProfile(term: term, terminfoName: term, colorEnabled: colorEnabled)
        let colorTerm = environment["COLORTERM"]?.lowercased()
        guard colorEnabled, colorTerm == "truecolor" || colorTerm == "24bit", entry.colors < 1 << 24 else {
            return profile
        }
        for candidate in directColorCandidates(for: term) {
            if let direct = lookup(candidate), direct.canAddressCursor, direct.colors >= 1 << 24 {
                profile.terminfoName = candidate
                break
            }
        }
        return profile
    }

    /// `<family>-direct` (the part of TERM before the first "-"), then `xterm-direct`.
    static func directColorCandidates(for term: String) -> [String] {
        let family = term.split(separator: "-", maxSplits: 1).first.map(String.init) ?? term
        let sibling = family + "-direct"
        return sibling == "xterm-direct" ? [sibling] : [sibling, "xterm-direct"]
    }
}
