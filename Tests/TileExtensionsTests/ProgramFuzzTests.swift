import Foundation
import Glibc
import Synchronization
import Testing
@testable import TileExtensions

/// Random programs and random bytes, with a fixed budget and reproducible seeds: whatever a
/// program prints and however it ends, the runner reports it exactly and never traps.
@Suite struct ProgramFuzzTests {
    /// SplitMix64: small, seedable, good enough to pick test cases.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Plays a plan read from stdin: `["out", hex]`, `["err", hex]`, `["sleep", ms]`, then one of
    /// `["exit", code]`, `["signal", number]`, `["hang"]`.
    static let player = """
        #!/usr/bin/env python3
        import json, os, signal, sys, time
        plan = json.load(sys.stdin)
        for step in plan:
            if step[0] == "out": os.write(1, bytes.fromhex(step[1]))
            elif step[0] == "err": os.write(2, bytes.fromhex(step[1]))
            elif step[0] == "sleep": time.sleep(step[1] / 1000)
            elif step[0] == "exit": os._exit(step[1])
            elif step[0] == "signal": os.kill(os.getpid(), step[1])
            elif step[0] == "hang": time.sleep(1000)
        """

    struct Plan {
        var steps: [[Any]] = []
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var ending: ProgramStatus = .exited(0)
    }

    static func randomBytes(_ count: Int, _ random: inout Random) -> [UInt8] {
        (0..<count).map { _ in
            // Plenty of newlines, escapes and bytes that are not UTF-8.
            switch Int.random(in: 0..<8, using: &random) {
            case 0: UInt8(ascii: "\n")
            case 1: 0x1B
            case 2: UInt8.random(in: 0x80...0xFF, using: &random)
            default: UInt8.random(in: 0...0xFF, using: &random)
            }
        }
    }

    static func plan(_ random: inout Random, timeout: TimeInterval) -> Plan {
        var plan = Plan()
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let bytes = randomBytes(Int.random(in: 0...(Bool.random(using: &random) ? 100 : 30_000), using: &random), &random)
                plan.output += bytes
                plan.steps.append(["out", bytes.map { String(format: "%02x", $0) }.joined()])
            case 1:
                let bytes = randomBytes(Int.random(in: 0...3000, using: &random), &random)
                plan.errors += bytes
                plan.steps.append(["err", bytes.map { String(format: "%02x", $0) }.joined()])
            default:
                plan.steps.append(["sleep", Int.random(in: 0...15, using: &random)])
            }
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let signal = [SIGSEGV, SIGABRT, SIGKILL, SIGTERM].randomElement(using: &random)!
            plan.steps.append(["signal", Int(signal)])
            plan.ending = .signaled(signal)
        case 1:
            plan.steps.append(["hang"])
            plan.ending = .timedOut(timeout)
        default:
            let code = Int32.random(in: 0...255, using: &random)
            plan.steps.append(["exit", Int(code)])
            plan.ending = .exited(code)
        }
        return plan
    }

    @Test func randomOutputAndEndingsAreReportedExactly() async throws {
        let fixtures = try ProgramFixtures()
        let player = try fixtures.script("player.py", Self.player)
        let runner = ProgramRunner(maxConcurrentRuns: 4)
        // Only plans that hang meet their timeout; the others have time to spare, since four
        // python3 starting at once on a busy shared machine can take seconds.
        let hangTimeout = 1.0
        await withTaskGroup(of: Void.self) { group in
            for seed in UInt64(0)..<32 {
                var random = Random(state: seed)
                let plan = Self.plan(&random, timeout: hangTimeout)
                let timeout = plan.ending == .timedOut(hangTimeout) ? hangTimeout : 60
                let outputLimit = Int.random(in: 1...60_000, using: &random)
                let errorLimit = Int.random(in: 1...2000, using: &random)
                let input = try! JSONSerialization.data(withJSONObject: plan.steps)
                let command = ProgramCommand(
                    [player], input: Array(input), timeout: timeout, killGrace: 0.2,
                    outputLimit: outputLimit, errorLimit: errorLimit)
                group.addTask {
                    let result = await runner.run(command)
                    let tooLarge = plan.output.count > outputLimit
                    #expect(result.status == (tooLarge ? .outputTooLarge(limit: outputLimit) : plan.ending), "seed \(seed)")
                    let output = Array(plan.output.prefix(outputLimit))
                    // A plan that hangs may meet its timeout before it printed everything (python3
                    // starts slowly on a busy machine): then what came is a prefix.
                    let hung = result.status == .timedOut(hangTimeout)
                    let sameOutput = hung ? output.starts(with: result.output) : result.output == output
                    #expect(sameOutput, "seed \(seed): \(result.output.count) bytes of stdout, expected \(output.count)")
                    if !tooLarge && !hung {
                        let errors = Array(plan.errors.suffix(errorLimit))
                        let sameErrors = result.errorOutput == errors
                        #expect(sameErrors, "seed \(seed): \(result.errorOutput.count) bytes of stderr, expected \(errors.count)")
                    }
                    #expect(result.errorOutput.count <= errorLimit, "seed \(seed)")
                    if case .timedOut = result.status {
                        #expect(result.duration >= timeout && result.duration < timeout + 0.2 + 5, "seed \(seed)")
                    }
                    #expect((result.failureReason == nil) == (result.status == .exited(0)), "seed \(seed)")
                    #expect(result.failureReason?.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ?? true)
                }
            }
        }
    }

    /// Lines split the same way however the bytes are cut into reads.
    @Test func linesSplitTheSameWayWhateverTheChunks() {
        var random = Random(state: 12)
        for round in 0..<200 {
            let limit = Int.random(in: 1...40, using: &random)
            let bytes = Self.randomBytes(Int.random(in: 0...600, using: &random), &random)
            let lines = Mutex<[String]>([])
            let tooLong = Mutex(0)
            let job = ProcessJob(
                id: round, command: ProgramCommand(["x"], outputLimit: limit),
                mode: .stream(.init(
                    onStart: { _ in }, onLine: { line in lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) } },
                    onLineTooLong: { tooLong.withLock { $0 += 1 } }, onEnd: { _, _, _ in })))
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...50, using: &random))
                bytes[start..<end].withUnsafeBytes { job.receiveOutput($0) }
                start = end
            }
            job.flushPartialLine()

            var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            if pieces.last?.isEmpty == true { pieces.removeLast() }
            let expected = pieces.filter { $0.count <= limit }.map { piece in
                String(decoding: piece.last == UInt8(ascii: "\r") ? piece.dropLast() : piece[...], as: UTF8.self)
            }
            #expect(lines.withLock { $0 } == expected, "round \(round)")
            #expect(tooLong.withLock { $0 } == pieces.count { $0.count > limit }, "round \(round)")
        }
    }
}
