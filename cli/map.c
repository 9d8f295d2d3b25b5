/* cli/map.c: `isect map`, failure maps: the verdicts on a grid of ulp
 * perturbations of two input values around a case, in the style of the
 * classroom examples of Kettner, Mehlhorn, Pion, Schirra and Yap
 * ("Classroom examples of robustness problems in geometric computations",
 * 2008), with ref's exact decision boundary drawn over them. */
#include "commands.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const help_map =
    "usage: isect map [--x FIELD.i --y FIELD.j] [--target T] [--radius N]\n"
    "                 [--step ULPS|auto] [-o OUT.svg] FILE\n\n"
    "Draws the failure map of the case in FILE (its first case): the input\n"
    "values FIELD.i and FIELD.j (component i of field FIELD: 0, 1, 2 or x, y, z;\n"
    "a scalar field needs no index) are moved by -N..N steps each, and every\n"
    "cell of the grid is coloured by the judge's verdict on the target's answer\n"
    "there: agree, tolerated, discrepancy, invalid (and grey where the input is\n"
    "invalid).  A black line follows ref's exact decision boundary (hit on one\n"
    "side, miss on the other).  The case itself is the outlined centre cell.\n\n"
    "  --x, --y     the two input values (default: the two whose perturbation\n"
    "               changes the verdict most)\n"
    "  --target T   the target judged (default: the one in FILE's isect-finding\n"
    "               header, else fast)\n"
    "  --radius N   cells -N..N on each axis (default 32, at most 64)\n"
    "  --step S     S ulps of the query's format at the value (at 0: of the\n"
    "               largest magnitude of its unit class); auto (default) is 1\n"
    "               ulp for mild findings and larger steps for severe ones, so\n"
    "               that the grid reaches where the target becomes right\n"
    "  -o OUT.svg   write the SVG there (default: standard output)\n\n"
    "Prints the count of cells per verdict on standard error.  Exit status:\n"
    "0 drawn; 2 bad usage or input.\n";

static const char *const cell_name[6] = {"agree", "tolerated", "discrepancy", "invalid", "invalid input", "crash"};
static const char *const cell_colour[6] = {"#a3d9a0", "#f2d16b", "#d64541", "#7b4fb5", "#d8d8d8", "#222222"};

static double to_format(const isect_query *q, double x) { return q->format == FMT_F32 ? (double)(float)x : x; }

static isect_unit slot_unit(const isect_query *q, int slot)
{
    for (int f = 0; f < q->nfields; f++)
        if (slot < isect_field_offset(q, f + 1))
            return q->fields[f].unit;
    return UNIT_POS;
}

void slot_label(const isect_query *q, int slot, char *buf, size_t len)
{
    for (int f = 0; f < q->nfields; f++) {
        int at = isect_field_offset(q, f);
        if (slot >= at && slot < at + q->fields[f].arity) {
            if (q->fields[f].arity == 1)
                snprintf(buf, len, "%s", q->fields[f].name);
            else if (q->fields[f].arity == 3)
                snprintf(buf, len, "%s.%c", q->fields[f].name, "xyz"[slot - at]);
            else
                snprintf(buf, len, "%s.%d", q->fields[f].name, slot - at);
            return;
        }
    }
    snprintf(buf, len, "?");
}

/* FIELD, FIELD.i, FIELD.x -> slot, or -1. */
static int slot_parse(const isect_query *q, const char *s)
{
    const char *dot = strchr(s, '.');
    size_t n = dot ? (size_t)(dot - s) : strlen(s);
    for (int f = 0; f < q->nfields; f++) {
        if (strlen(q->fields[f].name) != n || strncmp(q->fields[f].name, s, n))
            continue;
        int i = 0;
        if (dot) {
            const char *c = dot + 1;
            if (c[0] && !c[1] && c[0] >= 'x' && c[0] <= 'z')
                i = c[0] - 'x';
            else {
                char *end;
                long v = strtol(c, &end, 10);
                /* the range first, then the cast */
                if (end == c || *end || v < 0 || v >= q->fields[f].arity)
                    return -1;
                i = (int)v;
            }
        } else if (q->fields[f].arity != 1)
            return -1;
        if (i < 0 || i >= q->fields[f].arity)
            return -1;
        return isect_field_offset(q, f) + i;
    }
    return -1;
}

