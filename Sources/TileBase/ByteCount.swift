/// A size in bytes as people read it: powers of 1024 (`B`, `KiB`, `MiB`…), with one digit after
/// the point until the number has three digits. The one formatter of sizes in tiles.
public enum ByteCount {
    public static func text(_ bytes: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
        var value = abs(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        let number = value >= 100 || unit == 0 ? "\(Int(value.rounded()))" : "\(tenths / 10).\(tenths % 10)"
        return (bytes < 0 ? "-" : "") + number + " " + units[unit]
    }
}
