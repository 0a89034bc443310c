import Foundation
import Testing
import TileExtensions

/// Running programs must not start libdispatch's worker pool: its first worker starts a 1 Hz pool
/// monitor that wakes the process for good (docs/performance.md). The test runner's own process
/// has that pool running before any test starts, so `tiles-extensions-probe` checks from a fresh
/// process.
@Suite struct DispatchPoolTests {
    @Test func runsAndAQuietStreamingProgramUseOnlyTheirOwnThreadsNeverWakeAndCloseTheirDescriptors() async throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let probe = products.appendingPathComponent("tiles-extensions-probe").path
        let result = await ProgramRunner(maxConcurrentRuns: 1).run(ProgramCommand([probe], timeout: 60))
        #expect(result.status == .exited(0), "\(result.errorOutput.text)")
        let lines = result.output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "runs: cannot run 'tiles-no-such-program': No such file or directory; exit 1: oops; killed by SIGSEGV; ok; timed out after 0.2 s")
        #expect(lines.dropFirst().first == "descriptors left open: 0")
        #expect(lines.last == "wake-ups: 0")
        // The main thread, the programs' reactor and the providers' (the network reactor), and none
        // of libdispatch's (`…-qos`, `-qos.overcommit`).
        let threads = lines.dropFirst(2).first?.dropFirst("threads: ".count).split(separator: ",") ?? []
        #expect(threads.count == 3)
        #expect(threads.contains("tiles.programs"))
        #expect(threads.contains("tiles.network"))
        #expect(!threads.contains { $0.contains("qos") })
    }
}
