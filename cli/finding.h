/* cli/finding.h: findings on disk and what the campaign, report, minimize
 * and map subcommands share about them.
 *
 * A finding is a `.case` reproducer whose header comment carries one
 * machine-readable line, written by the fuzz harness (fuzz/harness.c) or by
 * the campaign for a crash or a hang:
 *
 *   # isect-finding: query=Q target=T verdict=V feature=F output=O
 *   #                severity=HEX first=EPOCH found=EPOCH [elapsed=S]
 *
 * (one line).  Its signature is (query, target, verdict, feature of the
 * exact answer, output that differs, decade of the severity); a campaign
 * keeps one reproducer per signature, the most severe.
 */
#ifndef ISECT_CLI_FINDING_H
#define ISECT_CLI_FINDING_H

#include "casefile.h"
#include "judge.h"
#include "targets.h"

#include <stdio.h>

/* The output names a crash or a hang is recorded under (verdict invalid). */
#define FINDING_CRASH "crash"
#define FINDING_TIMEOUT "timeout"

typedef struct {
    isect_verdict verdict;
    char feature[48];
    char output[32]; /* the output that differs, "none", "crash" or "timeout" */
    int decade;
    double severity;
} isect_signature;

typedef struct {
    char path[1024];
    char key[256];         /* the file name without .case */
    isect_case c;          /* the reproducer: the file's first case */
    const isect_query *q;
    const isect_target *t; /* NULL if this isect does not have the target */
    char target[64];
    isect_signature sig;   /* from the header (or recomputed when it has none) */
    char notes[2048];      /* the other header comment lines, one per line */
    double first, found;   /* epoch seconds; NAN when unknown */
    int has_header;
} isect_finding;

/* Reads a finding file.  Without an isect-finding header, target defaults to
 * default_target (NULL: fast) and the signature is computed.  Returns 0, or
 * -1 with a message in err. */
int finding_load(const char *path, const char *default_target, isect_finding *f, char *err, size_t errlen);
void finding_free(isect_finding *f);
int finding_is_crash(const isect_finding *f);

/* Zoo members that are controls of the judge's soundness rather than bugs
 * to catch (zoo:xna_sphere): they differ from ref only where an arbitrarily
 * small input perturbation explains it, so a campaign must find nothing in
 * them. */
int zoo_control(const char *target);

/* ---- evaluation ------------------------------------------------------- */

typedef enum { EVAL_OK, EVAL_CRASH, EVAL_HANG } isect_eval_status;

/* Runs ref and the target entry e on in and judges the answer; fills the
 * signature.  guarded: run both in a child process with a time limit
 * (seconds), so that a crash or a hang comes back as a signature with
 * output crash or timeout instead of ending this process. */
isect_eval_status signature_eval(const isect_query *q, const isect_target_entry *e, const double *in, int guarded,
                                 double timeout, isect_signature *s, int *ref_status, double *ref_out,
                                 double *tgt_out, isect_judgement *j);
/* Same signature (the severity itself may differ within its decade). */
int signature_same(const isect_signature *a, const isect_signature *b);
/* The feature of ref's exact answer as the harness names it. */
void feature_name(const isect_query *q, const double *in, int ref_status, const double *ref_out, char *buf,
                  size_t len);
int severity_decade(double severity);

/* ---- formats -------------------------------------------------------------- */

/* The shortest decimal that reads back as x in format fmt ("0.5", "3",
 * "1e-07", "inf"); for a value with few mantissa bits whose decimal is long,
 * the hex float ("0x1p-12").  Returns buf. */
char *number_readable(char *buf, size_t len, double x, isect_format fmt);
/* Length of number_readable's text: the measure of simplicity minimize
 * lowers. */
int number_complexity(double x, isect_format fmt);
/* A short decimal for people ("6.1e+05", "0.91"). */
char *number_short(char *buf, size_t len, double x);

void json_string_write(FILE *f, const char *s);
void json_number_write(FILE *f, double x); /* non-finite as a string */
void xml_text_write(FILE *f, const char *s);  /* escapes & < > " ' */

int mkdir_p(const char *path);
double epoch_now(void);
/* "2026-11-01 12:00:00 UTC" */
void time_format(char *buf, size_t len, double epoch);
/* Atomically replaces path with the text (temporary file, then rename). */
int file_write_atomic(const char *path, const char *text, size_t len);

#endif
