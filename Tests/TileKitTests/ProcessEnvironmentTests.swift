import Foundation
import Testing
import TileKit

@Suite struct ProcessEnvironmentTests {
    @Test func isFoundationsEnvironment() {
        // Values with "=" in them, empty ones, CJK and invalid UTF-8 (repaired the same way).
        setenv("TILES_TEST_ENVIRONMENT_EQUALS", "a=b==c", 1)
        setenv("TILES_TEST_ENVIRONMENT_EMPTY", "", 1)
        setenv("TILES_TEST_ENVIRONMENT_CJK", "北京 🧑🏽‍💻", 1)
        let invalid: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28, CChar(bitPattern: 0xFF), 0]
        invalid.withUnsafeBufferPointer { _ = setenv("TILES_TEST_ENVIRONMENT_INVALID", $0.baseAddress!, 1) }
        let environment = ProcessEnvironment.current()
        #expect(environment == ProcessInfo.processInfo.environment)
        #expect(environment["TILES_TEST_ENVIRONMENT_EQUALS"] == "a=b==c")
        #expect(environment["TILES_TEST_ENVIRONMENT_EMPTY"] == "")
        #expect(environment["TILES_TEST_ENVIRONMENT_CJK"] == "北京 🧑🏽‍💻")
        #expect(environment["TILES_TEST_ENVIRONMENT_INVALID"] == "a\u{FFFD}(\u{FFFD}")
    }
}
