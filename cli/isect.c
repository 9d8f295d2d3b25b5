/* cli/isect.c: the isect command.  Exit status: 0 all agree or tolerated,
 * 1 a discrepancy, an invalid answer or a failed expect, 2 bad input or usage. */
#include "cases.h"
#include "commands.h"
#include "props.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXIT_FOUND 1
#define EXIT_USAGE 2

static const char *const usage_main =
    "usage: isect COMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Exact-reference checking of 3D intersection tests.\n"
    "\n"
    "commands:\n"
    "  list                      the query catalog: fields and outputs\n"
    "  targets                   implementations that can be judged\n"
    "  eval [--target T]... [--json] [--timeout S] FILE|DIR...\n"
    "                            run ref and targets on .case files\n"
    "  check [--target T]... [--junit FILE] [--timeout S] FILE|DIR...\n"
    "                            judge targets against ref, verify expect lines\n"
    "                            and check the properties (isect props)\n"
    "  props [--target T]... [--property P]... FILE|DIR...\n"
    "                            properties over related inputs (watertight, ...)\n"
    "  fmt [--check|--stdout] FILE|DIR...\n"
    "                            rewrite .case files canonically\n"
    "  campaign [--seconds S] [--queries Q,...] [--targets T,...] [--jobs N]\n"
    "                            fuzz every query against every target, then report\n"
    "  report [--out DIR] DIR    the discrepancy report of a campaign or of findings\n"
    "  minimize [-o OUT] FILE    shrink a finding into a readable case\n"
    "  map [--x FIELD.i --y FIELD.j] FILE\n"
    "                            failure map: verdicts on a grid of ulp perturbations\n"
    "\n"
    "'isect COMMAND --help' describes a command.  Exit status: 0 all agree or\n"
    "tolerated; 1 a discrepancy, an invalid answer or a failed expect; 2 bad\n"
    "input or usage.\n";

static int usage_error(const char *cmd, const char *msg)
{
    fprintf(stderr, "isect %s: %s\nTry 'isect %s --help'.\n", cmd, msg, cmd);
    return EXIT_USAGE;
}

/* Parses the options shared by eval and check. */
typedef struct {
    const isect_target *sel[64];
    size_t nsel;
    int json;
    const char *junit; /* check --junit FILE */
    double timeout;    /* --timeout S: of an isolated target's call */
    int first_arg;
} run_opts;

static int parse_run_opts(int argc, char **argv, const char *cmd, const char *help, int allow_json, run_opts *o)
{
    static const struct option longs[] = {
        {"target", required_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},
        {"junit", required_argument, NULL, 'J'},
        {"timeout", required_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->timeout = GUARD_TIMEOUT;
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+t:jh", longs, NULL)) != -1;) {
        switch (ch) {
        case 't':
            /* targets are selected at most once each */
            if (isect_target_count() > sizeof o->sel / sizeof *o->sel)
                return usage_error(cmd, "more targets built in than --target can select");
            if (targets_select(o->sel, &o->nsel, optarg))
                return EXIT_USAGE;
            break;
        case 'J':
            if (allow_json)
                return usage_error(cmd, "unknown option '--junit'");
            o->junit = optarg;
            break;
        case 'T':
            if (parse_timeout(optarg, &o->timeout))
                return usage_error(cmd, "--timeout wants seconds > 0");
            break;
        case 'j':
            if (!allow_json)
                return usage_error(cmd, "unknown option '--json'");
            o->json = 1;
            break;
        case 'h':
            fputs(help, stdout);
            exit(0);
        default: {
            char msg[128];
            snprintf(msg, sizeof msg, "unknown or incomplete option '%s'", argv[optind - 1]);
            return usage_error(cmd, msg);
        }
        }
    }
    if (optind >= argc)
        return usage_error(cmd, "no FILE or DIR given");
    if (!o->nsel)
        o->sel[o->nsel++] = isect_target_find("fast");
    o->first_arg = optind;
    return 0;
}

static int no_args(int argc, char **argv, const char *cmd, const char *help)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(help, stdout);
        exit(0);
    }
    if (argc > 1)
        return usage_error(cmd, "takes no arguments");
    return 0;
}

