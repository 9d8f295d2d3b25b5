/* cli/campaign_opts.c: the command line of `isect campaign` and the
 * selection of its (query, target) pairs; see campaign.h. */
#include "campaign.h"

#include <ctype.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const help_campaign =
    "usage: isect campaign [--seconds S] [--queries Q,...] [--targets T,...]\n"
    "                      [--jobs N] [--out DIR] [options]\n\n"
    "Fuzzes every selected query that has a harness against every selected\n"
    "target that supports it, for S seconds on N cores, then writes the report\n"
    "(isect report) and prints its path and a summary table.  A live line shows\n"
    "the elapsed time, executions per second and findings so far.\n\n"
    "  --seconds S      wall-clock budget (default 120)\n"
    "  --queries LIST   queries, comma- or space-separated, and property harnesses\n"
    "                   as prop_NAME (default: every query and property whose\n"
    "                   harness is built in --fuzz-dir)\n"
    "  --targets LIST   targets (default: all; isect targets lists them)\n"
    "  --jobs N         harness processes at a time (default: online cores)\n"
    "  --out DIR        campaign folder (default reports/YYYYMMDD-HHMMSS; the\n"
    "                   link reports/latest points to it)\n"
    "  --fuzz-dir DIR   the libFuzzer harnesses, fuzz_QUERY (default build/fuzz;\n"
    "                   make fuzz builds them)\n"
    "  --corpus-dir DIR working corpora, one folder per query (default\n"
    "                   build/fuzz-corpus); corpus/QUERY seeds them\n"
    "  --timeout S      an input running longer is a hang (default 5)\n"
    "  --zoo-seconds S  a zoo target stops S seconds after its first\n"
    "                   discrepancy (default 5; 0: it runs its full share)\n"
    "  --seed N         libFuzzer seeds derived from N (default: random)\n"
    "  --no-report      only the findings and campaign.log\n\n"
    "A crash or a hang of a target is recorded as an invalid finding and the\n"
    "campaign goes on.  Findings are deduplicated by signature (query, target,\n"
    "verdict, feature of the exact answer, output that differs, decade of the\n"
    "severity), keeping the most severe reproducer; each is written to\n"
    "DIR/findings/QUERY/ when found, so an interrupted or killed campaign keeps\n"
    "them (isect report DIR regenerates the report).\n"
    "Exit status: 0 no finding in a target outside the zoo (the zoo's bugs are\n"
    "expected); 1 findings in such a target; 2 bad usage or a harness that\n"
    "cannot run; 130 interrupted (after writing the report).\n";

/* One option ch with its argument (v: its value, for the numeric ones);
 * returns -1 to go on, else the exit status. */
static int take_option(int ch, double v, char **argv, options *o)
{
    switch (ch) {
    case 's':
        o->seconds = v;
        break;
    case 'q':
        o->queries = optarg;
        break;
    case 't':
        o->targets = optarg;
        break;
    case 'j':
        o->jobs = (int)v; /* 1..MAX_PROCS, checked */
        break;
    case 'o':
        o->out = optarg;
        break;
    case 'F':
        o->fuzz_dir = optarg;
        break;
    case 'C':
        o->corpus_dir = optarg;
        break;
    case 'T':
        o->timeout = v < 1 ? 1 : v;
        break;
    case 'Z':
        o->zoo_seconds = v;
        break;
    case 'S':
        o->seed = (unsigned long)v;
        o->have_seed = 1;
        break;
    case 'N':
        o->report = 0;
        break;
    case 'h':
        fputs(help_campaign, stdout);
        return 0;
    default:
        fprintf(stderr, "isect campaign: unknown or incomplete option '%s'\nTry 'isect campaign --help'.\n",
                argv[optind - 1]);
        return 2;
    }
    return -1;
}

int campaign_options(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"seconds", required_argument, NULL, 's'},    {"queries", required_argument, NULL, 'q'},
        {"targets", required_argument, NULL, 't'},    {"jobs", required_argument, NULL, 'j'},
        {"out", required_argument, NULL, 'o'},        {"fuzz-dir", required_argument, NULL, 'F'},
        {"corpus-dir", required_argument, NULL, 'C'}, {"timeout", required_argument, NULL, 'T'},
        {"zoo-seconds", required_argument, NULL, 'Z'}, {"seed", required_argument, NULL, 'S'},
        {"no-report", no_argument, NULL, 'N'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (options){120, 5, 5, ncpu > 0 ? (int)ncpu : 1, 0, 0, 1, NULL, "build/fuzz", "build/fuzz-corpus", NULL, NULL};
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+s:q:t:j:o:h", longs, NULL)) != -1;) {
        double v = 0;
        if (optarg && strchr("sjTZS", ch)) {
            /* named by its long form, whichever form was typed */
            const struct option *lo = longs;
            while (lo->val != ch)
                lo++;
            char name[32];
            snprintf(name, sizeof name, "--%s", lo->name);
            if (option_number("campaign", name, optarg, ch == 'j' ? 1 : 0, ch == 'j' ? MAX_PROCS : 1e9,
                              ch == 'j' || ch == 'S', &v))
                return 2;
        }
        int rc = take_option(ch, v, argv, o);
        if (rc >= 0)
            return rc;
    }
    if (optind != argc) {
        fprintf(stderr, "isect campaign: unexpected argument '%s'\nTry 'isect campaign --help'.\n", argv[optind]);
        return 2;
    }
    if (o->seconds < 1) {
        fprintf(stderr, "isect campaign: --seconds must be at least 1\n");
        return 2;
    }
    return -1;
}

