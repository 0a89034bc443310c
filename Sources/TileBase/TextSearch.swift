extension String {
    /// Whether `needle` occurs in the string, byte for byte in UTF-8. For the plain ASCII
    /// markers tiles looks for ("$<", "/", "256color") this is `contains(_:)`; but with Foundation
    /// imported, `contains(_:)` is Foundation's, which goes through `NSString` and CoreFoundation's
    /// character tables, code and data the board otherwise never maps (docs/performance.md).
    public func contains(utf8 needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard !needle.isEmpty else { return true }
                guard needle.count <= haystack.count else { return false }
                let first = needle[0]
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
                }
                return false
            }
        }
    }
}
