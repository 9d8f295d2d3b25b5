/* cli/cases.h: shared helpers of the isect subcommands. */
#ifndef ISECT_CLI_CASES_H
#define ISECT_CLI_CASES_H

#include "casefile.h"
#include "files.h"
#include "guard.h"
#include "judge.h"
#include "targets.h"

#include <stdio.h>

/* Calls fn on each file named by paths (directories walked as
 * oracle/files.h says, with its flags); returns the number of errors (fn's
 * included). */
int corpus_files(char **paths, int npaths, int flags, isect_walk_fn fn, void *user);

/* Reads and checks every .case file named by paths, each error printed to
 * stderr; returns the number of errors. */
int corpus_check(char **paths, int npaths);

/* Streams the cases of the .case files named by paths: first every file is
 * read and checked (each error printed to stderr), and if one is bad
 * nothing else happens; then each file is read again, once, and fn called
 * on each case as it is read, so that memory holds one file's text and one
 * case.  A file that changed in between and no longer parses is an error
 * then (after its earlier cases).  Returns the number of errors; *nfiles
 * (when not NULL) the files streamed. */
typedef void (*corpus_case_fn)(void *user, const char *path, const isect_case *k, size_t index);
int corpus_each(char **paths, int npaths, corpus_case_fn fn, void *user, size_t *nfiles);

/* Parses the --target options: NULL-terminated list; "all" selects every
 * target.  Returns -1 (after printing) on an unknown name. */
int targets_select(const isect_target **sel, size_t *nsel, const char *name);

/* One evaluated (case, target) pair. */
typedef struct {
    double out[ISECT_MAX_OUT];
    isect_judgement j;
    /* Set by row_witness for a tolerated verdict: a nearby input where ref
     * agrees with the target (judge.h: isect_witness). */
    bool has_witness;
    double witness[ISECT_MAX_IN], moved;
    /* The target crashed (GUARD_CRASH) or hung (GUARD_HANG) in its child
     * process: verdict invalid, j.why = why. */
    int died;
    char why[64];
} isect_row;

/* Runs ref on a case; returns its status. */
int run_ref(const isect_case *k, double *out);
/* Runs and judges a target on a case; returns 0, or -1 if the target does not
 * support the query.  A target that guard_target isolates runs in a child
 * process for at most timeout seconds: a crash or a hang is the verdict
 * invalid, why "crashed with signal 11" or "timed out after 5 s". */
int run_target(const isect_case *k, const isect_target *t, int ref_status, const double *ref_out, double timeout,
               isect_row *row);

/* For a tolerated row: searches a witness up to 4 times the target's
 * tolerance (at least 4 units) and records it in the row. */
void row_witness(const isect_case *k, const isect_target *t, isect_row *row);

void json_row(FILE *f, const char *file, size_t index, const isect_case *k, const char *target,
              const double *out, int ref_status, const isect_row *row);

/* isect check --junit FILE (check_junit.c): one test case per case and
 * target judged, and per case with expect lines; written when closed. */
typedef struct {
    FILE *body;
    char *text;
    size_t len;
    int tests, failures, errors;
} junit_log;

int junit_open(junit_log *j);
/* kind: NULL (passed), "failure" or "error", with message. */
void junit_case(junit_log *j, const char *classname, const char *name, const char *kind, const char *message);
/* Writes the document to path (atomically); returns 0, or -1 after a message. */
int junit_close(junit_log *j, const char *path, const char *suite);

#endif
