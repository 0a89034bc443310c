/// One part of a key (`b` in `a.b.c`) as written.
struct KeyPart {
    var name: String
    var position: TOMLPosition
    var range: Range<Int>

    /// `name` as a message writes it: bare when TOML allows it, else quoted; shortened.
    static func display(_ name: String) -> String {
        let isBare = !name.isEmpty && name.utf8.allSatisfy(isBareKeyByte)
        return isBare ? TOMLError.shown(name) : "\"" + TOMLError.shown(name) + "\""
    }

    /// A dotted path as a message writes it, shortened as a whole.
    static func display(_ path: [String]) -> String {
        TOMLError.shown(path.map(display).joined(separator: "."))
    }

    /// A–Z, a–z, 0–9, `_` and `-`: what a bare key is made of in TOML 1.0.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