/* ---- selection --------------------------------------------------------------- */

static int in_list(const char *list, const char *name)
{
    if (!list)
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t k = strcspn(p, ", \t\n");
        if (k == n && !strncmp(p, name, n))
            return 1;
        p += k;
    }
    return 0;
}

/* Every name of list must be one of the known ones. */
static int check_list(const char *what, const char *list, int (*known)(const char *))
{
    if (!list)
        return 0;
    char name[128];
    for (const char *p = list; *p;) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t k = strcspn(p, ", \t\n");
        if (!k)
            break;
        snprintf(name, sizeof name, "%.*s", (int)k, p);
        if (!known(name)) {
            fprintf(stderr, "isect campaign: unknown %s '%s' (isect %s lists them)\n", what, name,
                    !strcmp(what, "query") ? "list" : "targets");
            return -1;
        }
        p += k;
    }
    return 0;
}

static int known_query(const char *n)
{
    return isect_query_find(n) != NULL || (!strncmp(n, "prop_", 5) && isect_property_find(n + 5));
}
static int known_target(const char *n) { return isect_target_find(n) != NULL; }

void harness_path(const options *o, const isect_query *q, char *buf, size_t len)
{
    snprintf(buf, len, "%s/fuzz_%s", o->fuzz_dir, q->name);
}

/* A new pair of q (or of a property harness, prop set) and target tg. */
static void add_pair(const isect_query *q, const isect_property *prop, const char *name, const isect_target *tg)
{
    pair *p = &camp.pairs[camp.npairs++];
    memset(p, 0, sizeof *p);
    p->q = q;
    p->t = tg;
    p->prop = prop;
    snprintf(p->name, sizeof p->name, "%s", name);
    p->zoo = !strncmp(tg->name, "zoo:", 4) && !zoo_control(tg->name);
    p->first_disc = NAN;
    isect_target_file_name(p->tname, sizeof p->tname, tg->name);
}

/* A pair of a property harness (fuzz_dir/prop_NAME) and a target that
 * supports one of its base queries; selected by --queries prop_NAME, or
 * by no --queries at all (a base query's name selects only its own
 * harness). */
static void select_property_pairs(const options *o)
{
    for (size_t i = 0; i < isect_properties_size; i++) {
        const isect_property *pr = isect_properties[i];
        char bin[1200], name[64];
        snprintf(name, sizeof name, "prop_%s", pr->name);
        snprintf(bin, sizeof bin, "%s/%s", o->fuzz_dir, name);
        if ((o->queries && !in_list(o->queries, name)) || access(bin, X_OK))
            continue;
        for (size_t t = 0; t < isect_target_count() && camp.npairs < MAX_PAIRS; t++) {
            const isect_target *tg = isect_target_at(t);
            const isect_query *q = NULL;
            for (int b = 0; pr->bases[b] && !q; b++)
                if (isect_target_entry_for(tg, pr->bases[b]))
                    q = isect_query_find(pr->bases[b]);
            if (q && in_list(o->targets, tg->name))
                add_pair(q, pr, name, tg);
        }
    }
}

int select_pairs(const options *o)
{
    if (check_list("query", o->queries, known_query) || check_list("target", o->targets, known_target))
        return -1;
    int nq = 0;
    select_property_pairs(o);
    nq += camp.npairs > 0;
    for (size_t i = 0; i < isect_catalog_size; i++) {
        const isect_query *q = isect_catalog[i];
        if (!in_list(o->queries, q->name))
            continue;
        char bin[1200];
        harness_path(o, q, bin, sizeof bin);
        if (access(bin, X_OK)) {
            if (o->queries) {
                fprintf(stderr, "isect campaign: no harness %s for %s (make fuzz builds it)\n", bin, q->name);
                return -1;
            }
            continue;
        }
        nq++;
        for (size_t t = 0; t < isect_target_count(); t++) {
            const isect_target *tg = isect_target_at(t);
            if (!in_list(o->targets, tg->name) || !isect_target_entry_for(tg, q->name) || camp.npairs == MAX_PAIRS)
                continue;
            add_pair(q, NULL, q->name, tg);
        }
    }
    if (!nq) {
        fprintf(stderr, "isect campaign: no fuzz harness found in %s (make fuzz builds them)\n", o->fuzz_dir);
        return -1;
    }
    if (!camp.npairs) {
        fprintf(stderr, "isect campaign: no selected target supports the selected queries\n");
        return -1;
    }
    return 0;
}
