import CNcursesw
import Glibc
import TileUI

/// The terminal as tiles drives it: set up by ncurses on creation, drawn by tiles' own
/// `TerminalWriter`, restored on `restore()` or when released.
///
/// Setup (docs/platform.md): checks that stdin and stdout are TTYs and that `TERM` names a terminfo
/// entry that can address the cursor; makes the locale UTF-8; picks a direct-colour entry when
/// `COLORTERM=truecolor|24bit`; starts ncurses with `newterm` on the alternate screen, cursor
/// hidden, `raw` input (Ctrl-C arrives as the key `.control("c")`, not as SIGINT; an external
/// `kill -INT` still arrives as a signal through `EventLoop`), no echo, keypad keys, mouse
/// presses and a 25 ms escape delay. `NO_COLOR` keeps colour off. A fatal signal restores the
/// terminal before the process dies (`FatalSignalRescue`). Frames are written by
/// `TerminalWriter` with the entry's sequences; ncurses reads the keys and gives the terminal back.
///
/// One thread owns a terminal: create, draw, read and restore it on the same thread.
public final class Terminal {
    /// The colours the terminal can show, as the rest of tiles names them. 8-colour terminals
    /// report `.palette16`; tiles then draws only the first 8.
    public let colorMode: ColorMode
    /// The terminfo entry in use (`tmux-direct` when `TERM=tmux-256color` asked for RGB, say).
    public let terminfoName: String
    /// Every byte written to the terminal by `draw` and `write(rawSequence:)`.
    public private(set) var bytesWritten = 0
    /// The bytes the most recent `draw` wrote.
    public private(set) var lastFrameBytes = 0
    /// Whether a fatal signal (a crash, an abort) gives the terminal back before the process dies
    /// (`FatalSignalRescue`); false only when its handler could not be installed.
    public let restoresAfterCrash: Bool

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// Input is read through a pad: `wget_wch` on a window first refreshes that window when it is
    /// touched, which after a resize repaints the stale frame before the app can draw the new one.
    private let inputPad: UnsafeMutablePointer<WINDOW>
    private var writer: TerminalWriter
    private var previous: CellGrid?
    private var needsFullRedraw = true
    private var isRestored = false
    /// Whether the cursor shows (the screen-reader board places it); ncurses hides it at start.
    private var showsCursor = false
    /// Whether tiles itself turned on SGR mouse reports (1006), to turn them off on restore.
    private let requestsSGRMouse: Bool

