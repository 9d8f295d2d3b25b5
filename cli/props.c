/* cli/props.c: `isect props`, the properties of oracle/property.h checked
 * on the cases of a corpus, and the hook through which `isect check` runs
 * them too. */
#include "cases.h"
#include "props.h"

#include "property.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const help_props =
    "usage: isect props [--target T]... [--property P]... FILE|DIR...\n\n"
    "Checks the properties (watertightness, parity, symmetry, consistency\n"
    "between queries, invariance; --list prints them) of each target (default:\n"
    "fast; 'all' for every target) on the inputs derived from every case whose\n"
    "query a property starts from, with a few derivations per case.  A\n"
    "violation is printed when it is real: an exact property (watertightness on\n"
    "exactly shared edges) fails, or an answer involved is by itself beyond the\n"
    "target's tolerance.  Exit status 1 on a violation, 2 on bad input.\n";

/* The violations of one case and target, as a child process sends them. */
typedef struct {
    size_t checked;
    int n;
    prop_violation v[PROPS_MAX];
} props_msg;

typedef struct {
    const isect_case *k;
    const isect_target *t;
    const isect_property *only;
} props_job;

static void props_run_case(const props_job *job, props_msg *m)
{
    const isect_case *k = job->k;
    isect_prop_set s;
    for (size_t p = 0; p < isect_properties_size && m->n < PROPS_MAX; p++) {
        const isect_property *pr = isect_properties[p];
        if ((job->only && pr != job->only) || !isect_property_has_base(pr, k->query))
            continue;
        for (uint64_t i = 0; i <= PROP_CORPUS_TRIES; i++) {
            uint64_t r = i < PROP_CORPUS_TRIES ? i : isect_property_word(k->query, k->in);
            isect_prop_result res = isect_property_check(pr, job->t, k->query, k->in, r, &s);
            if (res.status == PROP_NA)
                continue;
            m->checked++;
            if (res.status != PROP_VIOLATED)
                continue;
            prop_violation *v = &m->v[m->n++];
            snprintf(v->property, sizeof v->property, "%s", pr->name);
            snprintf(v->text, sizeof v->text, "property %s violated (derivation %llu): %s", pr->name,
                     (unsigned long long)i, res.why);
            break;
        }
    }
}

static void props_child(void *arg, guard_pipe *p)
{
    static props_msg m;
    props_run_case(arg, &m);
    guard_send(p, &m, sizeof m);
}

int props_check_case(const char *path, const isect_case *k, const isect_target *t, const isect_property *only,
                     double timeout, size_t *nchecked, prop_violation *out)
{
    static props_msg m;
    memset(&m, 0, sizeof m);
    props_job job = {k, t, only};
    guard_result g;
    if (!guard_target(t))
        props_run_case(&job, &m);
    else if (guard_call(props_child, &job, &m, sizeof m, timeout, &g) != GUARD_OK) {
        /* a derived input crashed or hung the target: a violation */
        memset(&m, 0, sizeof m);
        m.n = 1;
        snprintf(m.v[0].property, sizeof m.v[0].property, "*");
        snprintf(m.v[0].text, sizeof m.v[0].text, "the property checks %s", g.why);
    }
    if (nchecked)
        *nchecked += m.checked;
    for (int i = 0; i < m.n; i++) {
        printf("%s:%d: %s: %s\n", path, k->line, t->name, m.v[i].text);
        if (out)
            out[i] = m.v[i];
    }
    return m.n;
}

/* What isect props carries from case to case. */
typedef struct {
    const isect_target *const *sel;
    size_t nsel;
    const isect_property *only;
    double timeout;
    size_t checked, violations;
} props_run;

static void props_one(void *user, const char *path, const isect_case *k, size_t index)
{
    props_run *r = user;
    (void)index;
    for (size_t t = 0; t < r->nsel; t++)
        r->violations += (size_t)props_check_case(path, k, r->sel[t], r->only, r->timeout, &r->checked, NULL);
}

int cmd_props(int argc, char **argv)
{
    static const struct option longopts[] = {{"target", required_argument, NULL, 't'},
                                              {"property", required_argument, NULL, 'p'},
                                              {"list", no_argument, NULL, 'l'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    const isect_target *sel[256];
    size_t nsel = 0;
    const isect_property *only = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "t:p:lh", longopts, NULL)) != -1) {
        if (c == 't') {
            if (targets_select(sel, &nsel, optarg))
                return 2;
        } else if (c == 'p') {
            if (!(only = isect_property_find(optarg))) {
                fprintf(stderr, "isect props: unknown property '%s' (isect props --list)\n", optarg);
                return 2;
            }
        } else if (c == 'l') {
            for (size_t i = 0; i < isect_properties_size; i++)
                printf("%-22s %s\n", isect_properties[i]->name, isect_properties[i]->summary);
            return 0;
        } else {
            fputs(help_props, c == 'h' ? stdout : stderr);
            return c == 'h' ? 0 : 2;
        }
    }
    if (optind >= argc) {
        fputs(help_props, stderr);
        return 2;
    }
    if (!nsel)
        sel[nsel++] = isect_target_find("fast");
    props_run run = {sel, nsel, only, GUARD_TIMEOUT, 0, 0};
    if (corpus_each(argv + optind, argc - optind, props_one, &run, NULL))
        return 2;
    size_t checked = run.checked, violations = run.violations;
    printf("%zu property checks: %zu violations\n", checked, violations);
    return violations ? 1 : 0;
}
