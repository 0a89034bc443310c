import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes `JSONValue`s as compact JSON text, object members in their stored order, so the same
/// value always gives the same bytes.
enum JSONWriter {
    static func write(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let string): writeString(string, into: &output)
        case .array(let values):
            output += "["
            for (index, element) in values.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, into: &output)
                output += ":"
                write(member.value, into: &output)
            }
            output += "}"
        }
    }

    /// Whole numbers without a fraction or exponent (`1`, `10000000000000000`, not `1.0` or
    /// `1e+16`: a program reads an integer parameter as one); others as Swift prints them.
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 9.2e18 { return String(Int64(number)) }
        return String(number)
    }

    private static func writeString(_ string: String, into output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue {
    /// The value as compact JSON text in UTF-8.
    public var jsonData: Data { Data(jsonText.utf8) }

    /// The value as compact JSON text.
    public var jsonText: String {
        var output = ""
        JSONWriter.write(self, into: &output)
        return output
    }
}
