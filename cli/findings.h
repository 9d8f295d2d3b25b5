/* cli/findings.h: findings as the campaign, report, minimize and map
 * subcommands load and re-evaluate them.  Their format (the isect-finding
 * header line, signatures, reproducers) is oracle/finding.h's.
 */
#ifndef ISECT_CLI_FINDINGS_H
#define ISECT_CLI_FINDINGS_H

#include "files.h"
#include "finding.h"
#include "json.h"
#include "targets.h"
#include "text.h"

#include <stdio.h>

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
    char property[48];     /* a property harness's finding: the property */
    char pair[72];         /* the campaign's name of its harness: q's name, or prop_NAME */
} isect_finding;

/* Reads a finding file.  Without an isect-finding header, target defaults to
 * default_target (NULL: fast) and the signature is computed.  Returns 0, or
 * -1 with a message in err. */
int finding_load(const char *path, const char *default_target, isect_finding *f, char *err, size_t errlen);
void finding_free(isect_finding *f);
int finding_is_crash(const isect_finding *f);
/* "discrepancy", "invalid", or "property" for a property violation. */
const char *finding_verdict(const isect_finding *f);
/* The file name of f's reproducer, without .case: its signature's key
 * (isect_signature_key), or QUERY-TARGET-property-NAME-eDECADE. */
void finding_key(const isect_finding *f, char *buf, size_t len);
/* Recomputes f's signature for its target f->t (in a child process, with a
 * time limit of timeout seconds); returns -1 if this isect has no such
 * target or it does not support the query. */
int finding_judge(isect_finding *f, double timeout);

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

#endif
