/* cli/text.h: numbers, XML text and times as the subcommands show them to
 * people (minimized cases, reports, pictures).  Machine formats live in
 * oracle/: the case format (casefile.h) and JSON (json.h). */
#ifndef ISECT_CLI_TEXT_H
#define ISECT_CLI_TEXT_H

#include "catalog.h"

#include <stddef.h>
#include <stdio.h>

/* The shortest decimal that reads back as x in format fmt ("0.5", "3",
 * "1e-07", "inf"); for a value with few mantissa bits whose decimal is long,
 * the hex float ("0x1p-12").  Returns buf. */
char *number_readable(char *buf, size_t len, double x, isect_format fmt);
/* Length of number_readable's text: the measure of simplicity minimize
 * lowers. */
int number_complexity(double x, isect_format fmt);
/* A short decimal for people ("6.1e+05", "0.91"). */
char *number_short(char *buf, size_t len, double x);

void xml_text_write(FILE *f, const char *s); /* escapes & < > " ' */

/* The number of a command-line option: s whole, in strtod syntax, parsed
 * as a double (wide enough that no value wraps) and checked against
 * [lo, hi] before any conversion, an integer when integer is set.  Returns
 * 0, or -1 after "isect CMD: OPT takes ..., not 'S'" on stderr. */
int option_number(const char *cmd, const char *opt, const char *s, double lo, double hi, int integer, double *out);

/* "2026-11-01 12:00:00 UTC" */
void time_format(char *buf, size_t len, double epoch);

#endif
