import Foundation
import Glibc

/// The frame report `scripts/bench_dashboard.py` reads when `TILES_BENCH_FILE` names a file,
/// one line per event:
///
///     first-frame <unix time, µs resolution> <process cpu µs> <placeholders>
///                                              the first complete frame reached the terminal, the
///                                              CPU every thread had used by then, and the tiles it
///                                              drew as placeholders (ids joined by `,`; `-`: none)
///     frame <reason> <cpu µs> <bytes>          a later frame: why, CPU spent on it, bytes written
///
/// Reasons: `resize`, `input`, `data` (a provider finished), `tick` (live text on screen changed),
/// `timeline` (an entry's date or a reload came). Without the variable nothing is measured. With
/// `TILES_BENCH_REPORT=first-frame` only the first frame is reported: later frames are neither
/// timed nor counted (each costs two reads of `/proc/thread-self/io` and a write of the report),
/// so that a benchmark of the board's idle and resize CPU measures the board alone
/// (`scripts/bench_versus_c.py`).
struct FrameLog {
    /// Why a frame was drawn.
    enum Reason: String {
        case resize, input, data, tick, timeline
    }

    private let handle: FileHandle?
    private var frameStart: timespec?
    /// Whether frames after the first are reported.
    private var reportsLaterFrames = true

    /// A log writing to `environment["TILES_BENCH_FILE"]`, or a silent one.
    init(environment: [String: String], log: (String) -> Void) {
        guard let path = environment["TILES_BENCH_FILE"], !path.isEmpty else {
            handle = nil
            return
        }
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(atPath: path, contents: nil)
        }
        handle = FileHandle(forWritingAtPath: path)
        handle?.seekToEndOfFile()
        if handle == nil { log("bench: cannot write \(path)") }
        reportsLaterFrames = environment["TILES_BENCH_REPORT"] != "first-frame"
    }

    /// Whether frames are being reported.
    var isEnabled: Bool { handle != nil }

    /// Whether frames after the first are reported (their CPU and bytes measured).
    var reportsEveryFrame: Bool { handle != nil && reportsLaterFrames }

    /// Records that the first frame was drawn, now, with the tiles in `placeholders` drawn as such.
    func firstFrame(placeholders: [String]) {
        guard let handle else { return }
        // Both clocks first: the report's own formatting is not the board's work.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        let cpuMicroseconds = Int(cpu.tv_sec) * 1_000_000 + Int(cpu.tv_nsec) / 1000
        let microseconds = String(Int(now.tv_nsec) / 1000)
        let stamp = "\(now.tv_sec)." + String(repeating: "0", count: 6 - microseconds.count) + microseconds
        let drawnAsPlaceholders = placeholders.isEmpty ? "-" : placeholders.joined(separator: ",")
        handle.write(Data("first-frame \(stamp) \(cpuMicroseconds) \(drawnAsPlaceholders)\n".utf8))
    }

    /// Marks the start of the work for the next frame (when the loop wakes).
    mutating func startFrame() {
        guard reportsEveryFrame else { return }
        frameStart = Self.threadCPUTime()
    }

    /// Records a frame drawn for `reason` that wrote `bytes` to the terminal.
    mutating func endFrame(_ reason: Reason, bytes: Int) {
        guard let handle, let start = frameStart else { return }
        frameStart = nil
        let end = Self.threadCPUTime()
        let microseconds = (end.tv_sec - start.tv_sec) * 1_000_000 + (end.tv_nsec - start.tv_nsec) / 1000
        handle.write(Data("frame \(reason.rawValue) \(microseconds) \(bytes)\n".utf8))
    }

    private static func threadCPUTime() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time
    }
}
