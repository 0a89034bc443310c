import Glibc
import TileKit

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
///
/// The report is written with `open` and `write`, not Foundation's `FileManager` and
/// `FileHandle`: the board measured with a report must be the board users run, and Foundation's
/// file classes keep more of the release binary's code resident (docs/performance.md).
struct FrameLog {
    /// Why a frame was drawn.
    enum Reason: String {
        case resize, input, data, tick, timeline
    }

    private let handle: ReportFile?
    private var frameStart: timespec?
    /// Whether frames after the first are reported.
    private var reportsLaterFrames = true

    /// A log writing to `environment["TILES_BENCH_FILE"]`, or a silent one.
    init(environment: [String: String], log: (String) -> Void) {
        guard let path = environment["TILES_BENCH_FILE"], !path.isEmpty else {
            handle = nil
            return
        }
        handle = ReportFile(appendingTo: path)
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
        handle.write("first-frame \(stamp) \(cpuMicroseconds) \(drawnAsPlaceholders)\n")
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
        handle.write("frame \(reason.rawValue) \(microseconds) \(bytes)\n")
    }

    private static func threadCPUTime() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time
    }
}

/// The report's file, opened for appending (created when missing) and closed with the log.
private final class ReportFile {
    private let descriptor: Int32

    init?(appendingTo path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if descriptor < 0 { return nil }
    }

    deinit {
        close(descriptor)
    }

    /// Appends `line` whole (a short write continues; an error drops the rest of the line).
    func write(_ line: String) {
        var line = line
        _ = line.withUTF8 { DescriptorWriting.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
