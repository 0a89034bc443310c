// See terminal_rescue.h. Everything the handler touches is prepared before it can run: static
// buffers, no allocation, only async-signal-safe calls (write, tcsetattr, sigaction, raise).
#include "terminal_rescue.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

// SIGTRAP: a Swift trap on arm64 (x86-64 traps with SIGILL).
static const int fatal_signals[] = { SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP };
enum { fatal_signal_count = sizeof(fatal_signals) / sizeof(fatal_signals[0]) };

static char restore_bytes[TILES_RESCUE_CAPACITY];
static size_t restore_length;
static int terminal_fd = -1;
static struct termios saved_modes;
static int has_saved_modes;
static struct sigaction previous_actions[fatal_signal_count];
static int installed;
// 1 while tiles owns the terminal; swapped to 0 by the first handler to run, so the terminal is
// restored once even when two threads crash together.
static volatile sig_atomic_t armed;

static int index_of(int number) {
    for (int i = 0; i < fatal_signal_count; i++) {
        if (fatal_signals[i] == number) return i;
    }
    return -1;
}

static void restore_terminal(void) {
    if (!__atomic_exchange_n(&armed, 0, __ATOMIC_SEQ_CST)) return;
    const char *next = restore_bytes;
    size_t left = restore_length;
    while (left > 0) {
        ssize_t written = write(terminal_fd, next, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            break;
        }
        next += written;
        left -= (size_t)written;
    }
    if (has_saved_modes) {
        while (tcsetattr(terminal_fd, TCSADRAIN, &saved_modes) < 0 && errno == EINTR) {}
    }
}

static void handle_fatal_signal(int number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    restore_terminal();
    int index = index_of(number);
    struct sigaction previous = previous_actions[index];
    // Whatever handled the signal before (Swift's backtracer prints its report now, on the
    // ordinary screen) gets it next, with the original context.
    sigaction(number, &previous, NULL);
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) previous.sa_sigaction(number, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(number);
    }
    // Then the default action, whether the signal came from a fault, abort() or kill: the
    // process ends here, killed by the same signal (with a core dump where enabled).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(number, &fallback, NULL);
    raise(number);
    errno = saved_errno;
}

int tiles_rescue_save_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) < 0) return -1;
    has_saved_modes = 1;
    return 0;
}

int tiles_rescue_arm(int fd, const char *bytes, size_t length) {
    if (length > sizeof restore_bytes) {
        errno = EINVAL;
        return -1;
    }
    tiles_rescue_set_armed(0);
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    terminal_fd = fd;
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = handle_fatal_signal;
        // As Swift's own crash handler: on the alternate stack (the runtime sets one up) so a
        // stack overflow is served too, other signals held off, and the fatal ones left open
        // (SA_NODEFER included): the backtracer reads memory from a thread that inherits this
        // mask and must survive its own faults, and the final raise acts at once.
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigfillset(&action.sa_mask);
        for (int i = 0; i < fatal_signal_count; i++) sigdelset(&action.sa_mask, fatal_signals[i]);
        for (int i = 0; i < fatal_signal_count; i++) {
            if (sigaction(fatal_signals[i], &action, &previous_actions[i]) < 0) return -1;
        }
        installed = 1;
    }
    tiles_rescue_set_armed(1);
    return 0;
}

void tiles_rescue_set_armed(int on) {
    __atomic_store_n(&armed, on ? 1 : 0, __ATOMIC_SEQ_CST);
}