static double ulp_at(const isect_query *q, double x)
{
    int p = q->format == FMT_F32 ? 24 : 53, emin = q->format == FMT_F32 ? -126 : -1022;
    int e = x == 0 ? emin : ilogb(x);
    if (e < emin)
        e = emin;
    return ldexp(1, e - p + 1);
}

double map_step(const isect_query *q, const double *in, int slot, double ulps)
{
    double x = in[slot];
    if (!isfinite(x))
        return 0;
    if (x == 0) {
        double S[UNIT_COUNT];
        isect_input_scales(q, in, S);
        x = S[slot_unit(q, slot)];
    }
    return ulps * ulp_at(q, x);
}

double map_step_auto(const isect_query *q, const double *in, int slot, double severity, int radius)
{
    double one = map_step(q, in, slot, 1);
    if (!(severity > 4) || one == 0 || radius < 1)
        return one;
    double S[UNIT_COUNT];
    isect_input_scales(q, in, S);
    /* severity is a lower bound for moving every input at once: reach a
     * few times past it along one axis */
    double want = 4 * fmin(severity, 0x1p40) * isect_format_unit(q) * S[slot_unit(q, slot)] / radius;
    if (!(want > one))
        return one;
    return one * ldexp(1, (int)ceil(log2(want / one)));
}

static int cell_of(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, int *ref_hit)
{
    isect_signature s;
    int st;
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    isect_eval_status es = signature_eval(q, e, in, guarded, 2, &s, &st, r, o, &j);
    int hit = isect_query_hit_index(q);
    *ref_hit = st == ISECT_REF_OK && hit >= 0 && r[hit] != 0;
    if (es != EVAL_OK)
        return 5;
    if (st != ISECT_REF_OK && s.verdict == VERDICT_AGREE)
        return 4;
    return (int)s.verdict;
}

void map_compute(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, isect_map *m)
{
    int n = 2 * m->radius + 1;
    double x[ISECT_MAX_IN];
    memset(m->count, 0, sizeof m->count);
    memcpy(x, in, sizeof x);
    for (int iy = 0; iy < n; iy++)
        for (int ix = 0; ix < n; ix++) {
            x[m->xslot] = to_format(q, in[m->xslot] + (ix - m->radius) * m->hx);
            x[m->yslot] = to_format(q, in[m->yslot] + (m->radius - iy) * m->hy);
            int rh;
            m->cell[iy][ix] = (unsigned char)cell_of(q, e, x, guarded, &rh);
            m->ref_hit[iy][ix] = (unsigned char)rh;
            m->count[m->cell[iy][ix]]++;
        }
}

/* How much a line of cells through the case along slot k changes. */
static double line_score(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, int k,
                         double h, int radius, int c0, int rh0)
{
    double x[ISECT_MAX_IN], score = 0;
    memcpy(x, in, sizeof x);
    int prev = c0;
    for (int i = -radius; i <= radius; i++) {
        x[k] = to_format(q, in[k] + i * h);
        int rh, c = cell_of(q, e, x, guarded, &rh);
        score += (c != c0) + 0.5 * (rh != rh0) + (c != prev);
        prev = c;
    }
    return score;
}

void map_plan(const isect_query *q, const isect_target_entry *e, const double *in, int guarded, double severity,
              int radius, int *xslot, int *yslot, double *hx, double *hy)
{
    int n = isect_query_nin(q), fixed = *xslot >= 0 && *yslot >= 0;
    int rh0, c0 = cell_of(q, e, in, guarded, &rh0);
    static const double reach[] = {1, 8, 64, 512};
    for (int ri = 0; ri < 4; ri++) {
        double score[ISECT_MAX_IN], best_score = 0;
        int best[2] = {-1, -1};
        for (int k = 0; k < n; k++) {
            score[k] = -1;
            if (!isfinite(in[k]) || (fixed && k != *xslot && k != *yslot))
                continue;
            double h = reach[ri] * map_step_auto(q, in, k, severity, radius);
            score[k] = line_score(q, e, in, guarded, k, h, radius, c0, rh0);
            best_score = fmax(best_score, score[k]);
            /* positions first on ties: they are what a picture shows */
            score[k] += slot_unit(q, k) == UNIT_POS ? 0.1 : 0;
        }
        if (best_score == 0 && ri < 3)
            continue; /* uniform at this reach: look further */
        if (!fixed) {
            for (int b = 0; b < 2; b++)
                for (int k = 0; k < n; k++)
                    if (k != best[0] && score[k] >= 0 && (best[b] < 0 || score[k] > score[best[b]]))
                        best[b] = k;
            *xslot = best[0] < 0 ? 0 : best[0];
            *yslot = best[1] < 0 ? (*xslot == 0 ? 1 : 0) : best[1];
        }
        *hx = reach[ri] * map_step_auto(q, in, *xslot, severity, radius);
        *hy = reach[ri] * map_step_auto(q, in, *yslot, severity, radius);
        return;
    }
}

