import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Copying to the user's clipboard through the terminal (OSC 52), which works over SSH too.
///
/// Write the sequence with `Terminal.write(rawSequence:)`. The terminal decides whether to obey:
/// xterm needs `allowWindowOps`, some terminals cap the length (about 100 KB). Inside tmux the
/// sequence reaches tmux, which keeps it as a paste buffer and forwards it to the outer terminal
/// only with `set -g set-clipboard on`; its default, `external`, ignores applications' copies.
public enum Clipboard {
    /// `ESC ] 52 ; c ; <base64 of text> BEL`: sets the clipboard selection to `text`.
    public static func osc52Sequence(copying text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
