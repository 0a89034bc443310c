// Gives the terminal back when tiles dies of a fatal signal (SIGSEGV, SIGABRT, SIGILL, SIGBUS,
// SIGFPE, SIGTRAP): an async-signal-safe handler writes restore sequences prepared at start-up,
// puts back the terminal modes saved at start-up, then lets the signal do what it did before.
#ifndef TILES_TERMINAL_RESCUE_H
#define TILES_TERMINAL_RESCUE_H

#include <stddef.h>

// The most bytes of restore sequences kept; longer ones are refused.
#define TILES_RESCUE_CAPACITY 512

// Remembers the terminal modes of `fd` now (call before the terminal is put into raw mode).
// Returns 0, or -1 with errno set when `fd` has no terminal modes.
int tiles_rescue_save_modes(int fd);

// Copies `length` bytes of restore sequences to write to `fd` on a fatal signal and installs the
// handler, once; a later call replaces the bytes. The handlers that were there before (Swift's
// backtracer, say) still run after the terminal is restored. Returns 0, or -1 (errno EINVAL when
// the bytes do not fit, else sigaction's errno).
int tiles_rescue_arm(int fd, const char *bytes, size_t length);

// Turns the rescue on or off without touching the handlers: off while the terminal is given back
// in the ordinary way (ncurses' endwin), on again when it is taken over.
void tiles_rescue_set_armed(int armed);

#endif