static void text_esc(FILE *f, const char *s) { xml_text_write(f, s); }

/* The layout of a map's picture. */
typedef struct {
    int n, cs;       /* cells per side, cell size */
    int gw, left, top; /* grid width, its top left corner */
} map_layout;

static void map_axes(FILE *f, const isect_query *q, const double *in, const isect_map *m, const map_layout *g)
{
    int gw = g->gw, left = g->left, top = g->top;
    char xl[64], yl[64], b1[64], b2[64];
    slot_label(q, m->xslot, xl, sizeof xl);
    slot_label(q, m->yslot, yl, sizeof yl);
    number_readable(b1, sizeof b1, in[m->xslot], q->format);
    number_short(b2, sizeof b2, m->hx);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s = %s + i\xc2\xb7%s</text>\n", left + gw / 2,
            top + gw + 18, xl, b1, b2);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\" fill=\"#555\">i = %d</text>\n", left, top + gw + 34,
            -m->radius);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">i = %d</text>\n", left + gw,
            top + gw + 34, m->radius);
    number_readable(b1, sizeof b1, in[m->yslot], q->format);
    number_short(b2, sizeof b2, m->hy);
    fprintf(f,
            "<text transform=\"translate(%d %d) rotate(-90)\" text-anchor=\"middle\">%s = %s + j\xc2\xb7%s</text>\n",
            left - 40, top + gw / 2, yl, b1, b2);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">j = %d</text>\n", left - 4, top + 10,
            m->radius);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">j = %d</text>\n", left - 4, top + gw,
            -m->radius);
}

static void map_legend(FILE *f, const isect_map *m, const map_layout *g)
{
    /* legend */
    int lx = g->left + g->gw + 24, ly = g->top + 4;
    for (int c = 0; c < 6; c++) {
        if (!m->count[c] && c > VERDICT_DISCREPANCY)
            continue;
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"#888\"/>\n", lx, ly,
                cell_colour[c]);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%s (%d)</text>\n", lx + 18, ly + 10, cell_name[c], m->count[c]);
        ly += 18;
    }
    fprintf(f, "<path d=\"M%d %dh12\" stroke=\"#000\" stroke-width=\"1.5\"/>\n", lx, ly + 6);
    fprintf(f, "<text x=\"%d\" y=\"%d\">exact hit/miss boundary</text>\n", lx + 18, ly + 10);
    ly += 18;
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"#000\"/>\n", lx, ly);
    fprintf(f, "<text x=\"%d\" y=\"%d\">the case (i = j = 0)</text>\n", lx + 18, ly + 10);
}

