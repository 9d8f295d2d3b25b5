/* cli/guard.h: a call into a target isolated in a child process, with a
 * time limit, so that a target that crashes or hangs never takes an isect
 * command down.  check, eval, minimize, map, report and the campaign all
 * evaluate through it (cases.c, findings.c, props.c). */
#ifndef ISECT_CLI_GUARD_H
#define ISECT_CLI_GUARD_H

#include "targets.h"

#include <stddef.h>

typedef enum { GUARD_OK, GUARD_CRASH, GUARD_HANG } guard_status;

typedef struct {
    guard_status status;
    size_t got;    /* bytes the child sent before it ended */
    char why[64];  /* "crashed with signal 11", "timed out after 5 s" */
} guard_result;

/* What the child sends back: guard_send appends to the parent's buffer. */
typedef struct guard_pipe guard_pipe;
void guard_send(guard_pipe *p, const void *data, size_t len);

/* Runs fn(arg, pipe) in a child process; what it sends (at most len bytes)
 * lands in buf.  GUARD_OK when the child ended normally within timeout
 * seconds; GUARD_CRASH (killed by a signal, or a nonzero exit as under a
 * sanitizer) or GUARD_HANG (killed after timeout seconds) otherwise, with
 * what came before in buf (res->got bytes). */
guard_status guard_call(void (*fn)(void *arg, guard_pipe *p), void *arg, void *buf, size_t len, double timeout,
                        guard_result *res);

/* Whether a target's calls are isolated: the peers and the user's targets,
 * not fast and the zoo, whose code is the suite's own, fuzzed and tested
 * under the sanitizers (a fork per call costs about a millisecond, a
 * thousand times their call).  ISECT_ISOLATE=1 in the environment isolates
 * every target; ISECT_ISOLATE=0 none (a debugger, or timing the targets). */
int guard_target(const isect_target *t);

/* Parses --timeout's seconds (> 0, at most a day) into *out; returns 0, or
 * -1 when s is not such a number. */
int parse_timeout(const char *s, double *out);

/* The default time limit of a target's call, seconds (--timeout). */
#define GUARD_TIMEOUT 5.0

#endif