/* ---- list, targets ---------------------------------------------------- */

static const char *const help_list =
    "usage: isect list [--markdown]\n\n"
    "Prints the query catalog: each query's name, number format, input fields\n"
    "(name[arity]) and outputs.  --markdown prints the table of the README.\n";

static int cmd_list(int argc, char **argv)
{
    int md = argc == 2 && !strcmp(argv[1], "--markdown");
    if (!md && no_args(argc, argv, "list", help_list))
        return EXIT_USAGE;
    if (md)
        printf("| query | format | fields | outputs |\n|---|---|---|---|\n");
    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        char fields[512] = "", outs[256] = "";
        size_t n = 0;
        for (int f = 0; f < q->nfields; f++)
            n += (size_t)snprintf(fields + n, sizeof fields - n, q->fields[f].arity > 1 ? "%s%s[%d]" : "%s%s",
                                  f ? " " : "", q->fields[f].name, q->fields[f].arity);
        n = 0;
        for (int o = 0; o < q->noutputs; o++)
            n += (size_t)snprintf(outs + n, sizeof outs - n, q->outputs[o].arity > 1 ? "%s%s[%d]" : "%s%s",
                                  o ? " " : "", q->outputs[o].name, q->outputs[o].arity);
        if (md)
            printf("| %s | %s | %s | %s |\n", q->name, isect_format_name(q->format), fields, outs);
        else
            printf("%-22s %-8s %s -> %s\n  %s\n", q->name, isect_format_name(q->format), fields, outs,
                   q->summary);
    }
    return 0;
}

static const char *const help_targets =
    "usage: isect targets\n\n"
    "Lists the targets (implementations that can be judged against ref), the\n"
    "queries each supports and what it declares: ulps (numeric agreement) and\n"
    "tolerance (largest severity it admits; docs/judge.md); \"exact booleans\":\n"
    "every boolean or enum output must equal ref's exact answer.\n";

static int cmd_targets(int argc, char **argv)
{
    if (no_args(argc, argv, "targets", help_targets))
        return EXIT_USAGE;
    for (size_t i = 0; i < isect_target_count(); i++) {
        const isect_target *t = isect_target_at(i);
        printf("%-20s %s\n", t->name, t->summary);
        for (const isect_target_entry *e = t->entries; e->query; e++)
        {
            printf("  %-22s ulps %-6g tolerance %g", e->query, e->ulps, e->tolerance);
            printf("%s%s%s%s%s\n", e->precision == ISECT_BINARY64 ? " (units of 2^-53)" : "",
                   e->exact & ISECT_EXACT_BOOLS ? " exact booleans" : "", e->outputs ? " outputs: " : "",
                   e->outputs ? e->outputs : "", e->refuse ? " (refuses some inputs)" : "");
        }
    }
    return 0;
}

/* ---- eval ---------------------------------------------------------------- */

#define ISOLATION_HELP                                                           \
    "Every target but fast runs in a child process (ISECT_ISOLATE=1 isolates\n" \
    "fast too, 0 nothing): a target that crashes, or runs longer than\n"       \
    "--timeout S seconds (default 5), gets the verdict invalid (\"crashed\n"   \
    "with signal 11\", \"timed out after 5 s\") and the command goes on.\n\n"

static const char *const help_eval =
    "usage: isect eval [--target T]... [--json] [--timeout S] FILE|DIR...\n\n"
    "Runs ref and each target (default: fast; 'all' for every target) on every\n"
    "case of the .case files given (directories are searched for *.case) and\n"
    "prints the answers with the judge's verdict and severity; for a tolerated\n"
    "verdict, a witness: a nearby input (the fields it changes) at which ref's\n"
    "exact answer agrees with the target's.  --json prints one JSON object per\n"
    "case and target (ref's rows carry \"target\": \"ref\" and no verdict; a\n"
    "witness as \"witness\": {\"moved\", \"in\"}).\n\n"
    ISOLATION_HELP
    "Exit status 1 if any verdict is a discrepancy or invalid.\n";

