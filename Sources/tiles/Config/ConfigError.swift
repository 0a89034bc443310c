/// A mistake in a config file: where it is and what is wrong. Printed as
/// `tiles: <file>:<line>:<column>: <message>`, exit status 2.
struct ConfigError: Error, CustomStringConvertible {
    var file: String
    var line: Int?
    var column: Int?
    /// Names the key, what was expected and what was found.
    var message: String

    var description: String {
        guard let line, let column else { return "\(file): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// The error as the command line reports it.
    var usageError: UsageError { UsageError(message: description) }
}
