/// TOML's integers (decimal, `0x`, `0o`, `0b`) and floats, checked digit by digit: underscores
/// only between digits, no leading zeros, signs only on decimals, 64-bit range.
enum NumberGrammar {
    /// The number `token` spells; nil when it spells none.
    static func parse(_ token: ArraySlice<UInt8>) -> TOMLValue.Kind? {
        var body = token
        let sign = body.first.flatMap { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") ? $0 : nil }
        if sign != nil { body = body.dropFirst() }
        if body.count > 2, body.first == UInt8(ascii: "0") {
            let radix: Int? = switch body[body.startIndex + 1] {
            case UInt8(ascii: "x"): 16
            case UInt8(ascii: "o"): 8
            case UInt8(ascii: "b"): 2
            default: nil
            }
            if let radix {
                guard sign == nil, let digits = digits(body.dropFirst(2), radix: radix) else { return nil }
                return Int64(digits, radix: radix).map { .integer($0) }
            }
        }
        let signText = sign == UInt8(ascii: "-") ? "-" : ""
        // Integer part, then an optional fraction and an optional exponent.
        let fractionStart = body.firstIndex(of: UInt8(ascii: "."))
        let exponentStart = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let integerEnd = fractionStart ?? exponentStart ?? body.endIndex
        guard let integer = digits(body[body.startIndex..<integerEnd], radix: 10),
              integer.count == 1 || integer.first != "0" else { return nil }
        if fractionStart == nil && exponentStart == nil {
            return Int64(signText + integer).map { .integer($0) }
        }
        var text = signText + integer
        if let fractionStart {
            let fractionEnd = exponentStart ?? body.endIndex
            guard fractionStart < fractionEnd, let fraction = digits(body[(fractionStart + 1)..<fractionEnd], radix: 10) else { return nil }
            text += "." + fraction
        }
        if let exponentStart {
            var exponent = body[(exponentStart + 1)...]
            var exponentSign = ""
            if let first = exponent.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                exponentSign = first == UInt8(ascii: "-") ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard let digits = digits(exponent, radix: 10) else { return nil }
            text += "e" + exponentSign + digits
        }
        return Double(text).map { .float($0) }
    }

    /// `bytes` without underscores when they are one or more digits of `radix` with each
    /// underscore between two digits; nil otherwise.
    private static func digits(_ bytes: ArraySlice<UInt8>, radix: Int) -> String? {
        var result = ""
        var previousWasDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            guard let value = Parser.hexDigit(byte), Int(value) < radix else { return nil }
            result.unicodeScalars.append(Unicode.Scalar(byte))
            previousWasDigit = true
        }
        return previousWasDigit ? result : nil
    }

    /// Why `token`, which looks like a number, is not one: for the error message.
    static func hint(_ token: ArraySlice<UInt8>) -> String {
        let text = String(decoding: token, as: UTF8.self)
        let digits = text.drop { $0 == "+" || $0 == "-" }
        if digits.count > 1, digits.first == "0", let second = digits.dropFirst().first, second.isNumber {
            return "; leading zeros are not allowed"
        }
        if text.contains("__") || text.hasPrefix("_") || text.hasSuffix("_") || text.contains("_.") || text.contains("._") {
            return "; an underscore must sit between two digits"
        }
        if text.hasPrefix("+0x") || text.hasPrefix("-0x") || text.hasPrefix("+0o") || text.hasPrefix("-0o") || text.hasPrefix("+0b") || text.hasPrefix("-0b") {
            return "; hexadecimal, octal and binary integers have no sign"
        }
        if NumberGrammar.isInRange(text) == false {
            return "; integers are 64-bit, from -9223372036854775808 to 9223372036854775807"
        }
        return ""
    }

    /// False for a well-formed integer outside the 64-bit range.
    private static func isInRange(_ text: String) -> Bool {
        let cleaned = text.filter { $0 != "_" }
        guard cleaned.drop(while: { $0 == "+" || $0 == "-" }).allSatisfy(\.isNumber) else { return true }
        return Int64(cleaned) != nil
    }
}
