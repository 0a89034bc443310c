import TileUI

/// What a board draws on and reads its keys from: the terminal through ncurses (`Terminal`), or
/// `MemoryTerminal` in tests, as Ratatui's `Backend` has its `TestBackend`.
public protocol TerminalDevice: InputReading {
    /// The size in cells, as of the last resize read.
    var size: (width: Int, height: Int) { get }
    /// The colours it can show.
    var colorMode: ColorMode { get }
    /// The bytes the most recent `draw` wrote.
    var lastFrameBytes: Int { get }
    /// Whether a crash gives the terminal back before the process dies.
    var restoresAfterCrash: Bool { get }
    /// Draws `screen`; `changedAreas`, when given, names the only cells that can differ from the
    /// last frame drawn.
    func draw(_ screen: CellGrid, changedAreas: [Rect]?)
    /// Writes a sequence that is not a cell (OSC 52 copying), after the frames drawn so far.
    func write(rawSequence: String)
    /// Gives the terminal back; the next `draw` takes it again.
    func restore()
}

extension Terminal: TerminalDevice {}
