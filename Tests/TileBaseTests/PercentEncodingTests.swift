import Foundation
import Testing
@testable import TileBase

/// The byte-level percent-encoder gives Foundation's text for the two sets the widgets use.
@Suite struct PercentEncodingTests {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    static let path = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#"))

    static func expectSameAsFoundation(_ text: String) {
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
            == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text.debugDescription)")
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.isPathAllowed)
            == text.addingPercentEncoding(withAllowedCharacters: path), "\(text.debugDescription)")
    }

    @Test func everyASCIICharacterIsEncodedAsFoundationDoes() {
        for value in UInt8(0)...UInt8(127) {
            Self.expectSameAsFoundation(String(UnicodeScalar(value)))
        }
        Self.expectSameAsFoundation("a&b=c #1 +2?")
    }

    @Test func mixedTextIsEncodedAsFoundationDoes() {
        // Every string of up to three of these: ASCII of each kind, CJK, an emoji, a joiner.
        let pool: [String] = ["a", "Z", "0", "%", "/", "?", "#", " ", "é", "测", "试", "😀", "\u{200D}", "\u{7F}", "\u{0}", "~", "@"]
        for first in pool {
            for second in pool {
                for third in pool {
                    Self.expectSameAsFoundation(first + second + third)
                }
            }
        }
    }

    @Test func fileNamesKeepOnlyASCIILettersDigitsHyphenAndUnderscore() {
        for byte in UInt8.min...UInt8.max {
            let scalar = Unicode.Scalar(byte)
            let kept = byte < 0x80 && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            #expect(PercentEncoding.isFileNameLiteral(byte) == kept, "\(byte)")
        }
        #expect(PercentEncoding.encode("../stack#1.~", keeping: PercentEncoding.isFileNameLiteral) == "%2E%2E%2Fstack%231%2E%7E")
    }

    @Test func decodingGivesFoundationsTextAndRefusesWhatItRefuses() {
        let samples = ["", "plain", "a%20b", "%E4%B8%8A%E6%B5%B7", "100%25", "%41%42c", "%e4%b8%8a", "a+b", "%", "%4", "%zz", "%FF", "%C3%28"]
        for sample in samples {
            #expect(PercentEncoding.decode(sample) == sample.removingPercentEncoding, "\(sample)")
        }
        #expect(PercentEncoding.decode("p%3Ass") == "p:ss")
        #expect(PercentEncoding.decode("%FF") == nil, "not UTF-8")
    }
}
