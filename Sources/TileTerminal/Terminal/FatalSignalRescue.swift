import CNcursesw
import CTerminalRescue

/// Gives the terminal back when tiles dies of a fatal signal (a crash, an abort, `kill -ABRT`):
/// without it the shell is left in the alternate screen, the cursor hidden, mouse reporting on
/// and the keyboard raw.
///
/// The work is done by a handler in C (`CTerminalRescue`): a Swift closure cannot be a signal
/// handler that reaches state, and the handler may only make async-signal-safe calls. It writes
/// the bytes prepared here at start-up, puts back the terminal modes saved before ncurses changed
/// them, hands the signal to the handler that had it before (Swift's backtracer, which then
/// prints its report on the ordinary screen) and finally lets the default action end the process.
enum FatalSignalRescue {
    /// Remembers the terminal modes of `descriptor` as the shell left them. Call before `newterm`.
    static func saveModes(of descriptor: Int32) {
        // Without modes (not a terminal) the handler still writes the sequences.
        _ = tiles_rescue_save_modes(descriptor)
    }

    /// Prepares the restore sequence of the terminal ncurses set up last and installs the handler;
    /// false when the sequence does not fit or the handler could not be installed.
    static func arm(descriptor: Int32) -> Bool {
        let bytes = restoreSequence(capability: { name in tiles_terminfo_string(name).map { String(cString: $0) } },
                                    parameterized: { name, value in
            tiles_terminfo_string(name).flatMap { tiles_tiparm2($0, Int32(value), 0) }.map { String(cString: $0) }
        })
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { tiles_rescue_arm(descriptor, $0.baseAddress, $0.count) == 0 }
        }
    }

    /// Turns the rescue off while the terminal is given back the ordinary way, and on again.
    static func setArmed(_ armed: Bool) {
        tiles_rescue_set_armed(armed ? 1 : 0)
    }

    /// What undoes tiles' set-up, from the terminal's terminfo entry, in the order ncurses' `endwin`
    /// undoes it: mouse reporting off (`XM` with 0 where the entry has it, else xterm's 1000 and
    /// SGR 1006 modes for an entry with `kmous`), attributes and colours reset (`sgr0`, `op`), the
    /// cursor shown (`cnorm`), the keypad back in cursor mode (`rmkx`), the alternate screen left
    /// (`rmcup`). A capability the entry lacks is skipped.
    static func restoreSequence(capability: (String) -> String?, parameterized: (String, Int) -> String?) -> [UInt8] {
        var sequence = ""
        if let mouseOff = parameterized("XM", 0) {
            sequence += mouseOff
        } else if capability("kmous") != nil {
            sequence += "\u{1B}[?1006l\u{1B}[?1000l"
        }
        for name in ["sgr0", "op", "cnorm", "rmkx", "rmcup"] {
            if let value = capability(name) { sequence += value }
        }
        return Array(sequence.utf8)
    }
}
