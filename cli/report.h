/* cli/report.h: what the parts of `isect report` share: the report loaded
 * from disk (report.c: findings and campaign.log; report_draw.c: pictures,
 * minimized cases, failure maps) and its writers, one per file: findings.json
 * (report_json.c), junit.xml (report_junit.c), index.html (report_html.c),
 * report.md (report_md.c).  reports/README.md describes the files. */
#ifndef ISECT_CLI_REPORT_H
#define ISECT_CLI_REPORT_H

#include "commands.h"

#include <stdio.h>

enum { MAX_ITEMS = 2000, MAX_PAIRS = 256, TOP_MAPS = 6, MAP_RADIUS = 20 };

typedef struct {
    isect_finding f;
    int ref_status, ran; /* ran: the target's answer is known */
    double ref_out[ISECT_MAX_OUT], tgt_out[ISECT_MAX_OUT];
    double elapsed;      /* first found, seconds after the campaign's start */
    char rel[1200];      /* reproducer, relative to the report */
    char *minimized;     /* text, or NULL */
    char *picture;       /* <svg> */
    char *map;           /* <svg>, or NULL */
    int zoo;             /* its findings do not fail the report: a zoo bug or a peer */
    int converted;       /* from an engine's crash file: f is in memory only */
} item;

typedef struct {
    char query[64], target[64];
    double execs, seconds;
    int runs, crashes, timeouts, ran;
    int nfind, ndisc, ninv, ncauses;
    double maxsev, first;
    double first_run; /* seconds after the start, of the pair's first run */
} pair_stat;

typedef struct {
    int has_log, finished;
    double start, seconds, stop_at;
    int jobs;
    char stop[32];
} meta;

/* A cause: the signatures of one (query, target, kind, feature of the
 * exact answer), kind being the verdict with crashes, hangs and property
 * violations apart (cause_kind).  One bug shows as many signatures (the
 * output that differs, the severity's decade); the headline counts causes.
 * Sorted, a cause's items are consecutive, the most severe first. */
typedef struct {
    size_t first, n; /* items[first .. first + n) */
    double maxsev, elapsed;
} cause;

typedef struct {
    item *items;
    size_t n, cap;
    cause *causes;
    size_t ncauses;
    pair_stat pairs[MAX_PAIRS];
    size_t npairs;
    meta m;
    const char *dir, *out;
    int nsources;        /* folders merged */
    size_t nread, ndups; /* findings read; dropped as another's duplicate */
} report;

typedef struct {
    const char *name; /* the zoo target */
    int ran, found, sigs, control, ok;
    double first, maxsev;
    double own; /* first discrepancy, seconds after its pair's first run */
    const char *word; /* found, NOT FOUND, not run, clean, FOUND */
} zoo_result;

/* ---- report.c: shared by the writers ---------------------------------------- */

int is_zoo(const char *target);
int is_peer(const char *target);
/* Findings here are a problem: in a target outside the zoo and the peers,
 * or in a zoo control. */
int must_be_clean(const char *target);
/* The results of the zoo targets in r, in the registry's order; returns
 * their count (at most max). */
size_t zoo_results(const report *r, zoo_result *z, size_t max);
const char *zoo_kind(const zoo_result *z);
/* "discrepancy", "invalid", "crash", "timeout" or "property". */
const char *cause_kind(const isect_finding *f);
/* "fast on ray_triangle: discrepancy, exact answer edge (3 signatures)" */
const char *cause_title(const report *r, const cause *c, char *buf, size_t len);
/* The causes of target in r (all when NULL) outside the zoo (zoo 0), in it
 * (1), or both (-1). */
size_t count_causes(const report *r, const char *target, int zoo);
/* "ray_triangle on fast: discrepancy on t (exact answer: edge), severity 12" */
const char *title_of(const item *it, char *buf, size_t len);
/* Seconds ("0.25 s", "12 s", "-" when not finite); a severity ("6.1e+05"). */
void put_time(FILE *f, double s);
void put_sev(FILE *f, double s);

/* Writes text into dir/name (atomically); returns 0, or -1 after a message. */
int put_file(const char *dir, const char *name, const char *text);

/* Reads the campaign.log at path into r, merged with those read before
 * (executions and runs add up); returns the campaign's start (epoch
 * seconds), NAN if it has none. */
double report_read_log(report *r, const char *path);

/* ---- report_merge.c ---------------------------------------------------------- */

/* Loads the findings of the folders dirs into r (r->out set): campaign
 * folders (findings/ and campaign.log), plain folders of .case findings and
 * of engines' crash files, judged for query and target (NULL: named by the
 * file's path, else fast); one finding per signature, the most severe;
 * those not in the report's own campaign are written to r->out/findings/.
 * Returns the number of files that could not be read. */
int report_load(report *r, char **dirs, int ndirs, const char *query, const char *target);

/* ---- report_draw.c ----------------------------------------------------------- */

/* What fn writes on arg, as a malloc'd string; NULL on error. */
char *render(void (*fn)(FILE *, void *), void *arg);
/* Each finding evaluated, drawn into pictures/ and (do_minimize) minimized
 * into minimized/. */
void draw_items(report *r, int do_minimize);
/* Failure maps of the most severe findings, at most two per target, into
 * maps/. */
void draw_maps(report *r);

/* ---- the writers ------------------------------------------------------------- */

void write_json(FILE *f, const report *r);
void write_junit(FILE *f, const report *r);
void write_html(FILE *f, const report *r);
void write_md(FILE *f, const report *r);

#endif