void map_svg(FILE *f, const isect_query *q, const double *in, const isect_map *m, const char *target,
             const char *title)
{
    int n = 2 * m->radius + 1;
    int cs = 480 / n;
    if (cs < 3)
        cs = 3;
    if (cs > 14)
        cs = 14;
    int gw = cs * n, left = 86, top = 46, legend = 170;
    int W = left + gw + 24 + legend, H = top + gw + 70;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
            W, H, W, H);
    fputs("<title>", f);
    text_esc(f, title ? title : "failure map");
    fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
    fprintf(f, "<text x=\"%d\" y=\"18\" font-size=\"13\" font-weight=\"bold\">", left);
    text_esc(f, title ? title : "failure map");
    fputs("</text>\n", f);
    fprintf(f, "<text x=\"%d\" y=\"34\" fill=\"#555\">target ", left);
    text_esc(f, target);
    fprintf(f, " on %s, %dx%d cells</text>\n", q->name, n, n);
    /* cells, one rect per run of equal colour in a row */
    fputs("<g shape-rendering=\"crispEdges\">\n", f);
    for (int iy = 0; iy < n; iy++)
        for (int ix = 0; ix < n;) {
            int c = m->cell[iy][ix], run = 1;
            while (ix + run < n && m->cell[iy][ix + run] == c)
                run++;
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", left + ix * cs,
                    top + iy * cs, run * cs, cs, cell_colour[c]);
            ix += run;
        }
    fputs("</g>\n", f);
    /* ref's exact boundary: edges between cells whose exact answers differ */
    fputs("<path fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" d=\"", f);
    for (int iy = 0; iy < n; iy++)
        for (int ix = 0; ix < n; ix++) {
            if (ix + 1 < n && m->ref_hit[iy][ix] != m->ref_hit[iy][ix + 1])
                fprintf(f, "M%d %dv%d", left + (ix + 1) * cs, top + iy * cs, cs);
            if (iy + 1 < n && m->ref_hit[iy][ix] != m->ref_hit[iy + 1][ix])
                fprintf(f, "M%d %dh%d", left + ix * cs, top + (iy + 1) * cs, cs);
        }
    fputs("\"/>\n", f);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\"/>\n", left, top, gw,
            gw);
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>\n",
            left + m->radius * cs - 1.0, top + m->radius * cs - 1.0, cs + 2, cs + 2);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\"/>\n",
            left + m->radius * cs, top + m->radius * cs, cs, cs);
    map_layout g = {n, cs, gw, left, top};
    map_axes(f, q, in, m, &g);
    map_legend(f, m, &g);
    fputs("</svg>\n", f);
}

typedef struct {
    const char *xs, *ys, *target, *outpath, *step;
    int radius;
    double ulps; /* the step in ulps; 0: auto */
} map_opts;

