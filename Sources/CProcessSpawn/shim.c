#define _GNU_SOURCE
#include "CProcessSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int tiles_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int tiles_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int tiles_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int tiles_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int tiles_pidfd_send_signal(int pidfd, int signal) {
#ifdef SYS_pidfd_send_signal
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int tiles_become_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int tiles_open_pseudo_terminal(int *master, int *slave) {
    int leader = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (leader < 0) return -1;
    char name[128];
    if (grantpt(leader) != 0 || unlockpt(leader) != 0 || ptsname_r(leader, name, sizeof name) != 0) {
        int saved = errno;
        close(leader);
        errno = saved;
        return -1;
    }
    int follower = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (follower < 0) {
        int saved = errno;
        close(leader);
        errno = saved;
        return -1;
    }
    *master = leader;
    *slave = follower;
    return 0;
}
