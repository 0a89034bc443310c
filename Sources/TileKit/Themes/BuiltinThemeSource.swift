import TileUI

/// The built-in themes, embedded so that the binary needs no resource files.
///
/// Each literal is the exact text of `Themes/<file>` at the package root; a test compares them,
/// so edit a theme in its file and paste the whole file between the delimiters here (and, for
/// the default theme, its values into `Theme.default` in TileUI: a test compares those too).
extension Theme {
    /// Every built-in theme, `default` first, in the order `T` cycles through them.
    public static let builtin: [Theme] = [.default] + BuiltinThemeSource.all.dropFirst().map(\.theme)
}
/// The text of one theme file shipped in `Themes/`.
struct BuiltinThemeSource: Sendable {
    /// The file's name in `Themes/`.
    let fileName: String
    /// The file's exact contents.
    let text: String

    /// The theme the text describes.
    var theme: Theme {
        do {
            return try Theme(toml: text, file: fileName)
        } catch {
            // The texts are constants checked by the tests, so this is a build defect, not input.
            fatalError("built-in theme is invalid: \(error)")
        }
    }

    static let all: [BuiltinThemeSource] = [
        BuiltinThemeSource(fileName: "default.toml", text: defaultText),
        BuiltinThemeSource(fileName: "nord.toml", text: nordText),
        BuiltinThemeSource(fileName: "solarized.toml", text: solarizedText),
    ]

    static let defaultText = #"""
# tiles theme
#
# Each colour has a light and a dark value ({ light = ..., dark = ... }) or one value for both
# ({ any = ... }), like an asset catalog's Any/Dark appearances. Copy this file to start a theme
# of your own; every name below is one the board or a built-in widget draws with.
#
#   board.background    behind the tiles          widget.background   a tile's fill
#   widget.border       a tile's frame            focus.border        the focused tile's frame
#   text.primary        text on a tile            text.secondary      captions, dates, metadata
#   text.inverse        text on the gradient      accent              links, highlights
#   button.background   a button's fill           button.text         a button's label
#   gradient.start/end  a gradient fill, top to bottom
#   status.background   the status line           status.text         its text
#   status.stale        the mark on a tile whose data is out of date
#   hint.background     a link's hint label       hint.text           its letters

name = "Default"

[colors]
# iOS system colours: white tiles with black text in light mode, #1C1C1E with white in dark.
"board.background"  = { light = "#F2F2F7", dark = "#000000" }
"widget.background" = { light = "#FFFFFF", dark = "#1C1C1E" }
"widget.border"     = { light = "#C6C6C8", dark = "#48484A" }
"text.primary"      = { light = "#000000", dark = "#FFFFFF" }
"text.secondary"    = { light = "#6C6C70", dark = "#AEAEB2" }
"text.inverse"      = { any = "#FFFFFF" }
"accent"            = { light = "#007AFF", dark = "#0A84FF" }
"button.background" = { light = "#0066D6", dark = "#0071E3" }
"button.text"       = { any = "#FFFFFF" }
"gradient.start"    = { light = "#5856D6", dark = "#3634A3" }
"gradient.end"      = { light = "#0062E0", dark = "#0040DD" }
"status.background" = { light = "#E5E5EA", dark = "#2C2C2E" }
"status.text"       = { light = "#000000", dark = "#FFFFFF" }
"status.stale"      = { light = "#C93400", dark = "#FF9F0A" }
"hint.background"   = { light = "#FFCC00", dark = "#FFD60A" }
"hint.text"         = { any = "#000000" }
"focus.border"      = { light = "#007AFF", dark = "#0A84FF" }

"""#

    static let nordText = #"""
# tiles theme
#
# Nord (https://www.nordtheme.com): Snow Storm tiles in light mode, Polar Night in dark, Frost
# blues for accents and the gradient, Aurora yellow for hints. A few values are Nord colours
# darkened or lightened so that text keeps a 4.5:1 contrast.

name = "Nord"

[colors]
"board.background"  = { light = "#D8DEE9", dark = "#2E3440" }
"widget.background" = { light = "#ECEFF4", dark = "#3B4252" }
"widget.border"     = { light = "#A7B1C2", dark = "#616E88" }
"text.primary"      = { light = "#2E3440", dark = "#ECEFF4" }
"text.secondary"    = { light = "#4C566A", dark = "#B8C1D0" }
"text.inverse"      = { any = "#2E3440" }
"accent"            = { light = "#5E81AC", dark = "#88C0D0" }
"button.background" = { any = "#88C0D0" }
"button.text"       = { any = "#2E3440" }
"gradient.start"    = { any = "#81A1C1" }
"gradient.end"      = { any = "#8FBCBB" }
"status.background" = { light = "#E5E9F0", dark = "#434C5E" }
"status.text"       = { light = "#2E3440", dark = "#ECEFF4" }
"status.stale"      = { light = "#BF616A", dark = "#EBCB8B" }
"hint.background"   = { any = "#EBCB8B" }
"hint.text"         = { any = "#2E3440" }
"focus.border"      = { light = "#4A6C98", dark = "#88C0D0" }

"""#

    static let solarizedText = #"""
# tiles theme
#
# Solarized (https://ethanschoonover.com/solarized): the same accent colours in both schemes,
# with the base tones swapped, base3 tiles in light mode and base02 in dark. Solarized's accents
# share one lightness, so text on them is base03, the darkest tone.

name = "Solarized"

[colors]
"board.background"  = { light = "#EEE8D5", dark = "#002B36" }
"widget.background" = { light = "#FDF6E3", dark = "#073642" }
"widget.border"     = { light = "#93A1A1", dark = "#586E75" }
"text.primary"      = { light = "#073642", dark = "#EEE8D5" }
"text.secondary"    = { light = "#586E75", dark = "#93A1A1" }
"text.inverse"      = { any = "#002B36" }
"accent"            = { any = "#268BD2" }
"button.background" = { any = "#B58900" }
"button.text"       = { any = "#002B36" }
"gradient.start"    = { any = "#2AA198" }
"gradient.end"      = { any = "#859900" }
"status.background" = { light = "#EEE8D5", dark = "#073642" }
"status.text"       = { light = "#073642", dark = "#EEE8D5" }
"status.stale"      = { light = "#CB4B16", dark = "#B58900" }
"hint.background"   = { any = "#D33682" }
"hint.text"         = { any = "#FFFFFF" }
"focus.border"      = { light = "#6C71C4", dark = "#268BD2" }

"""#
}
