import Foundation
import Glibc
import Synchronization
import Testing
import TileBase
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
        // A silent sender connects first; the board gives up on it and answers the next one.
        let silent = try #require(Self.connect(to: channel))
        defer { Glibc.close(silent) }
        let server = ChannelServer(channel)
        defer { server.stop() }
        let started = Date()
        #expect(BoardChannel.send(.reload(kind: "commit"), directory: directory) == 1)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(received.values == [.reload(kind: "commit")])
    }
}

extension BoardChannelTests {
    /// A sender's socket connected to `channel`, saying nothing yet; nil when it cannot connect.
    static func connect(to channel: BoardChannel) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(channel.path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, connected == 0 else {
            if descriptor >= 0 { Glibc.close(descriptor) }
            return nil
        }
        return descriptor
    }

    /// Issue 48, item 8: a sender that sends a byte every 150 ms held the board for as long as it
    /// kept on (the timeout was per read). Now it is read as it comes, and dropped 200 ms in.
    @Test func aSenderTricklingBytesNeitherHoldsTheBoardNorOutlivesItsDeadline() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let directory = try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let received = Received<BoardChannel.Request>()
        let channel = try BoardChannel(directory: directory) { request, _ in received.append(request) }
        defer { channel.close() }
        let server = ChannelServer(channel)
        defer { server.stop() }
        let trickler = try #require(Self.connect(to: channel))
        defer { Glibc.close(trickler) }
        Thread.detachNewThread {
            for byte in Array("reload commit".utf8) {
                var byte = byte
                guard Glibc.send(trickler, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                usleep(150_000)
            }
        }
        usleep(50_000)
        let started = Date()
        #expect(BoardChannel.send(.reload(kind: "qqsync"), directory: directory) == 1, "another sender is answered meanwhile")
        #expect(Date().timeIntervalSince(started) < 0.4)
        // The board lets the trickler go once its 200 ms are up: its end reads as closed.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(trickler, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        #expect(Glibc.read(trickler, &byte, 1) == 0, "dropped, not answered")
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(received.values == [.reload(kind: "qqsync")], "the half-sent request is not taken")
    }
}

/// Serves a channel the way a board does: on a reactor, here one with a thread of its own so
/// that the test can send meanwhile.
private final class ChannelServer: Sendable {
    private let channel: BoardChannel
    private let reactor = Reactor(name: "test.channel", startsThreadWithFirstJob: true)

    init(_ channel: BoardChannel) {
        self.channel = channel
        reactor.execute { [self] in channel.serve(on: reactor) }
    }

    /// Stops serving and waits until the reactor is done with the channel.
    func stop() {
        let done = ThreadCondition()
        let finished = Atomic(false)
        reactor.execute { [self] in
            channel.stopServing()
            done.lock()
            finished.store(true, ordering: .releasing)
            done.signal()
            done.unlock()
        }
        done.lock()
        while !finished.load(ordering: .acquiring) { done.wait() }
        done.unlock()
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
