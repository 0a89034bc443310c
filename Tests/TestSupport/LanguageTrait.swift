import Testing
import TileKit

/// Runs each test of a suite, or one test, in `language` whatever the process speaks:
/// `@Suite(.language(.simplifiedChinese))` for the seeds in their own words.
public struct LanguageTrait: TestTrait, SuiteTrait, TestScoping {
    public let language: Language

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Localization.$scoped.withValue(language) { try await function() }
    }
}

extension Trait where Self == LanguageTrait {
    /// Runs in `language` (`Localization.scoped`).
    public static func language(_ language: Language) -> LanguageTrait { LanguageTrait(language: language) }
}
