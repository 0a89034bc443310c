/// Keys and strings as a TOML file writes them, for tools that edit a file in place.
public enum TOMLWriting {
    /// `key` bare when TOML allows it (ASCII letters, digits, `_` and `-`), else as a basic string.
    public static func key(_ key: String) -> String {
        let isBare = !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
        }
        return isBare ? key : basicString(key)
    }

    /// `text` as a TOML basic string: quotes, backslashes and control characters escaped, every
    /// other character as it is.
    public static func basicString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
