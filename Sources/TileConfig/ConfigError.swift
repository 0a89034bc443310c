/// A mistake in a config file: where it is and what is wrong. Printed as
/// `tiles: <file>:<line>:<column>: <message>`, exit status 2.
public struct ConfigError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// Names the key, what was expected and what was found.
    public var message: String

    public var description: String {
        guard let line, let column else { return "\(file): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }
}
