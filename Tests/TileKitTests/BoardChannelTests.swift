import Foundation
import Synchronization
import Testing
import TileKit

/// The socket running boards listen on for `tiles reload` and `tiles store set`.
@Suite struct BoardChannelTests {
    @Test func testRequestsReachEveryListeningBoardThroughOwnerOnlySockets() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(directory.path == runtime.appendingPathComponent("tiles").path)
        let received = Mutex<[BoardChannel.Request]>([])
        let channel = try BoardChannel(directory: directory) { request in received.withLock { $0.append(request) } }
        defer { channel.close() }
        let attributes = try FileManager.default.attributesOfItem(atPath: channel.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)

        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory) == 1)
        #expect(BoardChannel.send(.reload(kind: nil), directory: directory) == 1)
        #expect(BoardChannel.send(.storeChanged(key: "alipay.city"), directory: directory) == 1)
        #expect(received.withLock { $0 } == [.reload(kind: "commit"), .reload(kind: nil), .storeChanged(key: "alipay.city")])
    }

    @Test func testAClosedBoardIsNotCountedAndItsSocketIsGone() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let channel = try BoardChannel(directory: directory) { _ in }
        channel.close()
        #expect(!FileManager.default.fileExists(atPath: channel.path))
        #expect(BoardChannel.send(.reload(kind: nil), directory: directory) == 0)
    }
}
