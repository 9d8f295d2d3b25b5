/* cli/guard.c: isolated calls into targets; see guard.h. */
#include "guard.h"

#include "finding.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct guard_pipe {
    int fd;
};

void guard_send(guard_pipe *p, const void *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(p->fd, (const char *)data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(3);
        done += (size_t)n;
    }
}

/* Reads until the child closes its end, buf is full or the deadline
 * passes; returns 0, -1 (a read error) or -2 (the deadline). */
static int read_until(int fd, char *buf, size_t len, size_t *got, double deadline)
{
    char sink[256];
    for (;;) {
        double left = deadline - isect_epoch_now();
        if (left <= 0)
            return -2;
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            return -2;
        /* more than len bytes: the rest is read and dropped */
        ssize_t n = *got < len ? read(fd, buf + *got, len - *got) : read(fd, sink, sizeof sink);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            return 0;
        if (*got < len)
            *got += (size_t)n;
    }
}

guard_status guard_call(void (*fn)(void *arg, guard_pipe *p), void *arg, void *buf, size_t len, double timeout,
                        guard_result *res)
{
    memset(res, 0, sizeof *res);
    int fd[2];
    if (pipe(fd)) {
        snprintf(res->why, sizeof res->why, "could not be isolated (pipe: %s)", strerror(errno));
        return res->status = GUARD_CRASH;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        snprintf(res->why, sizeof res->why, "could not be isolated (fork: %s)", strerror(errno));
        return res->status = GUARD_CRASH;
    }
    if (pid == 0) {
        close(fd[0]);
        guard_pipe p = {fd[1]};
        fn(arg, &p);
        _exit(0);
    }
    close(fd[1]);
    int r = read_until(fd[0], buf, len, &res->got, isect_epoch_now() + timeout);
    close(fd[0]);
    if (r == -2)
        kill(pid, SIGKILL);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (r == -2) {
        snprintf(res->why, sizeof res->why, "timed out after %g s", timeout);
        return res->status = GUARD_HANG;
    }
    if (WIFSIGNALED(st))
        snprintf(res->why, sizeof res->why, "crashed with signal %d", WTERMSIG(st));
    else if (!WIFEXITED(st) || WEXITSTATUS(st))
        snprintf(res->why, sizeof res->why, "crashed (exit status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    else if (r)
        snprintf(res->why, sizeof res->why, "crashed (its answer did not come back)");
    else
        return res->status = GUARD_OK;
    return res->status = GUARD_CRASH;
}

int guard_target(const isect_target *t)
{
    const char *env = getenv("ISECT_ISOLATE");
    if (env && *env)
        return strcmp(env, "0") != 0;
    return strcmp(t->name, "fast") != 0 && strncmp(t->name, "zoo:", 4) != 0;
}

int parse_timeout(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v > 0) || v > 86400)
        return -1;
    *out = v;
    return 0;
}
