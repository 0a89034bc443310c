// The ncursesw wide-character API for Swift. SwiftPM drops pkg-config's -D flags, so the feature
// macros are defined here, before the header (docs/platform.md).
#ifndef TILES_CNCURSESW_SHIM_H
#define TILES_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Globals and macros Swift 6 cannot use directly.
static inline WINDOW *tiles_stdscr(void) { return stdscr; }
static inline WINDOW *tiles_curscr(void) { return curscr; }
static inline int tiles_colors(void) { return COLORS; }
static inline int tiles_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t tiles_a_bold(void) { return A_BOLD; }
static inline attr_t tiles_a_dim(void) { return A_DIM; }
static inline attr_t tiles_a_italic(void) { return A_ITALIC; }
static inline attr_t tiles_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tiles_a_reverse(void) { return A_REVERSE; }

// The terminal's size as the kernel has it (TIOCGWINSZ; ioctl is variadic, which Swift cannot
// call). Returns 0 and fills the outputs, or -1 when `fd` is not a terminal or reports no size.
// (The outputs are not named `columns` and `lines`: term.h makes those macros.)
static inline int tiles_window_size(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *width = size.ws_col;
    *height = size.ws_row;
    return 0;
}

// Function keys: KEY_F(n) is a function-like macro.
static inline int tiles_key_f(int n) { return KEY_F(n); }

// Mouse event bits (mmask_t constants are macros built from other macros).
static inline mmask_t tiles_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tiles_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tiles_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tiles_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t tiles_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t tiles_button2_clicked(void) { return BUTTON2_CLICKED; }
static inline mmask_t tiles_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t tiles_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t tiles_button3_clicked(void) { return BUTTON3_CLICKED; }
static inline mmask_t tiles_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tiles_button5_pressed(void) { return BUTTON5_PRESSED; }

// Reads the pending mouse event; Swift cannot build an MEVENT's anonymous layout portably.
// Returns OK and fills the outputs, or ERR when there is no event.
static inline int tiles_get_mouse(int *x, int *y, mmask_t *state) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *state = event.bstate;
    return OK;
}

// A wide character cell with an extended (int) colour pair, passed through setcchar's `opts`
// because its `short` pair argument stops at 32767.
static inline int tiles_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, int pair) {
    return setcchar(cell, text, attributes, 0, &pair);
}

// A cell holding a whole grapheme of `count` (at most CCHARW_MAX) characters. setcchar keeps only
// the non-spacing characters after the first, which would cut an emoji ZWJ sequence (👨‍👩‍👧) after
// its first joiner; the rest is stored after the first character directly. ncurses writes every
// character of a cell and advances by the first one's width.
static inline int tiles_setcchar_grapheme(cchar_t *cell, const wchar_t *text, int count, attr_t attributes, int pair) {
    wchar_t first[2] = { text[0], 0 };
    if (setcchar(cell, first, attributes, 0, &pair) != OK) return ERR;
    for (int i = 1; i < count && i < CCHARW_MAX; i++) cell->chars[i] = text[i];
    return OK;
}

// Probes a terminfo entry without printing anything (setupterm with an error pointer is silent)
// and without leaving it installed. Returns -1 when no entry exists, 0 when the entry cannot
// address the cursor (dumb, printers), 1 when it can; `colors` gets its `colors` capability,
// `sized` 1 when the entry gives a screen size (`lines` and `cols`, absent from `linux` and
// `xterm-kitty`) and 0 when not. It leaves `use_env(FALSE)` set: with the environment in use,
// setupterm overwrites the entry's size with the terminal's, and every entry would seem sized.
// Call `use_env` as wanted before starting ncurses.
static inline int tiles_probe_terminfo(const char *name, int fd, int *colors, int *sized) {
    int status = 0;
    use_env(FALSE);
    if (setupterm((char *)name, fd, &status) != OK) return -1;
    char *cup = tigetstr("cup");
    int addressable = (cup != 0 && cup != (char *)-1) ? 1 : 0;
    *colors = tigetnum("colors");
    *sized = tigetnum("lines") > 0 && tigetnum("cols") > 0;
    del_curterm(cur_term);
    return addressable;
}

// A string capability of the terminal set up last (`rmcup`, say), or NULL when it has none.
static inline const char *tiles_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == 0 || value == (char *)-1) ? 0 : value;
}

// A boolean capability of the terminal set up last (`am`, say): 1, or 0 when absent.
static inline int tiles_terminfo_flag(const char *name) {
    return tigetflag(name) > 0 ? 1 : 0;
}

// A numeric capability of the terminal set up last (`colors`, say), or -1 when absent.
static inline int tiles_terminfo_number(const char *name) {
    int value = tigetnum(name);
    return value < 0 ? -1 : value;
}

// `capability` (a terminfo string) with up to two integer parameters filled in; tiparm is
// variadic, and formats without a terminal set up. NULL when the string is malformed.
static inline const char *tiles_tiparm2(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

// Sets up the terminfo entry `name` for reading its capabilities, printing nothing (tests read
// entries this way, without a terminal). Returns 0, or -1 when there is no such entry; release
// it with `tiles_release_terminfo`.
static inline int tiles_setup_terminfo(const char *name) {
    int status = 0;
    return setupterm((char *)name, 1, &status) == OK ? 0 : -1;
}

// Releases the entry `tiles_setup_terminfo` set up.
static inline void tiles_release_terminfo(void) {
    del_curterm(cur_term);
}

// posix_spawn extensions glibc only declares under _GNU_SOURCE, which the Glibc module is not
// built with. Both exist in glibc since 2.26 / 2.34 (Debian 12 has 2.36).
#ifndef POSIX_SPAWN_SETSID
#define POSIX_SPAWN_SETSID 0x80
#endif
static inline short tiles_posix_spawn_setsid(void) { return POSIX_SPAWN_SETSID; }
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

#endif
