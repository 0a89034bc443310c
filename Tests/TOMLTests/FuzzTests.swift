import TOML
import TestSupport
import Testing

/// Random mutations of real config and theme files, for a fixed time: every case must end in a
/// document or a `TOMLError` with a position inside the text. The generator is seeded, so a
/// failing case is reproduced by its number.
@Suite struct FuzzTests {
    /// How long the mutation loop runs; the extreme cases come on top.
    static let budget = Duration.milliseconds(2000)

    /// A parse that ends well: a document, or an error inside the text with a short message.
    static func check(_ bytes: [UInt8]) -> String? {
        do {
            _ = try TOMLDocument.parse(bytes)
            return nil
        } catch {
            let lines = bytes.prefix(TOMLLimits.default.maxBytes + 1).count { $0 == UInt8(ascii: "\n") } + 1
            guard error.line >= 1, error.line <= lines, error.column >= 1, !error.message.isEmpty, error.description.count < 400 else {
                return "bad error \(error.description.prefix(400))"
            }
            return nil
        }
    }

    @Test func extremeInputsEndInAShortError() {
        for (name, bytes) in TOMLMutator.extremes {
            #expect(Self.check(bytes) == nil, "\(name)")
            #expect(throws: TOMLError.self, "\(name)") { try TOMLDocument.parse(bytes) }
        }
    }

    @Test func mutatedConfigsAndThemesEndInADocumentOrAnError() throws {
        let samples = try TOMLMutator.samples()
        #expect(samples.count == 4)
        var mutator = TOMLMutator(seed: 0x7469_6C65_73)
        let clock = ContinuousClock()
        let start = clock.now
        var cases = 0
        var failures: [String] = []
        while clock.now - start < Self.budget {
            let mutated = mutator.mutate(samples[cases % samples.count].bytes)
            if let failure = Self.check(mutated) { failures.append("case \(cases): \(failure)") }
            cases += 1
        }
        print("FuzzTests: \(cases) mutated documents in \(clock.now - start)")
        #expect(cases > 100)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
