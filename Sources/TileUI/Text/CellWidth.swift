// Temporary stand-in until the width helper delivers.
extension Character {
    public var terminalNormalized: Character { self }
    public var cellWidth: Int {
        guard let s = unicodeScalars.first else { return 0 }
        if s.value < 0x20 { return 0 }
        if s.value >= 0x1100 && (s.properties.isEmojiPresentation || (0x2E80...0xFFEF).contains(s.value)) { return 2 }
        return 1
    }
}
extension StringProtocol { public var cellWidth: Int { reduce(0) { $0 + $1.cellWidth } } }
