#ifndef TILES_C_PROCESS_SPAWN_H
#define TILES_C_PROCESS_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

// Linux process calls that Swift's Glibc module does not show: glibc declares them only under
// _GNU_SOURCE, and `syscall` is variadic. The definitions are in shim.c.

/// pipe2(fds, O_CLOEXEC): a pipe whose ends no other spawned program inherits.
int tiles_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np: close every descriptor from `from` up in the child.
int tiles_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int from);

/// posix_spawn_file_actions_addchdir_np: change to `path` in the child before exec.
int tiles_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// pidfd_open(pid, 0): a descriptor that polls readable when the child exits; -1 and errno on failure.
int tiles_pidfd_open(pid_t pid);

/// pidfd_send_signal(pidfd, signal, NULL, 0): signals exactly the process the pidfd names; -1 and
/// errno (ESRCH once it is gone) on failure.
int tiles_pidfd_send_signal(int pidfd, int signal);

/// prctl(PR_SET_CHILD_SUBREAPER, 1): orphaned descendants of this process's children become its
/// children instead of init's. 0, or -1 and errno.
int tiles_become_child_subreaper(void);

/// A new pseudo-terminal (posix_openpt, grantpt, unlockpt, then its other end opened), both
/// ends close-on-exec and neither the caller's controlling terminal. 0, or -1 and errno.
int tiles_open_pseudo_terminal(int *master, int *slave);

#endif
