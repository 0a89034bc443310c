import Glibc
import Testing
import TileKit

/// `DescriptorWriting.writeAll`: everything written, or the error that stopped it.
@Suite struct DescriptorWritingTests {
    @Test func writesEveryByteThroughShortWrites() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // 200 KiB is more than a pipe holds (64 KiB), so the writer's writes come back short while
        // a reader on another thread empties it.
        let bytes = (0..<200 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = ends[1]
        let result = Task.detached { () -> Int32 in
            defer { close(writer) }
            return bytes.withUnsafeBytes { DescriptorWriting.writeAll($0, to: writer) }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(await result.value == 0)
        #expect(received == bytes)
    }

    @Test func reportsTheErrorOfAFailedWrite() {
        let bytes: [UInt8] = Array("x".utf8)
        let status = bytes.withUnsafeBytes { DescriptorWriting.writeAll($0, to: -1) }
        #expect(status == EBADF)
        #expect(bytes.withUnsafeBytes { DescriptorWriting.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<0]), to: -1) } == 0,
                "nothing to write is no write at all")
    }
}
