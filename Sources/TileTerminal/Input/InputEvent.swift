/// One thing the user did at the terminal.
public enum InputEvent: Equatable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse button press (or wheel step) at column `x`, row `y`, both 0-based.
    case mouse(x: Int, y: Int, button: MouseButton)
    /// The primary button released at column `x`, row `y`: the end of a drag in edit mode.
    case mouseRelease(x: Int, y: Int)
    /// The terminal now has this many columns and rows; the next frame is redrawn in full.
    case resize(width: Int, height: Int)
}

/// A key as the dashboard's key bindings name it (docs/design.md "Keys").
public enum Key: Hashable, Sendable {
    /// A printable grapheme: letters, digits, punctuation, CJK, emoji.
    case character(Character)
    /// Return / Enter (also Ctrl-J and Ctrl-M).
    case enter
    /// A lone Escape (after the 25 ms escape delay).
    case escape
    /// Tab (also Ctrl-I).
    case tab
    /// Shift-Tab.
    case backTab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Shift-Arrow up (moves a slot up in the edit form).
    case shiftUp
    /// Shift-Arrow down.
    case shiftDown
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Backspace (DEL, Ctrl-H or the terminal's `kbs`).
    case backspace
    /// Delete (forward).
    case delete
    /// Function key F`n`, n ≥ 1.
    case function(Int)
    /// A control key, named by its lowercase letter: Ctrl-C is `.control("c")`. Ctrl-@ (NUL),
    /// Ctrl-\, Ctrl-], Ctrl-^ and Ctrl-_ use those symbols.
    case control(Character)
}

/// The mouse button of a `.mouse` event.
public enum MouseButton: Hashable, Sendable {
    /// The primary (usually left) button.
    case left
    /// The middle button or wheel click.
    case middle
    /// The secondary (usually right) button.
    case right
    /// One wheel step up.
    case scrollUp
    /// One wheel step down.
    case scrollDown
}
