import Foundation
import Synchronization
import Testing
@testable import TileKit

/// The socket running boards listen on for `tiles reload` and `tiles store set`.
@Suite struct BoardChannelTests {
    @Test func testRequestsReachEveryListeningBoardThroughOwnerOnlySockets() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(directory.path == runtime.appendingPathComponent("tiles").path)
        let received = Received<BoardChannel.Request>()
        let channel = try BoardChannel(directory: directory) { request, _ in received.append(request) }
        defer { channel.close() }
        let attributes = try FileManager.default.attributesOfItem(atPath: channel.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)

        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory) == 1)
        #expect(BoardChannel.send(.reload(kind: nil), directory: directory) == 1)
        #expect(BoardChannel.send(.storeChanged(key: "alipay.city"), directory: directory) == 1)
        // The channel's thread takes each request after `send` returns: on a busy machine, later.
        let deadline = Date().addingTimeInterval(5)
        while received.values.count < 3, Date() < deadline { usleep(10_000) }
        #expect(received.values == [.reload(kind: "commit"), .reload(kind: nil), .storeChanged(key: "alipay.city")])
    }

    @Test func testEachRequestCarriesTheMomentItWasSent() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let received = Received<Date>()
        let channel = try BoardChannel(directory: directory) { _, sentAt in received.append(sentAt) }
        defer { channel.close() }
        let sent = Date(timeIntervalSince1970: 1_714_543_200.25)
        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory, at: sent) == 1)
        let deadline = Date().addingTimeInterval(5)
        while received.values.isEmpty, Date() < deadline { usleep(10_000) }
        #expect(received.values == [sent])
        // A line without a stamp (an older sender) still works, dated when it arrives.
        #expect(BoardChannel.parse("reload commit")! == (.reload(kind: "commit"), nil))
        #expect(BoardChannel.parse("@1714543200.5 store alipay.my city")! == (.storeChanged(key: "alipay.my city"), Date(timeIntervalSince1970: 1_714_543_200.5)))
        #expect(BoardChannel.parse("@soon reload") == nil)
    }

    @Test func testAClosedBoardIsNotCountedAndItsSocketIsGone() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let channel = try BoardChannel(directory: directory) { _, _ in }
        channel.close()
        #expect(!FileManager.default.fileExists(atPath: channel.path))
        #expect(BoardChannel.send(.reload(kind: nil), directory: directory) == 0)
    }
}

/// What a channel's handler received, shared by reference with the test (a class, so that the
/// handler's thread and the test can only ever see one list).
private final class Received<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        list.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
