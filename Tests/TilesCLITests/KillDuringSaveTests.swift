import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every file tiles writes is replaced atomically: a SIGKILL at any moment of a save leaves the
/// old content or the new, never a torn or empty file.
@Suite struct KillDuringSaveTests {
    @Test func testSIGKILLDuringStoreWritesNeverCorruptsTheStore() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["XDG_DATA_HOME": root.path, "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path]
        let seeded = try runTiles(["store", "set", "seed", String(repeating: "值", count: 4000)], environment: environment)
        #expect(seeded.status == 0)
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let store = root.appendingPathComponent("tiles/store.json")
        var killedMidway = 0
        for attempt in 0..<40 {
            let process = Process()
            process.executableURL = products.appendingPathComponent("tiles")
            process.arguments = ["store", "set", "key\(attempt % 5)", String(repeating: "数据", count: 2000 + attempt)]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill at a different moment each time, from before the write to after it.
            usleep(useconds_t(attempt * 700))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            let data = try Data(contentsOf: store)
            let values = try JSONDecoder().decode([String: String].self, from: data)
            #expect(values["seed"]?.count == 4000, "attempt \(attempt) lost the seed value")
        }
        #expect(killedMidway > 0)
    }

    @Test func testSIGKILLDuringConfigSavesNeverCorruptsTheConfigOrItsBackup() throws {
        let home = try DashboardHome()
        let environment = ProcessInfo.processInfo.environment.merging(home.environment(serviceURL: "http://127.0.0.1:9")) { $1 }
        let file = home.root.appendingPathComponent("config/tiles/config.toml")
        #expect(try runTiles(["config", "set", "alipay", "city=北京"], environment: environment).status == 0)
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var killedMidway = 0
        for attempt in 0..<40 {
            let process = Process()
            process.executableURL = products.appendingPathComponent("tiles")
            process.arguments = ["config", "set", "alipay", "city=" + String(repeating: "杭", count: 1 + attempt % 40)]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(attempt * 1_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            for path in [file.path, file.path + ".bak"] where FileManager.default.fileExists(atPath: path) {
                let check = try runTiles(["check", path], environment: environment)
                #expect(check.status == 0, "attempt \(attempt) left \(path) broken: \(check.stderr)")
                #expect(check.stdout.contains("3 tiles (qqsync, alipay, commit)"))
            }
        }
        #expect(killedMidway > 0)
    }
}
