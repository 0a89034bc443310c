import Glibc
import Testing
@testable import TileTerminal

@Suite struct OutputCounterTests {
    @Test func countsTheBytesThisThreadWrites() throws {
        let counter = OutputCounter()
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let before = try #require(counter.bytesWrittenByThread())
        let bytes = [UInt8](repeating: 0x41, count: 1_234)
        #expect(write(descriptor, bytes, bytes.count) == 1_234)
        let after = try #require(counter.bytesWrittenByThread())
        #expect(after - before == 1_234)
    }

    @Test func readsWcharFromTheFilesLines() {
        func wchar(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { OutputCounter.wchar(in: $0) }
        }
        #expect(wchar("rchar: 10\nwchar: 4711\nsyscr: 3\n") == 4711)
        #expect(wchar("wchar:\t12") == 12)
        #expect(wchar("rchar: 10\nsyscw: 3\n") == nil)
        #expect(wchar("xwchar: 5\n") == nil)
        #expect(wchar("wchar: \n") == nil)
        #expect(wchar("") == nil)
        #expect(wchar("wchar: 123456789012345678901234") == 123_456_789_012_345_678)
    }
}
