/// How far a live activity has got, as its command printed it: `42%` or `3/7`.
public struct ActivityProgress: Codable, Hashable, Sendable {
    /// Done so far, between 0 and 1.
    public var fraction: Double
    /// The progress as the command wrote it (`42%`, `3/7`).
    public var text: String

    public init(fraction: Double, text: String) {
        self.fraction = min(1, max(0, fraction))
        self.text = text
    }

    /// The last progress in `line`: a percentage from 0 to 100 (`42%`, `12.5%`) or a count of a
    /// total (`3/7`, the count no larger than the total), standing on its own (not part of a
    /// longer number, a date like `2026/11/28` or a path). Nil when there is none.
    public static func find(in line: String) -> ActivityProgress? {
        let scalars = Array(line.unicodeScalars)
        var found: ActivityProgress?
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]), index == 0 || !joinsNumber(scalars[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, isDigit(scalars[end]) { end += 1 }
            var numberEnd = end
            if numberEnd + 1 < scalars.count, scalars[numberEnd] == ".", isDigit(scalars[numberEnd + 1]) {
                numberEnd += 1
                while numberEnd < scalars.count, isDigit(scalars[numberEnd]) { numberEnd += 1 }
            }
            let number = String(String.UnicodeScalarView(scalars[index..<numberEnd]))
            if numberEnd < scalars.count, scalars[numberEnd] == "%", let percent = Double(number), percent <= 100 {
                found = ActivityProgress(fraction: percent / 100, text: number + "%")
                index = numberEnd + 1
                continue
            }
            if numberEnd == end, end + 1 < scalars.count, scalars[end] == "/", isDigit(scalars[end + 1]) {
                var totalEnd = end + 1
                while totalEnd < scalars.count, isDigit(scalars[totalEnd]) { totalEnd += 1 }
                let ends = totalEnd == scalars.count || !joinsNumber(scalars[totalEnd]) && scalars[totalEnd] != "%"
                let total = String(String.UnicodeScalarView(scalars[(end + 1)..<totalEnd]))
                if ends, let done = Int(number), let whole = Int(total), whole > 0, done <= whole {
                    found = ActivityProgress(fraction: Double(done) / Double(whole), text: "\(done)/\(whole)")
                }
                index = totalEnd
                continue
            }
            index = numberEnd
        }
        return found
    }

    /// A progress given on the command line (`--progress 42%` or `3/7`); nil when it is neither.
    public init?(argument: String) {
        guard let progress = Self.find(in: argument), progress.text == argument else { return nil }
        self = progress
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Characters that make a number part of something longer: `v1.2`, `a/3`, `x42`.
    private static func joinsNumber(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || scalar == "/" || scalar == "." || scalar == "_" || scalar == "-"
            || (scalar.properties.isAlphabetic && scalar.isASCII)
    }
}
