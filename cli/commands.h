/* cli/commands.h: the campaign, report, minimize and map subcommands of
 * isect, and what they share with each other.  Each cmd_NAME takes the
 * arguments after `isect` (argv[0] is NAME) and returns the exit status:
 * 0 fine, 1 findings where the command says so, 2 bad usage or input. */
#ifndef ISECT_CLI_COMMANDS_H
#define ISECT_CLI_COMMANDS_H

#include "findings.h"
#include "guard.h"

#include <stdio.h>

int cmd_campaign(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_minimize(int argc, char **argv);
int cmd_map(int argc, char **argv);

/* ---- minimize (cli/minimize.c) ----------------------------------------- */

/* Shrinks f's input while its signature holds: zeros, small integers, fewer
 * mantissa bits, short decimals, power-of-two rescales of a unit class.
 * Writes the result to in (nin values) and its signature to sig; returns
 * the number of accepted steps, or -1 (message in err) if f's signature
 * cannot be evaluated here (unknown target, or it does not reproduce). */
int minimize_finding(const isect_finding *f, double *in, isect_signature *sig, char *err, size_t errlen);
/* Writes a minimized case readably (0.5, 3, 1e-7), with its header. */
void minimized_write(FILE *out, const isect_finding *f, const double *in, const isect_signature *sig, int steps);

/* ---- map (cli/map.c) ------------------------------------------------------ */

enum { MAP_MAX_RADIUS = 64 };

typedef struct {
    int xslot, yslot; /* input slots on the axes */
    int radius;       /* cells -radius..radius on each axis */
    double hx, hy;    /* steps (absolute) */
    /* per cell [iy][ix]: verdict (0..3), or 4 for invalid input, 5 crash */
    unsigned char cell[2 * MAP_MAX_RADIUS + 1][2 * MAP_MAX_RADIUS + 1];
    unsigned char ref_hit[2 * MAP_MAX_RADIUS + 1][2 * MAP_MAX_RADIUS + 1];
    int count[6];
} isect_map;

/* Step of `ulps` ulps of the query's format at x (at 0: of the unit scale). */
double map_step(const isect_query *q, const double *in, int slot, double ulps);
/* A step that lets the grid reach past the region the severity says is
 * wrong (1 ulp for mild findings). */
double map_step_auto(const isect_query *q, const double *in, int slot, double severity, int radius);
/* Computes the grid around in for target entry e (guarded: each cell in a
 * child process, as map_plan's probes). */
void map_compute(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, isect_map *m);
/* Picks the two input slots whose perturbation changes the verdict most
 * (unless *xslot and *yslot are set, >= 0) and their steps: the auto step,
 * or 8, 64, 512 times it where the grid would be of one colour. */
void map_plan(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, double severity,
              int radius, int *xslot, int *yslot, double *hx, double *hy);
/* Draws the grid as a standalone <svg> element. */
void map_svg(FILE *f, const isect_query *q, const double *in, const isect_map *m, const char *target,
             const char *title);
/* "origin.x" for slot 0 of ray_triangle. */
void slot_label(const isect_query *q, int slot, char *buf, size_t len);

/* ---- pictures (cli/svg.c) ------------------------------------------------ */

/* Draws the configuration of in (positions projected on the plane that
 * shows the primitives best, and a side view) with ref's contact and the
 * target's answer marked, as a standalone <svg> element.  tgt_out may be
 * NULL (the target crashed). */
void picture_svg(FILE *f, const isect_query *q, const double *in, int ref_status, const double *ref_out,
                 const double *tgt_out, const char *target);

/* ---- report (cli/report.c) ------------------------------------------------- */

/* Writes index.html, report.md, findings.json, junit.xml, pictures/,
 * minimized/ and maps/ into out for the findings under dir (and its
 * campaign.log, if any); prints the summary table to summary (may be
 * NULL).  Returns 0, 1 if a target outside the zoo has findings, 2 on
 * error. */
int report_generate(const char *dir, const char *out, FILE *summary, int quiet, int do_minimize, int do_maps);
/* The same for the findings of several folders, merged (report_merge.c):
 * campaigns, plain folders of .case findings and engines' crash files, the
 * latter judged for query and target (NULL: named by their paths). */
int report_generate_dirs(char **dirs, int ndirs, const char *out, const char *query, const char *target,
                         FILE *summary, int quiet, int do_minimize, int do_maps);

#endif
