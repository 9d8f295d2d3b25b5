/* oracle/finding.h: findings, the one definition of their format.
 *
 * A finding is a `.case` reproducer of a discrepancy, an invalid answer, a
 * crash or a hang.  Its header comment says in words what was found, and
 * carries one machine-readable line (one line in the file):
 *
 *   # isect-finding: query=Q target=T verdict=V feature=F output=O
 *   #                severity=HEX first=EPOCH found=EPOCH [elapsed=S]
 *
 * Its signature is (query, target, verdict, feature of the exact answer,
 * output that differs, decade of the severity): the fuzz harnesses and the
 * campaign keep one reproducer per signature, the most severe, in a file
 * named by the signature's key.  The fuzz harnesses (fuzz/harness.c), the
 * campaign, minimize and report (cli/) all write and read findings here.
 */
#ifndef ISECT_FINDING_H
#define ISECT_FINDING_H

#include "casefile.h"
#include "judge.h"

#include <stddef.h>

/* The output a crash or a hang of the target is recorded under (verdict
 * invalid, severity 0). */
#define ISECT_FINDING_CRASH "crash"
#define ISECT_FINDING_TIMEOUT "timeout"

typedef struct {
    isect_verdict verdict;
    char feature[48]; /* of ref's exact answer: "edge", "miss", "invalid_input", ... */
    char output[32];  /* the output that differs, "none", "crash" or "timeout" */
    int decade;       /* floor(log10(severity)), 0 below 1 */
    double severity;
} isect_signature;

/* The feature of ref's exact answer (the query's feature hook, else hit or
 * miss; invalid_input when ref rejects the input), as a word fit for a file
 * name (characters other than letters, digits and '_' become '_'). */
void isect_feature_name(const isect_query *q, const double *in, int ref_status, const double *ref_out, char *buf,
                        size_t len);
int isect_severity_decade(double severity);
/* The signature of the judgement j of a target's answer at in. */
void isect_signature_judged(isect_signature *s, const isect_query *q, const double *in, int ref_status,
                            const double *ref_out, const isect_judgement *j);
/* The signature of a target that crashed (hang 0) or hung (hang 1) at in. */
void isect_signature_died(isect_signature *s, const isect_query *q, const double *in, int ref_status,
                          const double *ref_out, int hang);
/* Same signature (the severity itself may differ within its decade). */
int isect_signature_same(const isect_signature *a, const isect_signature *b);
/* A target's name fit for a file name (':' and '/' become '-'). */
void isect_target_file_name(char *buf, size_t len, const char *target);
/* The file name of a signature's reproducer, without .case:
 * QUERY-TARGET-VERDICT-FEATURE-OUTPUT-eDECADE. */
void isect_signature_key(char *buf, size_t len, const char *query, const char *target, const isect_signature *s);

/* The machine-readable line of a reproducer's header. */
typedef struct {
    char query[64], target[64];
    isect_signature sig;
    /* A property harness's finding (verdict=property property=NAME): the
     * property's name; sig.verdict is then VERDICT_DISCREPANCY (a violation
     * is as real as a discrepancy).  Empty otherwise. */
    char property[48];
    double first;   /* epoch seconds when the signature was first found */
    double found;   /* epoch seconds when this reproducer was */
    double elapsed; /* seconds from the campaign's start to first; NAN: none */
} isect_finding_header;

/* "isect-finding: query=... found=...[ elapsed=...]" (no '#', no newline). */
void isect_finding_header_format(char *buf, size_t len, const isect_finding_header *h);
/* Reads the header comment of the file at path: the isect-finding line into
 * h (fields it lacks: severity 0, times NAN), the other comment lines, '#'
 * and the blanks after it removed, one per line into notes (when not
 * NULL).  Returns 1 if the file has the line, 0 if not, -1 if it cannot be
 * read (errno). */
int isect_finding_header_read(const char *path, isect_finding_header *h, char *notes, size_t notes_len);

/* The reproducer of in: its values, and ref's exact answer as expect lines
 * (`expect valid`; on a miss only the hit flag). */
void isect_finding_case(isect_case *k, const isect_query *q, const double *in, int ref_status,
                        const double *ref_out);
/* The text of the reproducer k: its header comment made of notes (lines
 * ending with a newline) and the line of h, then the case; malloc'd, its
 * length in *len (when not NULL); NULL on error. */
char *isect_finding_text(const isect_case *k, const char *notes, const isect_finding_header *h, size_t *len);
/* Writes the reproducer k to path atomically, its header comment made of
 * notes (lines ending with a newline) and the line of h.  Returns 0, or -1
 * with errno. */
int isect_finding_write(const char *path, const isect_case *k, const char *notes, const isect_finding_header *h);

/* Wall-clock time, seconds since the epoch. */
double isect_epoch_now(void);

#endif