static void print_outputs(const isect_query *q, const double *out)
{
    for (int o = 0; o < q->noutputs; o++) {
        printf(" %s", q->outputs[o].name);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            double v = out[isect_output_offset(q, o) + i];
            if (q->outputs[o].kind != OUT_REAL)
                printf(" %d", (int)v);
            else
                printf(" %.9g", v);
        }
    }
}

/* The witness of a tolerated row: the fields it changes, and how far. */
static void print_witness(const isect_case *k, const isect_row *row)
{
    const isect_query *q = k->query;
    if (!row->has_witness) {
        printf("  %-14s none found near the input (the search proves nothing)\n", "witness");
        return;
    }
    printf("  %-14s ref agrees with it at", "witness");
    for (int f = 0; f < q->nfields; f++) {
        int at = isect_field_offset(q, f), changed = 0;
        for (int i = 0; i < q->fields[f].arity; i++)
            changed |= memcmp(&row->witness[at + i], &k->in[at + i], sizeof(double)) != 0;
        if (!changed)
            continue;
        printf(" %s", q->fields[f].name);
        for (int i = 0; i < q->fields[f].arity; i++) {
            double x = row->witness[at + i]; /* binary32 values in 9 digits; others need 17 */
            printf(q->format == FMT_F32 && (double)(float)x == x ? " %.9g" : " %.17g", x);
        }
    }
    printf(" (inputs moved by at most %.3g units)\n", row->moved);
}

static int is_bad(const isect_row *row)
{
    return row->j.verdict == VERDICT_DISCREPANCY || row->j.verdict == VERDICT_INVALID;
}

/* What eval and check carry from case to case. */
typedef struct {
    run_opts o;
    int check, found;
    size_t ncases, counts[VERDICT_REFUSED + 1], expect_failed, props_violated, died[GUARD_HANG + 1];
    junit_log jl; /* check --junit */
} run_state;

static void eval_case(run_state *s, const char *path, const char *qpath, size_t index, const isect_case *k, int st,
                      const double *ref_out);
static void check_case(run_state *s, const char *qpath, const isect_case *k, int st, const double *ref_out);

/* One case streamed (cases.h): ref's answer, then eval's or check's output. */
static void run_case(void *user, const char *path, const isect_case *k, size_t index)
{
    run_state *s = user;
    double ref_out[ISECT_MAX_OUT];
    int st = run_ref(k, ref_out);
    char qpath[1024];
    isect_quote(qpath, sizeof qpath, path);
    if (s->check)
        check_case(s, qpath, k, st, ref_out);
    else
        eval_case(s, path, qpath, index, k, st, ref_out);
}

/* eval's rows of one case: ref's, then each target's. */
static void eval_case(run_state *s, const char *path, const char *qpath, size_t index, const isect_case *k, int st,
                      const double *ref_out)
{
    const run_opts *o = &s->o;
    if (o->json)
        json_row(stdout, path, index, k, "ref", ref_out, st, NULL);
    else {
        printf("%s:%d: %s\n  %-14s", qpath, k->line, k->query->name, "ref");
        if (st == ISECT_REF_OK)
            print_outputs(k->query, ref_out);
        else
            printf(" invalid input");
        printf("\n");
    }
    for (size_t t = 0; t < o->nsel; t++) {
        isect_row row;
        if (run_target(k, o->sel[t], st, ref_out, o->timeout, &row)) {
            if (!o->json)
                printf("  %-14s (does not support %s)\n", o->sel[t]->name, k->query->name);
            continue;
        }
        s->found |= is_bad(&row);
        row_witness(k, o->sel[t], &row);
        if (o->json) {
            json_row(stdout, path, index, k, o->sel[t]->name, row.out, st, &row);
            continue;
        }
        printf("  %-14s", o->sel[t]->name);
        if (!row.died)
            print_outputs(k->query, row.out);
        printf("  -> %s", isect_verdict_name(row.j.verdict));
        if (row.j.verdict != VERDICT_AGREE && row.j.verdict != VERDICT_INVALID)
            printf(" (severity %.3g)", row.j.severity);
        if (row.j.why)
            printf(" (%s)", row.j.why);
        printf("\n");
        if (row.j.verdict == VERDICT_TOLERATED)
            print_witness(k, &row);
    }
}

