extension StringProtocol {
    /// The text without the spaces and tabs around it: what `trimmingCharacters(in: .whitespaces)`
    /// gives (general category Zs, U+0009 and U+200B; newlines kept), without Foundation's NSString path,
    /// whose first use cost the board a millisecond of its start (docs/performance.md).
    public func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTrimmedSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isTrimmedSpace })!
        // By scalars, as Foundation trims: a mark after a space is kept though the two are one grapheme.
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
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
}
