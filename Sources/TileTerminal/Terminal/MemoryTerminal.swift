import Glibc
import TileUI

/// A terminal in memory, for tests of the board: it keeps the screen its draws leave, the
/// sequences written besides them and how often it was given back, and takes input from the test
/// through a pipe the event loop waits on, like a real terminal's stdin.
public final class MemoryTerminal: TerminalDevice {
    public private(set) var size: (width: Int, height: Int)
    public let colorMode: ColorMode
    public let restoresAfterCrash = true
    /// Nothing is written as bytes here: the cells the last draw covered stand in for them.
    public private(set) var lastFrameBytes = 0
    /// The screen as the draws so far left it; nil before the first.
    public private(set) var screen: CellGrid?
    /// Where the last frame put the visible cursor; nil while hidden.
    public private(set) var cursor: Point?
    /// Each draw: whether it named changed areas (a partial frame) and how many cells it covered.
    public private(set) var draws: [(partial: Bool, cells: Int)] = []
    /// The sequences written with `write(rawSequence:)`, in order.
    public private(set) var rawSequences: [String] = []
    /// How many times the terminal was given back.
    public private(set) var restoreCount = 0

    private var pending: [RawInput] = []
    private let readEnd: Int32
    private let writeEnd: Int32

    public init(width: Int, height: Int, colorMode: ColorMode = .trueColor) {
        size = (width, height)
        self.colorMode = colorMode
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "MemoryTerminal: pipe failed")
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Queues `inputs` for the board, as a person typing (or resizing, `.resize`) would.
    public func send(_ inputs: [RawInput]) {
        pending += inputs
        var byte: UInt8 = 1
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Queues the keys of `text`, one character each.
    public func type(_ text: String) {
        send(text.unicodeScalars.map { .character($0.value) })
    }

    /// The screen's text, rows joined by newlines (a wide character's continuation cell skipped).
    public var text: String { screen?.text ?? "" }

    // MARK: TerminalDevice

    public var inputDescriptor: Int32 { readEnd }

    public func readPendingInput() -> [RawInput] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        defer { pending = [] }
        for case .resize(let width, let height) in pending { size = (width, height) }
        return pending
    }

    public func draw(_ grid: CellGrid, changedAreas: [Rect]?) {
        cursor = grid.cursor
        if let changedAreas, var kept = screen, kept.width == grid.width, kept.height == grid.height {
            for area in changedAreas {
                for y in max(area.minY, 0)..<max(min(area.maxY, grid.height), 0) {
                    kept.copyCells(area.minX..<area.maxX, ofRow: y, from: grid)
                }
            }
            screen = kept
            draws.append((true, changedAreas.reduce(0) { $0 + $1.size.width * $1.size.height }))
        } else {
            screen = grid
            draws.append((false, grid.width * grid.height))
        }
        lastFrameBytes = draws.last?.cells ?? 0
    }

    public func write(rawSequence: String) {
        rawSequences.append(rawSequence)
    }

    public func restore() {
        restoreCount += 1
    }
}
