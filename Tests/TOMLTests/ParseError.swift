import TOML

/// The error parsing `bytes` ends in; nil when they are a valid document.
func parseError(_ bytes: [UInt8], limits: TOMLLimits = .default) -> TOMLError? {
    do {
        _ = try TOMLDocument.parse(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// `line:column: message` of the error parsing `text` ends in; nil when it is valid.
func parseError(_ text: String, limits: TOMLLimits = .default) -> String? {
    parseError(Array(text.utf8), limits: limits)?.description
}