    /// Takes over the terminal, or throws why it cannot (not a TTY, `TERM` unset, unknown or dumb).
    public init(environment: [String: String]) throws(TerminalError) {
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "stdout") }
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "stdin") }
        var probed: [String: TerminfoEntry] = [:]
        let profile = try TerminalProfile.select(environment: environment) { name in
            var colors: Int32 = 0, sized: Int32 = 0
            let status = tiles_probe_terminfo(name, STDOUT_FILENO, &colors, &sized)
            guard status >= 0 else { return nil }
            let entry = TerminfoEntry(canAddressCursor: status == 1, colors: Int(colors), hasSize: sized == 1)
            probed[name] = entry
            return entry
        }
        try LocaleSetup.ensureUTF8()
        FatalSignalRescue.saveModes(of: STDOUT_FILENO)
        // Never closed: closing them would close the process's stdin and stdout.
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw .systemCallFailed(call: "fdopen", errno: errno)
        }
        // ncurses sizes its three screens (curscr, newscr, stdscr) from the entry's `lines` and
        // `cols` (24×80 for most), not from the terminal: tiles draws its frames itself, so
        // screens the terminal's size would be three large buffers, reallocated on every resize,
        // and never drawn. A resize still comes as `KEY_RESIZE`; `size` asks the kernel. An entry
        // without a size (`linux`, `xterm-kitty`) would leave ncurses a 0×0 screen whose input
        // never comes: those keep the terminal's size.
        use_env(!(probed[profile.terminfoName]?.hasSize ?? false))
        guard let screen = newterm(profile.terminfoName, output, input) else {
            throw .setupFailed(term: profile.terminfoName)
        }
        set_term(screen)
        guard let pad = newpad(1, 1) else {
            endwin()
            delscreen(screen)
            throw .setupFailed(term: profile.terminfoName)
        }
        self.screen = screen
        window = tiles_stdscr()
        size = Self.currentSize(of: window)
        inputPad = pad
        terminfoName = profile.terminfoName

        raw()
        noecho()
        nonl()
        keypad(inputPad, true)
        nodelay(inputPad, true)
        leaveok(window, true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        let buttons = tiles_button1_pressed() | tiles_button1_released() | tiles_button2_pressed() | tiles_button3_pressed()
            | tiles_button4_pressed() | tiles_button5_pressed()
        mousemask(buttons, nil)
        // ncurses asks for SGR mouse reports (1006) only when the entry's kmous is `\E[<` (xterm's);
        // for `\E[M` (tmux's, screen's) it gets X10 reports, whose one-byte columns end at 223.
        // tiles then asks for SGR itself and `InputDecoder` reads the reports ncurses passes on.
        let mouseKey = tiles_terminfo_string("kmous").map { String(cString: $0) }
        requestsSGRMouse = mouseKey.map { !$0.hasPrefix("\u{1B}[<") } ?? false

        // ncurses' colour set-up (`start_color`) is left out: tiles draws colours itself.
        guard let sequences = TerminalSequences.ofCurrentEntry() else {
            endwin()
            delscreen(screen)
            throw .dumbTerminal(profile.terminfoName)
        }
        let depth = ColorDepth(colors: Int(tiles_terminfo_number("colors")), colorEnabled: profile.colorEnabled)
        writer = TerminalWriter(sequences: sequences, depth: depth)
        colorMode = writer.depth.colorMode
        restoresAfterCrash = FatalSignalRescue.arm(descriptor: STDOUT_FILENO)
        // No `doupdate`: ncurses has written its set-up (`curs_set` and `mousemask` flush), and
        // its first update would only clear the screen the first frame clears.
        if requestsSGRMouse { write(rawSequence: Self.sgrMouseOn) }
    }

    /// xterm's SGR mouse mode on and off.
    private static let sgrMouseOn = "\u{1B}[?1006h", sgrMouseOff = "\u{1B}[?1006l"

    deinit {
        restore()
        delwin(inputPad)
        delscreen(screen)
    }

    /// Columns and rows of the terminal, as the kernel had them at the start and at the last
    /// resize read (`readPendingInput`): a frame asks for them, and a tick must not cost a
    /// system call for it.
    public private(set) var size: (width: Int, height: Int)

    /// The terminal's size from the kernel; ncurses' own idea of it (its entry's, see `init`)
    /// when the kernel reports none.
    private static func currentSize(of window: UnsafeMutablePointer<WINDOW>) -> (width: Int, height: Int) {
        var columns: Int32 = 0, rows: Int32 = 0
        if tiles_window_size(STDOUT_FILENO, &columns, &rows) == 0 { return (Int(columns), Int(rows)) }
        return (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Draws `screen`: only the cells that differ from the last frame, in one write.
    ///
    /// The first frame, a frame of another size, and the frame after a resize or `invalidate()`
    /// clear the terminal and draw every cell. Cells beyond the terminal's edge are skipped.
    /// Drawing after `restore()` takes the terminal back (alternate screen, hidden cursor).
    ///
    /// `changedAreas`, when given, names the only cells that can differ from the last frame drawn.
    public func draw(_ screen: CellGrid, changedAreas: [Rect]? = nil) {
        if isRestored {
            isRestored = false
            needsFullRedraw = true
            // ncurses takes the terminal back (program modes, alternate screen, hidden cursor).
            doupdate()
            FatalSignalRescue.setArmed(true)
            if requestsSGRMouse { write(rawSequence: Self.sgrMouseOn) }
        }
        let (columns, rows) = size
        let bytes: [UInt8]
        var diff: ScreenDiff?
        if let previous, !needsFullRedraw, previous.width == screen.width, previous.height == screen.height {
            var changes = changedAreas.map { ScreenDiff(from: previous, to: screen, areas: $0) } ?? ScreenDiff(from: previous, to: screen)
            // A screen with a cursor is read by a screen reader: its changed lines are written whole.
            if screen.cursor != nil { changes = changes.wholeRows(of: screen) }
            bytes = writer.frame(changes, columns: columns, rows: rows)
            diff = changes
        } else {
            bytes = writer.fullFrame(screen, columns: columns, rows: rows)
            needsFullRedraw = false
        }
        writeAll(bytes)
        lastFrameBytes = bytes.count
        placeCursor(screen.cursor)
        if changedAreas != nil, let diff, var kept = previous.take() {
            // Only these areas changed, and the diff's runs hold every cell of them that differs:
            // the terminal's own copy takes those, in place, instead of sharing `screen` (whose
            // next change would then copy the whole screen) or copying whole rows.
            for run in diff.runs { kept.copyCells(run.xStart..<run.xStart + run.cells.count, ofRow: run.y, from: screen) }
            previous = kept
        } else {
            previous = screen
        }
    }

    /// Shows the cursor at `point`, where a screen reader reads, or keeps it hidden (nil).
    private func placeCursor(_ point: Point?) {
        if let point {
            if !showsCursor {
                curs_set(1)
                showsCursor = true
            }
            writeAll(writer.moveCursor(x: point.x, y: point.y))
        } else if showsCursor {
            curs_set(0)
            showsCursor = false
        }
    }

    /// Makes the next `draw` clear the terminal and redraw every cell (after something else wrote
    /// to the terminal, say).
    public func invalidate() {
        needsFullRedraw = true
    }

    /// Writes an escape sequence (OSC 52, say) straight to the terminal, after the frames drawn
    /// so far. It must not move the cursor, change the style or change the screen.
    public func write(rawSequence: String) {
        writeAll(Array(rawSequence.utf8))
    }

    private func writeAll(_ output: [UInt8]) {
        bytesWritten += output.count
        var bytes = output[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, restores the
    /// terminal modes and stops mouse reporting. Safe to call more than once; call it before
    /// exiting on quit, on a signal and on a fatal error (releasing the terminal calls it too).
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        FatalSignalRescue.setArmed(false)
        writeAll(writer.release())
        endwin()
        if requestsSGRMouse { write(rawSequence: Self.sgrMouseOff) }
    }
}

extension Terminal: InputReading {
    /// The terminal's input descriptor (stdin).
    public var inputDescriptor: Int32 { STDIN_FILENO }

    /// Drains ncurses' input without blocking: keys, mouse events and resizes (after which the
    /// next `draw` redraws everything).
    public func readPendingInput() -> [RawInput] {
        var inputs: [RawInput] = []
        var code: wint_t = 0
        while true {
            let status = wget_wch(inputPad, &code)
            if status == ERR { break }
            guard status == KEY_CODE_YES else {
                inputs.append(.character(UInt32(code)))
                continue
            }
            switch Int32(code) {
            case KEY_MOUSE:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if tiles_get_mouse(&x, &y, &state) == OK {
                    inputs.append(.mouse(x: Int(x), y: Int(y), state: UInt(state)))
                }
            case KEY_RESIZE:
                needsFullRedraw = true
                size = Self.currentSize(of: window)
                let (width, height) = size
                inputs.append(.resize(width: width, height: height))
            default:
                inputs.append(.keyCode(Int32(code)))
            }
        }
        return inputs
    }
}
