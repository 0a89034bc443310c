/// A 64-bit FNV-1a hash as 16 hex digits: stable across runs and processes, for file names
/// derived from keys (Swift's `Hasher` is seeded per process, so it cannot be used for them).
public enum StableHash {
    public static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
