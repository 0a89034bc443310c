import Testing
import TestSupport
@testable import TileKit

/// Why a value was refused, in the board's language: the edit form shows these messages.
@Suite struct ParameterLanguageTests {
    let minutes = ParameterDescription(key: "minutes", title: "Minutes", kind: .integer(range: 1...60), defaultValue: .integer(5))

    @Test func inEnglish() {
        #expect(throws: ParameterError.wrongType(parameter: "minutes", expected: "an integer", found: "'soon'")) { try minutes.parse("soon") }
        #expect(ParameterError.outOfRange(parameter: "minutes", value: 90, range: 1...60).description == "parameter 'minutes' must be between 1 and 60, found 90")
    }

    @Test(.language(.simplifiedChinese)) func inChinese() {
        #expect(throws: ParameterError.wrongType(parameter: "minutes", expected: "整数", found: "'soon'")) { try minutes.parse("soon") }
        #expect(ParameterError.outOfRange(parameter: "minutes", value: 90, range: 1...60).description == "参数 'minutes' 应在 1 到 60 之间，实为 90")
        #expect(ParameterError.unknownParameter("minuts", known: ["minutes"]).description == "未知参数 'minuts'（是不是 'minutes'？）；可用：minutes")
    }
}
