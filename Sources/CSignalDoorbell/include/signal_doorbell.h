// The quit signals (SIGINT, SIGTERM, SIGHUP) and SIGTSTP reported to tiles' event loop without a thread of
// their own: an async-signal-safe handler marks the signal in an atomic set and writes one byte
// to the loop's self-pipe, which wakes its poll().
#ifndef TILES_SIGNAL_DOORBELL_H
#define TILES_SIGNAL_DOORBELL_H

// The loop's wait (EventLoop.swift): Swift's Glibc module leaves epoll out.
#include <sys/epoll.h>

// Installs the handler for each of `signals` (`count` of them, each below 64), ringing `fd`
// (non-blocking; the handler ignores a full pipe). A later call replaces `fd`. Returns 0, or -1
// with sigaction's errno (EINVAL for a signal number out of range).
int tiles_signals_install(int fd, const int *signals, int count);

// Rings `fd` (the same doorbell as above) whenever `signal_number` arrives, after the handler
// installed for it before this call has run: ncurses' SIGWINCH handler keeps reporting
// `KEY_RESIZE`, and the loop's wait ends at once instead of at its next wake-up. One signal per
// process; calling again for it only changes `fd`. Returns 0, or -1 with errno (EINVAL for a
// signal number out of range, EBUSY for a second signal).
int tiles_signals_ring_after(int fd, int signal_number);

// Stops ringing `fd` if it is the one being rung (call before closing it); the handlers stay,
// so the signals are still caught and kept for the next take.
void tiles_signals_release(int fd);

// The signals caught since the last call, as a set (bit n for signal n), emptied atomically.
unsigned long long tiles_signals_take(void);

// Does what `signal_number` (SIGTSTP) would have done uncaught: with its default action for the
// moment, raises it, so the process stops here until continued (or goes on at once when its
// process group is orphaned, where the kernel does not stop it); then catches it again as
// before. Returns 0, or -1 with sigaction's errno.
int tiles_signals_suspend(int signal_number);

#endif