static int cmd_eval(int argc, char **argv)
{
    run_state s = {0};
    int r = parse_run_opts(argc, argv, "eval", help_eval, 1, &s.o);
    if (r)
        return r;
    if (corpus_each(argv + s.o.first_arg, argc - s.o.first_arg, run_case, &s, NULL))
        return EXIT_USAGE;
    return s.found ? EXIT_FOUND : 0;
}

/* ---- check --------------------------------------------------------------- */

static const char *const help_check =
    "usage: isect check [--target T]... [--junit FILE] [--timeout S] FILE|DIR...\n\n"
    "Verifies every 'expect' line against ref's exact answer, and judges each\n"
    "target (default: fast; 'all' for every target) against ref.  Prints one\n"
    "line per problem (file:line) and a summary.  --junit FILE also writes\n"
    "JUnit XML for a CI system: one test case per case and target (a failure\n"
    "for a discrepancy, an error for an invalid answer), one per case with\n"
    "expect lines, and a failure per property violation.\n\n"
    ISOLATION_HELP
    "Exit status 1 if an expect fails, a property is violated or a verdict\n"
    "is a discrepancy or invalid, 2 on bad input.\n";

static int check_expects(FILE *out, const char *path, const isect_case *k, int st, const double *ref_out)
{
    const isect_query *q = k->query;
    int failed = 0;
    if (k->expect_valid >= 0 && k->expect_valid != (st == ISECT_REF_OK)) {
        fprintf(out, "%s:%d: expect valid %d, but ref finds the input %s\n", path, k->expect_valid_line,
               k->expect_valid, st == ISECT_REF_OK ? "valid" : "invalid");
        failed++;
    }
    for (int o = 0; o < q->noutputs; o++) {
        if (!k->expect[o])
            continue;
        int at = isect_output_offset(q, o);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            double want = k->expect_value[at + i], got = ref_out[at + i];
            int same = q->outputs[o].kind == OUT_BOOL ? (want != 0) == (got != 0) : want == got;
            if (st != ISECT_REF_OK || !same) {
                char w[64], g[64];
                isect_format_hex(w, sizeof w, want);
                isect_format_hex(g, sizeof g, got);
                fprintf(out, "%s:%d: expect %s: want %s (%.17g), ref gives %s (%.17g)%s\n", path, k->expect_line[o],
                       q->outputs[o].name, w, want, g, got, st != ISECT_REF_OK ? " [invalid input]" : "");
                failed++;
                break;
            }
        }
    }
    return failed;
}

/* The expect lines of a case: problems printed, one JUnit test case. */
static void check_expect_lines(run_state *s, const char *qpath, const isect_case *k, int st, const double *ref_out,
                               const char *name)
{
    int any = k->expect_valid >= 0;
    for (int o = 0; o < k->query->noutputs; o++)
        any |= k->expect[o];
    char *text = NULL;
    size_t len = 0;
    FILE *m = s->jl.body ? open_memstream(&text, &len) : NULL;
    int n = check_expects(m ? m : stdout, qpath, k, st, ref_out);
    s->expect_failed += (size_t)n;
    if (m) {
        fclose(m);
        fputs(text, stdout);
        if (any)
            junit_case(&s->jl, "expect", name, n ? "failure" : NULL, text);
        free(text);
    }
}

