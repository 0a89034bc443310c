import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Where the command line prints. Everything printed may hold user or remote data (a stored
/// value, a file name, a service's message), so control characters are escaped on the way out
/// (`\u001b`): printing must never send the terminal an escape sequence.
enum Console {
    /// Prints `text` and `terminator` to stdout; line breaks inside `text` stay line breaks.
    static func print(_ text: String, terminator: String = "\n") {
        Swift.print(text.escapingControlCharacters(keepingNewlines: true), terminator: terminator)
    }

    /// Writes `text` and a newline to stderr; line breaks inside `text` stay line breaks.
    static func printError(_ text: String) {
        DescriptorWriting.standardError(text.escapingControlCharacters(keepingNewlines: true) + "\n")
    }
}
