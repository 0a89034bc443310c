extension Substring {
    /// The text without the spaces and tabs around it: what `trimmingCharacters(in: .whitespaces)`
    /// gives (general category Zs, U+0009 and U+200B; newlines kept), without Foundation's NSString path,
    /// whose first use cost the board a millisecond of its start (docs/performance.md). On
    /// `Substring` and `String` rather than `StringProtocol`: a generic method runs unspecialized
    /// from other modules, and its first call instantiated type metadata.
    public func trimmingSpaces() -> String {
        trimming { $0.isTrimmedSpace }
    }

    /// The text without the spaces, tabs and line breaks around it: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives.
    public func trimmingSpacesAndNewlines() -> String {
        trimming { $0.isTrimmedSpace || $0.isTrimmedNewline }
    }

    private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        // By scalars, as Foundation trims: a mark after a space is kept though the two are one grapheme.
        return String(scalars[first...last])
    }
}

extension String {
    /// The text without the spaces and tabs around it (`Substring.trimmingSpaces()`).
    public func trimmingSpaces() -> String {
        self[...].trimmingSpaces()
    }

    /// The text without the spaces, tabs and line breaks around it
    /// (`Substring.trimmingSpacesAndNewlines()`).
    public func trimmingSpacesAndNewlines() -> String {
        self[...].trimmingSpacesAndNewlines()
    }
}

extension Unicode.Scalar {
    /// A member of Foundation's `CharacterSet.whitespaces`.
    fileprivate var isTrimmedSpace: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// A member of Foundation's `CharacterSet.newlines`.
    fileprivate var isTrimmedNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
