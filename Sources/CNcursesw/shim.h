// The ncursesw wide-character API for Swift. SwiftPM drops pkg-config's -D flags, so the feature
// macros are defined here, before the header (PLATFORM.md).
#ifndef TILES_CNCURSESW_SHIM_H
#define TILES_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

// Globals and macros Swift 6 cannot use directly.
static inline WINDOW *tiles_stdscr(void) { return stdscr; }
static inline int tiles_colors(void) { return COLORS; }
static inline int tiles_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t tiles_a_bold(void) { return A_BOLD; }
static inline attr_t tiles_a_dim(void) { return A_DIM; }
static inline attr_t tiles_a_italic(void) { return A_ITALIC; }
static inline attr_t tiles_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tiles_a_reverse(void) { return A_REVERSE; }

#endif
