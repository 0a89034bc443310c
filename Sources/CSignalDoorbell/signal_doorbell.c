#include "signal_doorbell.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static _Atomic unsigned long long caught;
static _Atomic int doorbell = -1;

static void ring(int signal_number) {
    int saved = errno;
    atomic_fetch_or(&caught, 1ULL << signal_number);
    int fd = atomic_load(&doorbell);
    if (fd >= 0) {
        char byte = 1;
        // EAGAIN: the pipe is full, so the loop wakes anyway.
        (void)!write(fd, &byte, 1);
    }
    errno = saved;
}

static struct sigaction chained_previous;
static _Atomic int chained_signal;

// The handler that was there first (ncurses' for SIGWINCH, which flags the resize its next
// wget_wch reports), then the doorbell, so that the loop's wait ends and reads the key.
static void ring_after_previous(int signal_number, siginfo_t *info, void *context) {
    int saved = errno;
    if (chained_previous.sa_flags & SA_SIGINFO) {
        if (chained_previous.sa_sigaction) chained_previous.sa_sigaction(signal_number, info, context);
    } else if (chained_previous.sa_handler != SIG_DFL && chained_previous.sa_handler != SIG_IGN) {
        chained_previous.sa_handler(signal_number);
    }
    int fd = atomic_load(&doorbell);
    if (fd >= 0) {
        char byte = 1;
        (void)!write(fd, &byte, 1);
    }
    errno = saved;
}

int tiles_signals_ring_after(int fd, int signal_number) {
    if (signal_number <= 0 || signal_number >= 64) {
        errno = EINVAL;
        return -1;
    }
    int expected = 0;
    if (!atomic_compare_exchange_strong(&chained_signal, &expected, signal_number)) {
        if (expected != signal_number) {
            errno = EBUSY;
            return -1;
        }
        atomic_store(&doorbell, fd);
        return 0;
    }
    // Read the handler in place first, then replace it: a signal in between still finds it.
    if (sigaction(signal_number, NULL, &chained_previous) != 0) {
        atomic_store(&chained_signal, 0);
        return -1;
    }
    atomic_store(&doorbell, fd);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = ring_after_previous;
    action.sa_mask = chained_previous.sa_mask;
    action.sa_flags = SA_SIGINFO | (chained_previous.sa_flags & SA_RESTART);
    if (sigaction(signal_number, &action, NULL) != 0) {
        atomic_store(&chained_signal, 0);
        return -1;
    }
    return 0;
}

int tiles_signals_install(int fd, const int *signals, int count) {
    atomic_store(&doorbell, fd);
    for (int i = 0; i < count; i++) {
        if (signals[i] <= 0 || signals[i] >= 64) {
            errno = EINVAL;
            return -1;
        }
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = ring;
        sigemptyset(&action.sa_mask);
        // Restart interrupted calls on other threads; the loop's poll() still returns EINTR
        // or sees the byte, whichever comes first.
        action.sa_flags = SA_RESTART;
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void tiles_signals_release(int fd) {
    int expected = fd;
    atomic_compare_exchange_strong(&doorbell, &expected, -1);
}

unsigned long long tiles_signals_take(void) {
    return atomic_exchange(&caught, 0);
}

int tiles_signals_suspend(int signal_number) {
    struct sigaction fallback, previous;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    if (sigaction(signal_number, &fallback, &previous) != 0) return -1;
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
    return sigaction(signal_number, &previous, NULL);
}
