import Foundation
import Glibc
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
        let server = ChannelServer(channel)
        defer { server.stop() }
        let attributes = try FileManager.default.attributesOfItem(atPath: channel.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)

        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory) == 1)
        #expect(BoardChannel.send(.reload(kind: nil), directory: directory) == 1)
        #expect(BoardChannel.send(.storeChanged(key: "alipay.city"), directory: directory) == 1)
        // The server takes each request before answering, so nothing is late.
        #expect(received.values == [.reload(kind: "commit"), .reload(kind: nil), .storeChanged(key: "alipay.city")])
    }

    @Test func testEachRequestCarriesTheMomentItWasSent() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let received = Received<Date>()
        let channel = try BoardChannel(directory: directory) { _, sentAt in received.append(sentAt) }
        defer { channel.close() }
        let server = ChannelServer(channel)
        defer { server.stop() }
        let sent = Date(timeIntervalSince1970: 1_714_543_200.25)
        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory, at: sent) == 1)
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

    @Test func testASenderThatSaysNothingIsDroppedAndTheNextIsAnswered() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let received = Received<BoardChannel.Request>()
        let channel = try BoardChannel(directory: directory) { request, _ in received.append(request) }
        defer { channel.close() }
        // Nobody waiting: accepting returns at once instead of blocking the board's loop.
        channel.acceptPending()
        // A silent sender connects first; the board gives up on it and answers the next one.
        let silent = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(silent) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(channel.path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(silent, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(connected == 0)
        let server = ChannelServer(channel)
        defer { server.stop() }
        let started = Date()
        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory) == 1)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(received.values == [.reload(kind: "commit")])
    }
}

/// Serves a channel the way a board's event loop does: polls its descriptor and accepts what
/// waits, on a thread of its own so that the test can send meanwhile.
private final class ChannelServer: Sendable {
    private let channel: BoardChannel
    private let stopped = Atomic(false)
    private let finished = Atomic(false)

    init(_ channel: BoardChannel) {
        self.channel = channel
        Thread.detachNewThread { [self] in
            while !stopped.load(ordering: .acquiring) {
                var entry = pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, 20) > 0 { channel.acceptPending() }
            }
            finished.store(true, ordering: .releasing)
        }
    }

    /// Stops serving and waits for the thread to be done with the descriptor.
    func stop() {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { usleep(1000) }
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
