/* cli/campaign.h: what the parts of `isect campaign` share: the options
 * (campaign_opts.c), the harness processes (campaign_proc.c) and the
 * scheduler that runs them (campaign.c).  See campaign.c for the design. */
#ifndef ISECT_CLI_CAMPAIGN_H
#define ISECT_CLI_CAMPAIGN_H

#include "commands.h"
#include "property.h"

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

enum { MAX_PAIRS = 256, MAX_PROCS = 64, MAX_SEEN = 512, TAIL = 6144 };

/* A (query, target) pair fuzzed by one harness. */
typedef struct {
    const isect_query *q; /* for a property: its first base query the target supports */
    const isect_target *t;
    const isect_property *prop; /* a property harness (prop_NAME), or NULL */
    char name[64];              /* q's name, or prop_NAME: folders and logs */
    char tname[64]; /* the target's name fit for a file name */
    int zoo; /* a zoo bug to catch (not a control) */
    int started, done, broken, nproc, runs, crashes, timeouts;
    int no_seeds; /* a seed killed the target: its restarts go without corpus/QUERY */
    double budget_end, runtime, execs_done, execs_running;
    double first_disc; /* seconds since start, NAN if none */
    char *seen[MAX_SEEN];
    int nseen;
} pair;

/* A running harness process of a pair. */
typedef struct {
    pid_t pid;
    int fd;
    pair *p;
    double start, end, kill_at, last_execs;
    int sent_int;
    char line[4096];
    size_t len;
    char tail[TAIL]; /* the last output, for the reason of a crash */
    size_t tail_len;
    char artifact[1024];
    FILE *log;
} proc;

typedef struct {
    double seconds, timeout, zoo_seconds;
    int jobs;
    unsigned long seed;
    int have_seed, report;
    const char *out, *fuzz_dir, *corpus_dir;
    const char *queries, *targets;
} options;

/* The state of the running campaign. */
typedef struct {
    pair pairs[MAX_PAIRS];
    int npairs;
    proc procs[MAX_PROCS];
    int nprocs;
    double t0, deadline; /* epoch seconds of the start and of the end */
    FILE *log;           /* OUT/campaign.log */
    char out_dir[1024];
    int tty, status_shown;
} campaign;

extern campaign camp;

/* ---- campaign_opts.c ---------------------------------------------------- */

/* Parses the command line into o; returns -1 to go on, else the exit
 * status (0 after --help, 2 on bad usage, with a message). */
int campaign_options(int argc, char **argv, options *o);
/* Fills camp.pairs with the selected pairs that have a harness; returns -1
 * (after a message) if there is none or a name is unknown. */
int select_pairs(const options *o);
void harness_path(const options *o, const isect_query *q, char *buf, size_t len);

/* ---- campaign_proc.c ---------------------------------------------------- */

/* Starts a harness process for p, to stop at end (epoch seconds); returns
 * 0, or -1 when it cannot. */
int start_proc(const options *o, pair *p, double end);
/* Reads what the process wrote (its stderr) and acts on its lines. */
void drain(proc *pr);
/* After the process ended with wait status wstatus: counts its work,
 * records a crash or a hang as a finding, removes it from camp.procs. */
void reap(const options *o, proc *pr, int wstatus);

/* ---- campaign.c --------------------------------------------------------- */

/* Seconds since the start. */
double since(void);
/* An event line in campaign.log. */
void logev(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A line for the user, above the live status line. */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