/* The properties of a case on target t: each violation printed, one JUnit
 * failure each. */
static void check_props(run_state *s, const char *qpath, const isect_case *k, const isect_target *t,
                        const char *name)
{
    static prop_violation v[PROPS_MAX];
    int n = props_check_case(qpath, k, t, NULL, s->o.timeout, NULL, v);
    s->props_violated += (size_t)n;
    for (int i = 0; i < n; i++) {
        char pname[1400];
        snprintf(pname, sizeof pname, "%.1200s property %.47s", name, v[i].property);
        junit_case(&s->jl, t->name, pname, "failure", v[i].text);
    }
}

/* check's problems with one case: its expect lines, then the verdicts and
 * the properties. */
static void check_case(run_state *s, const char *qpath, const isect_case *k, int st, const double *ref_out)
{
    const run_opts *o = &s->o;
    char name[1200], msg[1024];
    snprintf(name, sizeof name, "%s:%d %s", qpath, k->line, k->query->name);
    s->ncases++;
    check_expect_lines(s, qpath, k, st, ref_out, name);
    for (size_t t = 0; t < o->nsel; t++) {
        isect_row row;
        if (run_target(k, o->sel[t], st, ref_out, o->timeout, &row))
            continue;
        s->counts[row.j.verdict]++;
        s->died[row.died]++;
        check_props(s, qpath, k, o->sel[t], name);
        msg[0] = 0;
        if (is_bad(&row)) {
            if (row.j.why)
                snprintf(msg, sizeof msg, "%s (%s)", isect_verdict_name(row.j.verdict), row.j.why);
            else
                snprintf(msg, sizeof msg, "%s on %s, severity %.3g", isect_verdict_name(row.j.verdict),
                         isect_slot_name(k->query, row.j.slot), row.j.severity);
            printf("%s:%d: %s: %s\n", qpath, k->line, o->sel[t]->name, msg);
        }
        junit_case(&s->jl, o->sel[t]->name, name,
                   !is_bad(&row) ? NULL : row.j.verdict == VERDICT_DISCREPANCY ? "failure" : "error", msg);
    }
}

static int cmd_check(int argc, char **argv)
{
    run_state s = {.check = 1};
    int r = parse_run_opts(argc, argv, "check", help_check, 0, &s.o);
    if (r)
        return r;
    size_t nfiles = 0;
    if (s.o.junit && junit_open(&s.jl)) {
        fprintf(stderr, "isect check: out of memory\n");
        return EXIT_USAGE;
    }
    if (corpus_each(argv + s.o.first_arg, argc - s.o.first_arg, run_case, &s, &nfiles))
        return EXIT_USAGE;
    printf("%zu cases in %zu files: %zu agree, %zu tolerated, %zu discrepancies, %zu invalid", s.ncases, nfiles,
           s.counts[VERDICT_AGREE], s.counts[VERDICT_TOLERATED], s.counts[VERDICT_DISCREPANCY],
           s.counts[VERDICT_INVALID]);
    if (s.counts[VERDICT_REFUSED])
        printf(", %zu refused", s.counts[VERDICT_REFUSED]);
    if (s.died[GUARD_CRASH] || s.died[GUARD_HANG])
        printf(" (of which %zu crashed, %zu timed out)", s.died[GUARD_CRASH], s.died[GUARD_HANG]);
    printf("; %zu failed expects\n", s.expect_failed);
    if (s.props_violated)
        printf("%zu property violations (isect props)\n", s.props_violated);
    if (s.o.junit && junit_close(&s.jl, s.o.junit, "isect check"))
        return EXIT_USAGE;
    return (s.counts[VERDICT_DISCREPANCY] || s.counts[VERDICT_INVALID] || s.expect_failed || s.props_violated)
               ? EXIT_FOUND
               : 0;
}

/* ---- fmt ----------------------------------------------------------------- */

