import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every file tiles writes is replaced atomically: a SIGKILL at any moment of a save leaves the
/// old content or the new, never a torn or empty file.
@Suite struct KillDuringSaveTests {
    /// Runs `tiles` with `arguments(attempt)` 40 times, each killed `attempt × step` µs after it
    /// started (from before its write to after it), and calls `check` after each kill. Returns how
    /// many runs the kill ended rather than a normal exit.
    private func killRepeatedly(
        _ arguments: (Int) -> [String], environment: [String: String], step: useconds_t, check: (Int) throws -> Void
    ) throws -> Int {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var killedMidway = 0
        for attempt in 0..<40 {
            let process = Process()
            process.executableURL = products.appendingPathComponent("tiles")
            process.arguments = arguments(attempt)
            let variables = PrivateEnvironment(environment)
            defer { withExtendedLifetime(variables) {} }
            process.environment = variables.variables
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(attempt) * step)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            try check(attempt)
        }
        return killedMidway
    }

    @Test func testSIGKILLDuringStoreWritesNeverCorruptsTheStore() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["XDG_DATA_HOME": root.path, "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path]
        let seeded = try runTiles(["store", "set", "seed", String(repeating: "值", count: 4000)], environment: environment)
        #expect(seeded.status == 0)
        let store = root.appendingPathComponent("tiles/store.json")
        let killed = try killRepeatedly({ ["store", "set", "key\($0 % 5)", String(repeating: "数据", count: 2000 + $0)] },
                                        environment: environment, step: 700) { attempt in
            let values = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: store))
            #expect(values["seed"]?.count == 4000, "attempt \(attempt) lost the seed value")
        }
        #expect(killed > 0)
    }

    @Test func testSIGKILLDuringConfigSavesNeverCorruptsTheConfigOrItsBackup() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let file = home.root.appendingPathComponent("config/tiles/config.toml")
        #expect(try runTiles(["config", "set", "alipay", "city=北京"], environment: environment).status == 0)
        let killed = try killRepeatedly({ ["config", "set", "alipay", "city=" + String(repeating: "杭", count: 1 + $0 % 40)] },
                                        environment: environment, step: 1_000) { attempt in
            for path in [file.path, file.path + ".bak"] where FileManager.default.fileExists(atPath: path) {
                let check = try runTiles(["check", path], environment: environment)
                #expect(check.status == 0, "attempt \(attempt) left \(path) broken: \(check.stderr)")
                #expect(check.stdout.contains("3 tiles (qqsync, alipay, commit)"))
            }
        }
        #expect(killed > 0)
    }
}
