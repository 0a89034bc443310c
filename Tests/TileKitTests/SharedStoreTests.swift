import Foundation
import Testing
import TileKit

/// The shared store and atomic writes.
@Suite struct SharedStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-store-\(UUID().uuidString)")

    @Test func testSetGetAndUnset() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SharedStore(directory: directory)
        #expect(store.value(forKey: "alipay.city") == nil)
        try store.set("杭州", forKey: "alipay.city")
        #expect(SharedStore(directory: directory).value(forKey: "alipay.city") == "杭州")
        try store.set(nil, forKey: "alipay.city")
        #expect(store.value(forKey: "alipay.city") == nil)
    }

    @Test func testConcurrentWritersLoseNothing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let store = SharedStore(directory: directory)
                    for index in 0..<10 { try? store.set("\(index)", forKey: "w\(writer).k\(index)") }
                }
            }
        }
        #expect(try SharedStore(directory: directory).allValues().count == 80)
    }

    @Test func aWholeFileIsReadAndAMissingOneOrADirectoryIsNil() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.bin")
        #expect(AtomicFile.contents(atPath: file.path) == nil)
        // Longer than one read's chunk, and not a multiple of it.
        let bytes = Data((0..<40_001).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try AtomicFile.write(bytes, to: file)
        #expect(AtomicFile.contents(atPath: file.path) == bytes)
        try AtomicFile.write(Data(), to: file)
        #expect(AtomicFile.contents(atPath: file.path) == Data())
        #expect(AtomicFile.contents(atPath: directory.path) == nil)
    }

    @Test func testACorruptStoreIsReportedAndNotOverwritten() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SharedStore(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.file)
        #expect(throws: SharedStoreError.self) { try store.set("x", forKey: "k") }
        #expect(try String(contentsOf: store.file, encoding: .utf8) == "{not json")
    }

    @Test func testDirectoriesFollowXDGVariables() {
        let directories = TilesDirectories(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/tmp/c", "XDG_CONFIG_HOME": "relative"])
        #expect(directories.cache.path == "/tmp/c/tiles")
        #expect(directories.config.path == "/home/u/.config/tiles")
        #expect(directories.state.path == "/home/u/.local/state/tiles")
        #expect(directories.data.path == "/home/u/.local/share/tiles")
        // The URLs `appending(path:)` makes, which other code compares with.
        #expect(directories.cache == URL(filePath: "/tmp/c").appending(path: "tiles"))
        #expect(directories.config == URL(filePath: "/home/u").appending(path: ".config/tiles"))
        let slashed = TilesDirectories(environment: ["HOME": "/", "XDG_DATA_HOME": "/d/"])
        #expect(slashed.config.path == "/.config/tiles")
        #expect(slashed.data.path == "/d/tiles")
    }
}