static const char *const help_fmt =
    "usage: isect fmt [--check | --stdout] FILE|DIR...\n\n"
    "Rewrites .case files canonically (directories are searched for *.case):\n"
    "every number as a hex float with its decimal in a comment; comment lines\n"
    "are kept.  --stdout prints instead of rewriting; --check rewrites nothing\n"
    "and exits 1 if a file is not canonical.  Nothing is rewritten when any\n"
    "file does not parse (exit 2, FILE:LINE: message).\n";

typedef struct {
    int check, to_stdout, status;
} fmt_state;

/* One file: read once, formatted from what was read, compared with it, and
 * replaced atomically (a temporary file beside it, then rename), so that
 * an interrupted fmt never leaves half a case; returns 1 on an error. */
static int fmt_file(const char *path, void *user)
{
    fmt_state *st = user;
    char err[1024], why[128], qpath[1024];
    size_t len = 0, fmt_len = 0;
    char *old = isect_read_regular(path, (size_t)64 << 20, &len, why, sizeof why), *text = NULL;
    isect_quote(qpath, sizeof qpath, path);
    if (!old) {
        fprintf(stderr, "%s: cannot read: %s\n", qpath, why);
        return 1;
    }
    FILE *mem = open_memstream(&text, &fmt_len);
    int bad = !mem || isect_casefile_format_text(path, old, len, mem, err, sizeof err);
    if (mem)
        fclose(mem);
    if (bad)
        fprintf(stderr, "%s\n", mem ? err : "isect fmt: out of memory");
    int same = !bad && fmt_len == len && !memcmp(old, text, len);
    free(old);
    if (!bad && st->to_stdout)
        fwrite(text, 1, fmt_len, stdout);
    else if (!bad && st->check && !same) {
        printf("%s: not canonical\n", qpath);
        st->status = EXIT_FOUND;
    } else if (!bad && !same && isect_write_atomic(path, text, fmt_len)) {
        fprintf(stderr, "%s: cannot write: %s\n", qpath, strerror(errno));
        bad = 1;
    }
    free(text);
    return bad;
}

static int cmd_fmt(int argc, char **argv)
{
    int check = 0, to_stdout = 0, argi = 1;
    for (; argi < argc && argv[argi][0] == '-'; argi++) {
        if (!strcmp(argv[argi], "--help") || !strcmp(argv[argi], "-h")) {
            fputs(help_fmt, stdout);
            return 0;
        } else if (!strcmp(argv[argi], "--check"))
            check = 1;
        else if (!strcmp(argv[argi], "--stdout"))
            to_stdout = 1;
        else if (!strcmp(argv[argi], "--")) {
            argi++;
            break;
        } else {
            char msg[128];
            snprintf(msg, sizeof msg, "unknown option '%s'", argv[argi]);
            return usage_error("fmt", msg);
        }
    }
    if (argi >= argc)
        return usage_error("fmt", "no FILE given");
    if (check && to_stdout)
        return usage_error("fmt", "--check and --stdout exclude each other");
    if (corpus_check(argv + argi, argc - argi))
        return EXIT_USAGE;
    fmt_state st = {check, to_stdout, 0};
    if (corpus_files(argv + argi, argc - argi, ISECT_WALK_NO_NOTES, fmt_file, &st))
        return EXIT_USAGE;
    return st.status;
}

/* ---- main ---------------------------------------------------------------- */

typedef struct {
    const char *name;
    int (*fn)(int, char **);
} command;

static const command commands[] = {
    {"list", cmd_list}, {"targets", cmd_targets}, {"eval", cmd_eval}, {"check", cmd_check}, {"fmt", cmd_fmt},
    {"props", cmd_props}, {"campaign", cmd_campaign}, {"report", cmd_report}, {"minimize", cmd_minimize},
    {"map", cmd_map},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(usage_main, stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "isect: unknown command '%s'\n\n%s", argv[1], usage_main);
    return EXIT_USAGE;
}