/* Parses the command line; returns -1 to go on, else the exit status. */
static int map_options(int argc, char **argv, map_opts *mo)
{
    static const struct option longs[] = {
        {"x", required_argument, NULL, 'x'},       {"y", required_argument, NULL, 'y'},
        {"target", required_argument, NULL, 't'},  {"radius", required_argument, NULL, 'r'},
        {"step", required_argument, NULL, 's'},    {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    *mo = (map_opts){NULL, NULL, NULL, NULL, "auto", 32, 0};
    optind = 1;
    opterr = 0;
    for (int ch; (ch = getopt_long(argc, argv, "+x:y:t:r:s:o:h", longs, NULL)) != -1;) {
        double v;
        switch (ch) {
        case 'x':
            mo->xs = optarg;
            break;
        case 'y':
            mo->ys = optarg;
            break;
        case 't':
            mo->target = optarg;
            break;
        case 'r':
            if (option_number("map", "--radius", optarg, 1, MAP_MAX_RADIUS, 1, &v))
                return 2;
            mo->radius = (int)v;
            break;
        case 's':
            mo->step = optarg;
            break;
        case 'o':
            mo->outpath = optarg;
            break;
        case 'h':
            fputs(help_map, stdout);
            return 0;
        default:
            fprintf(stderr, "isect map: unknown or incomplete option '%s'\nTry 'isect map --help'.\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "isect map: %s\nTry 'isect map --help'.\n",
                optind >= argc ? "no FILE given" : "one FILE at a time");
        return 2;
    }
    if (!mo->xs != !mo->ys) {
        fprintf(stderr, "isect map: give both --x and --y, or neither\n");
        return 2;
    }
    if (strcmp(mo->step, "auto") && option_number("map", "--step (ulps, or 'auto')", mo->step, 1, 0x1p60, 0, &mo->ulps))
        return 2;
    if (mo->target && !isect_target_find(mo->target)) {
        fprintf(stderr, "isect map: unknown target '%s' (isect targets lists them)\n", mo->target);
        return 2;
    }
    return -1;
}

/* The axes (--x, --y, else the most telling two) and their steps. */
static int map_axes_plan(const isect_query *q, const isect_target_entry *e, const isect_finding *f,
                         const isect_signature *sig, const map_opts *mo, isect_map *m)
{
    int guarded = finding_is_crash(f) || guard_target(f->t);
    memset(m, 0, sizeof *m);
    m->radius = mo->radius;
    if (mo->xs) {
        m->xslot = slot_parse(q, mo->xs);
        m->yslot = slot_parse(q, mo->ys);
        if (m->xslot < 0 || m->yslot < 0) {
            fprintf(stderr, "isect map: no input value '%s' in %s (FIELD or FIELD.i; isect list shows the fields)\n",
                    m->xslot < 0 ? mo->xs : mo->ys, q->name);
            return 2;
        }
        if (m->xslot == m->yslot) {
            fprintf(stderr, "isect map: --x and --y name the same value\n");
            return 2;
        }
    } else
        m->xslot = m->yslot = -1;
    for (int a = 0; mo->xs && a < 2; a++) {
        int slot = a ? m->yslot : m->xslot;
        if (!isfinite(f->c.in[slot])) {
            char l[64];
            slot_label(q, slot, l, sizeof l);
            fprintf(stderr, "isect map: %s is not finite: it cannot be perturbed\n", l);
            return 2;
        }
    }
    if (mo->ulps && m->xslot < 0) {
        double hx, hy;
        map_plan(q, e, f->c.in, guarded, sig->severity, mo->radius, &m->xslot, &m->yslot, &hx, &hy);
    }
    if (mo->ulps) {
        m->hx = map_step(q, f->c.in, m->xslot, mo->ulps);
        m->hy = map_step(q, f->c.in, m->yslot, mo->ulps);
    } else
        map_plan(q, e, f->c.in, guarded, sig->severity, mo->radius, &m->xslot, &m->yslot, &m->hx, &m->hy);
    return -1;
}

/* Writes the map (to --output or stdout) and its summary line. */
static int map_write(const isect_finding *f, const isect_signature *sig, const isect_map *m, const map_opts *mo)
{
    char *text = NULL, title[512], sev[32];
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) {
        fprintf(stderr, "isect map: out of memory\n");
        return 2;
    }
    snprintf(title, sizeof title, "%s: %s on %s, severity %s", f->key, isect_verdict_name(sig->verdict), sig->output,
             number_short(sev, sizeof sev, sig->severity));
    map_svg(mem, f->q, f->c.in, m, f->target, title);
    fclose(mem);
    int status = 0;
    if (mo->outpath) {
        if (isect_write_atomic(mo->outpath, text, len)) {
            perror(mo->outpath);
            status = 2;
        }
    } else
        fwrite(text, 1, len, stdout);
    free(text);
    char xl[64], yl[64];
    slot_label(f->q, m->xslot, xl, sizeof xl);
    slot_label(f->q, m->yslot, yl, sizeof yl);
    fprintf(stderr, "isect map: %s x %s, %dx%d cells: %d agree, %d tolerated, %d discrepancy, %d invalid", xl, yl,
            2 * mo->radius + 1, 2 * mo->radius + 1, m->count[0], m->count[1], m->count[2], m->count[3]);
    if (m->count[4])
        fprintf(stderr, ", %d invalid input", m->count[4]);
    if (m->count[5])
        fprintf(stderr, ", %d crash", m->count[5]);
    fputc('\n', stderr);
    return status;
}

int cmd_map(int argc, char **argv)
{
    map_opts mo;
    int rc = map_options(argc, argv, &mo);
    if (rc >= 0)
        return rc;
    const char *target = mo.target;
    isect_finding f;
    char err[1024];
    if (finding_load(argv[optind], target, &f, err, sizeof err)) {
        fprintf(stderr, "isect map: %s\n", err);
        return 2;
    }
    if (target) {
        snprintf(f.target, sizeof f.target, "%s", target);
        f.t = isect_target_find(target);
    }
    const isect_query *q = f.q;
    const isect_target_entry *e = f.t ? isect_target_entry_for(f.t, q->name) : NULL;
    if (!e) {
        fprintf(stderr, "isect map: target '%s' %s\n", f.target,
                f.t ? "does not support the query" : "is not built into this isect");
        return 2;
    }
    int guarded = finding_is_crash(&f) || guard_target(f.t);
    isect_signature sig;
    int st;
    double r[ISECT_MAX_OUT], o[ISECT_MAX_OUT];
    isect_judgement j;
    signature_eval(q, e, f.c.in, guarded, 2, &sig, &st, r, o, &j);

    static isect_map m;
    rc = map_axes_plan(q, e, &f, &sig, &mo, &m);
    if (rc >= 0)
        return rc;
    map_compute(q, e, f.c.in, guarded, &m);
    return map_write(&f, &sig, &m, &mo);
}
