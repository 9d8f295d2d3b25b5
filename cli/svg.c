/* cli/svg.c: pictures of a case's configuration for the reports.
 *
 * Generic over the catalog: arity-3 position fields are points; points
 * named X0, X1, X2 form a triangle, minX/maxX a box, X0/X1 alone a segment
 * (with a radius after it: a capped cylinder); a direction after a point is
 * a ray from it (tmax, a parameter, bounds it), a direction named normal
 * makes a plane through the point, a field named velocity sweeps the shape
 * at the point over t in [0, 1]; a scalar position field after a point
 * (radius, r0, ...) is a sphere's radius.  The contact is ref's point
 * output if the query has one, else origin + t dir (rays) or center +
 * t velocity (sweeps).  Two orthographic views: along the direction in
 * which the primitives are thinnest (their plane, for a triangle), and a
 * side view. */
#include "commands.h"

#include <math.h>
#include <string.h>

enum { MAXP = 24 };

typedef struct {
    double x[3];
} vec;

typedef struct {
    const char *name;
    vec p;
    int used; /* part of a primitive */
} point;

typedef struct {
    const isect_query *q;
    point pts[MAXP];
    int npts;
    int tri[4][3], ntri;
    int box[4][2], nbox;
    int seg[4][2], nseg;
    double seg_r[4];
    int sph[4], nsph; /* sphere centres (point index) */
    double sph_r[4];
    int ray_o, has_ray; /* ray origin (point index) */
    vec ray_d;
    double tmax;
    int plane_p, has_plane;
    vec plane_n;
    int sweep_c, has_sweep;
    vec sweep_v;
    double sweep_r;
} scene;

static vec v_add(vec a, vec b) { return (vec){{a.x[0] + b.x[0], a.x[1] + b.x[1], a.x[2] + b.x[2]}}; }
static vec v_sub(vec a, vec b) { return (vec){{a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]}}; }
static vec v_mul(vec a, double s) { return (vec){{a.x[0] * s, a.x[1] * s, a.x[2] * s}}; }
static double v_dot(vec a, vec b) { return a.x[0] * b.x[0] + a.x[1] * b.x[1] + a.x[2] * b.x[2]; }
static vec v_cross(vec a, vec b)
{
    return (vec){{a.x[1] * b.x[2] - a.x[2] * b.x[1], a.x[2] * b.x[0] - a.x[0] * b.x[2],
                  a.x[0] * b.x[1] - a.x[1] * b.x[0]}};
}
static int v_finite(vec a) { return isfinite(a.x[0]) && isfinite(a.x[1]) && isfinite(a.x[2]); }
static vec v_from(const double *p) { return (vec){{p[0], p[1], p[2]}}; }

static int name_has(const char *name, const char *part) { return strstr(name, part) != NULL; }

/* Index of the point named prefix+suffix, or -1. */
static int find_point(const scene *s, const char *prefix, size_t plen, const char *suffix)
{
    for (int i = 0; i < s->npts; i++) {
        const char *n = s->pts[i].name;
        if (strlen(n) == plen + strlen(suffix) && !strncmp(n, prefix, plen) && !strcmp(n + plen, suffix))
            return i;
    }
    return -1;
}

static void build_scene(scene *s, const isect_query *q, const double *in)
{
    memset(s, 0, sizeof *s);
    s->q = q;
    s->tmax = INFINITY;
    int last_point = -1, prev_point = -1;
    for (int f = 0; f < q->nfields; f++) {
        const isect_field *fd = &q->fields[f];
        const double *v = in + isect_field_offset(q, f);
        const char *n = fd->name;
        if (fd->arity == 3) {
            int vector = fd->unit == UNIT_DIR || name_has(n, "vel") || name_has(n, "half") ||
                         name_has(n, "extent") || name_has(n, "axis") || name_has(n, "normal") || name_has(n, "size");
            if (!vector && s->npts < MAXP) {
                prev_point = last_point;
                last_point = s->npts;
                s->pts[s->npts++] = (point){n, v_from(v), 0};
            } else if (last_point >= 0 && name_has(n, "normal") && !s->has_plane) {
                s->has_plane = 1;
                s->plane_p = last_point;
                s->plane_n = v_from(v);
                s->pts[last_point].used = 1;
            } else if (last_point >= 0 && name_has(n, "vel") && !s->has_sweep) {
                s->has_sweep = 1;
                s->sweep_c = last_point;
                s->sweep_v = v_from(v);
                s->pts[last_point].used = 1;
            } else if (last_point >= 0 && fd->unit == UNIT_DIR && !s->has_ray) {
                s->has_ray = 1;
                s->ray_o = last_point;
                s->ray_d = v_from(v);
                s->pts[last_point].used = 1;
            }
        } else if (fd->arity == 1 && fd->unit == UNIT_PARAM && s->has_ray) {
            s->tmax = v[0];
        } else if (fd->arity == 1 && fd->unit == UNIT_POS && last_point >= 0) {
            /* a radius: of the sweep, of a segment (p0 p1 radius), or a sphere */
            if (s->has_sweep && s->sweep_c == last_point)
                s->sweep_r = v[0];
            else if (prev_point >= 0 && s->nseg < 4) {
                const char *a = s->pts[prev_point].name, *b = s->pts[last_point].name;
                size_t la = strlen(a);
                if (la == strlen(b) && la > 1 && !strncmp(a, b, la - 1) && a[la - 1] == '0' && b[la - 1] == '1') {
                    s->seg[s->nseg][0] = prev_point;
                    s->seg[s->nseg][1] = last_point;
                    s->seg_r[s->nseg++] = v[0];
                    s->pts[prev_point].used = s->pts[last_point].used = 1;
                    continue;
                }
            }
            if (!(s->has_sweep && s->sweep_c == last_point) && s->nsph < 4) {
                s->sph[s->nsph] = last_point;
                s->sph_r[s->nsph++] = v[0];
                s->pts[last_point].used = 1;
            }
        }
    }
    /* triangles X0 X1 X2, boxes minX maxX, segments X0 X1 */
    for (int i = 0; i < s->npts; i++) {
        const char *n = s->pts[i].name;
        size_t l = strlen(n);
        if (l >= 1 && n[l - 1] == '0' && !s->pts[i].used) {
            int b = find_point(s, n, l - 1, "1"), c = find_point(s, n, l - 1, "2");
            if (b >= 0 && c >= 0 && s->ntri < 4) {
                s->tri[s->ntri][0] = i;
                s->tri[s->ntri][1] = b;
                s->tri[s->ntri++][2] = c;
                s->pts[i].used = s->pts[b].used = s->pts[c].used = 1;
            } else if (b >= 0 && !s->pts[b].used && s->nseg < 4) {
                s->seg[s->nseg][0] = i;
                s->seg[s->nseg][1] = b;
                s->seg_r[s->nseg++] = 0;
                s->pts[i].used = s->pts[b].used = 1;
            }
        }
        if (!strncmp(n, "min", 3) && s->nbox < 4) {
            int b = find_point(s, "max", 3, n + 3);
            if (b >= 0) {
                s->box[s->nbox][0] = i;
                s->box[s->nbox++][1] = b;
                s->pts[i].used = s->pts[b].used = 1;
            }
        }
    }
}

/* ---- views ------------------------------------------------------------------ */

/* Eigenvectors of a symmetric 3x3 matrix (Jacobi), sorted by decreasing
 * eigenvalue. */
static void eigen3(double a[3][3], vec ev[3])
{
    double v[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int sweep = 0; sweep < 50; sweep++) {
        double off = fabs(a[0][1]) + fabs(a[0][2]) + fabs(a[1][2]);
        if (off == 0)
            break;
        for (int p = 0; p < 2; p++)
            for (int r = p + 1; r < 3; r++) {
                if (a[p][r] == 0)
                    continue;
                double th = 0.5 * atan2(2 * a[p][r], a[r][r] - a[p][p]);
                double c = cos(th), sn = sin(th);
                for (int k = 0; k < 3; k++) {
                    double akp = a[k][p], akr = a[k][r];
                    a[k][p] = c * akp - sn * akr;
                    a[k][r] = sn * akp + c * akr;
                }
                for (int k = 0; k < 3; k++) {
                    double apk = a[p][k], ark = a[r][k];
                    a[p][k] = c * apk - sn * ark;
                    a[r][k] = sn * apk + c * ark;
                }
                for (int k = 0; k < 3; k++) {
                    double vkp = v[k][p], vkr = v[k][r];
                    v[k][p] = c * vkp - sn * vkr;
                    v[k][r] = sn * vkp + c * vkr;
                }
            }
    }
    int idx[3] = {0, 1, 2};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (a[idx[j]][idx[j]] > a[idx[i]][idx[i]]) {
                int t = idx[i];
                idx[i] = idx[j];
                idx[j] = t;
            }
    for (int i = 0; i < 3; i++)
        ev[i] = (vec){{v[0][idx[i]], v[1][idx[i]], v[2][idx[i]]}};
}

/* Points that define the view: the primitives, not the ray's origin (which
 * may be far away) unless there is nothing else. */
static int frame_points(const scene *s, vec *out, int max)
{
    int n = 0;
    for (int i = 0; i < s->npts && n < max; i++)
        if (v_finite(s->pts[i].p) && (s->pts[i].used || !s->has_ray || i != s->ray_o) &&
            !(s->has_ray && i == s->ray_o && s->npts > 1))
            out[n++] = s->pts[i].p;
    if (s->has_sweep && n < max) {
        vec e = v_add(s->pts[s->sweep_c].p, s->sweep_v);
        if (v_finite(e))
            out[n++] = e;
    }
    if (n == 0 && s->has_ray && v_finite(s->pts[s->ray_o].p))
        out[n++] = s->pts[s->ray_o].p;
    return n;
}

typedef struct {
    vec c, e1, e2, view; /* centre, screen axes, direction of view */
    double scale, ox, oy; /* screen = (ox + scale*u, oy - scale*v) */
    double x0, y0, w, h;  /* panel rectangle */
} view;

static void to_screen(const view *v, vec p, double *x, double *y)
{
    vec d = v_sub(p, v->c);
    *x = v->ox + v->scale * v_dot(d, v->e1);
    *y = v->oy - v->scale * v_dot(d, v->e2);
}

static int frame_view(view *v, vec *pts, int n, double extra_r, const vec *more, int nmore)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int i = 0; i < n + nmore; i++) {
        vec p = i < n ? pts[i] : more[i - n];
        if (!v_finite(p))
            continue;
        vec d = v_sub(p, v->c);
        double u = v_dot(d, v->e1), w = v_dot(d, v->e2);
        if (!isfinite(u) || !isfinite(w))
            continue;
        lo[0] = fmin(lo[0], u - extra_r);
        hi[0] = fmax(hi[0], u + extra_r);
        lo[1] = fmin(lo[1], w - extra_r);
        hi[1] = fmax(hi[1], w + extra_r);
    }
    if (!(lo[0] <= hi[0]))
        return -1;
    double sx = hi[0] - lo[0], sy = hi[1] - lo[1], span = fmax(sx, sy);
    if (!(span > 0) || !isfinite(span)) {
        double m = fmax(fabs(lo[0]), fabs(lo[1]));
        span = m > 0 && isfinite(m) ? m * 1e-3 : 1;
        sx = sy = span;
    }
    sx = fmax(sx, span * 1e-3);
    sy = fmax(sy, span * 1e-3);
    double margin = 0.12;
    v->scale = fmin(v->w * (1 - 2 * margin) / sx, v->h * (1 - 2 * margin) / sy);
    double cu = 0.5 * (lo[0] + hi[0]), cw = 0.5 * (lo[1] + hi[1]);
    v->ox = v->x0 + v->w / 2 - v->scale * cu;
    v->oy = v->y0 + v->h / 2 + v->scale * cw;
    return 0;
}

/* Clips the screen segment a-b to the panel (Liang-Barsky); 0 if outside. */
static int clip(const view *v, double *ax, double *ay, double *bx, double *by)
{
    double t0 = 0, t1 = 1, dx = *bx - *ax, dy = *by - *ay;
    double p[4] = {-dx, dx, -dy, dy};
    double qv[4] = {*ax - v->x0, v->x0 + v->w - *ax, *ay - v->y0, v->y0 + v->h - *ay};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (qv[i] < 0)
                return 0;
            continue;
        }
        double r = qv[i] / p[i];
        if (p[i] < 0)
            t0 = fmax(t0, r);
        else
            t1 = fmin(t1, r);
    }
    if (t0 > t1)
        return 0;
    double x0 = *ax + t0 * dx, y0 = *ay + t0 * dy, x1 = *ax + t1 * dx, y1 = *ay + t1 * dy;
    *ax = x0;
    *ay = y0;
    *bx = x1;
    *by = y1;
    return 1;
}

static void line(FILE *f, const view *v, vec a, vec b, const char *style)
{
    double ax, ay, bx, by;
    to_screen(v, a, &ax, &ay);
    to_screen(v, b, &bx, &by);
    if (!isfinite(ax + ay + bx + by) || !clip(v, &ax, &ay, &bx, &by))
        return;
    fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>\n", ax, ay, bx, by, style);
}

static int inside(const view *v, double x, double y)
{
    return x >= v->x0 && x <= v->x0 + v->w && y >= v->y0 && y <= v->y0 + v->h;
}

static void label(FILE *f, const view *v, vec p, const char *text, const char *colour)
{
    double x, y;
    to_screen(v, p, &x, &y);
    if (!isfinite(x + y) || !inside(v, x, y))
        return;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", x + 4, y - 4, colour);
    xml_text_write(f, text);
    fputs("</text>\n", f);
}

static void dot(FILE *f, const view *v, vec p, double r, const char *fill)
{
    double x, y;
    to_screen(v, p, &x, &y);
    if (isfinite(x + y) && inside(v, x, y))
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%g\" fill=\"%s\"/>\n", x, y, r, fill);
}

static void circle(FILE *f, const view *v, vec c, double r, const char *style)
{
    double x, y;
    to_screen(v, c, &x, &y);
    double R = r * v->scale;
    if (isfinite(x + y + R) && R > 0 && R < 1e6)
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" %s/>\n", x, y, R, style);
}

static void cross_mark(FILE *f, const view *v, vec p, const char *colour)
{
    double x, y;
    to_screen(v, p, &x, &y);
    if (!isfinite(x + y) || !inside(v, x, y))
        return;
    fprintf(f, "<path d=\"M%.2f %.2fl8 8m0 -8l-8 8\" stroke=\"%s\" stroke-width=\"2.2\"/>\n", x - 4, y - 4, colour);
}

/* The contact point of an answer, if the query has one and it is a hit. */
static int contact(const scene *s, const double *out, vec *p)
{
    const isect_query *q = s->q;
    int hit = isect_query_hit_index(q);
    if (!out || (hit >= 0 && out[hit] == 0))
        return 0;
    int t_slot = -1;
    for (int o = 0; o < q->noutputs; o++) {
        if (q->outputs[o].kind == OUT_REAL && q->outputs[o].arity == 3) {
            *p = v_from(out + isect_output_offset(q, o));
            return v_finite(*p);
        }
        if (q->outputs[o].kind == OUT_REAL && !strcmp(q->outputs[o].name, "t"))
            t_slot = isect_output_offset(q, o);
    }
    if (t_slot < 0)
        return 0;
    double t = out[t_slot];
    if (s->has_ray)
        *p = v_add(s->pts[s->ray_o].p, v_mul(s->ray_d, t));
    else if (s->has_sweep)
        *p = v_add(s->pts[s->sweep_c].p, v_mul(s->sweep_v, t));
    else
        return 0;
    return v_finite(*p);
}

typedef struct {
    int has_ref, has_tgt, has_ref_at, has_tgt_at;
    vec refc, tgtc;       /* contact points */
    vec ref_at, tgt_at;   /* swept centre at the answer's t */
} marks;

/* The swept shape's centre at the answer's t. */
static int sweep_at(const scene *s, const double *out, vec *p)
{
    const isect_query *q = s->q;
    int hit = isect_query_hit_index(q);
    if (!s->has_sweep || !out || (hit >= 0 && out[hit] == 0))
        return 0;
    for (int o = 0; o < q->noutputs; o++)
        if (q->outputs[o].kind == OUT_REAL && !strcmp(q->outputs[o].name, "t")) {
            *p = v_add(s->pts[s->sweep_c].p, v_mul(s->sweep_v, out[isect_output_offset(q, o)]));
            return v_finite(*p);
        }
    return 0;
}

static void draw_panel(FILE *f, const scene *s, const view *v, const marks *mk, const char *caption)
{
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#fbfbfb\" stroke=\"#ccc\"/>\n", v->x0, v->y0,
            v->w, v->h);
    fprintf(f, "<text x=\"%g\" y=\"%g\" fill=\"#666\">", v->x0 + 4, v->y0 + 13);
    xml_text_write(f, caption);
    fputs("</text>\n", f);
    double span = 2 * fmax(v->w, v->h) / v->scale;
    /* planes: a square around the point */
    if (s->has_plane && v_finite(s->plane_n)) {
        vec n = s->plane_n, a = fabs(n.x[0]) < 0.9 * sqrt(v_dot(n, n)) ? (vec){{1, 0, 0}} : (vec){{0, 1, 0}};
        vec t1 = v_cross(n, a), t2 = v_cross(n, t1);
        double l1 = sqrt(v_dot(t1, t1)), l2 = sqrt(v_dot(t2, t2));
        if (l1 > 0 && l2 > 0) {
            t1 = v_mul(t1, span / l1);
            t2 = v_mul(t2, span / l2);
            vec p = s->pts[s->plane_p].p, c[4] = {v_add(v_add(p, t1), t2), v_sub(v_add(p, t1), t2),
                                                    v_sub(v_sub(p, t1), t2), v_add(v_sub(p, t1), t2)};
            fputs("<polygon fill=\"#dbe9f7\" fill-opacity=\"0.6\" stroke=\"#5b8cc0\" points=\"", f);
            for (int i = 0; i < 4; i++) {
                double x, y;
                to_screen(v, c[i], &x, &y);
                fprintf(f, "%.1f,%.1f ", fmax(-1e5, fmin(1e5, x)), fmax(-1e5, fmin(1e5, y)));
            }
            fputs("\"/>\n", f);
        }
    }
    for (int t = 0; t < s->ntri; t++) {
        fputs("<polygon fill=\"#cfe0f5\" fill-opacity=\"0.8\" stroke=\"#2a5d9f\" stroke-width=\"1.5\" "
              "stroke-linejoin=\"round\" points=\"",
              f);
        for (int k = 0; k < 3; k++) {
            double x, y;
            to_screen(v, s->pts[s->tri[t][k]].p, &x, &y);
            if (isfinite(x + y))
                fprintf(f, "%.2f,%.2f ", fmax(-1e5, fmin(1e5, x)), fmax(-1e5, fmin(1e5, y)));
        }
        fputs("\"/>\n", f);
    }
    for (int b = 0; b < s->nbox; b++) {
        vec lo = s->pts[s->box[b][0]].p, hi = s->pts[s->box[b][1]].p;
        for (int i = 0; i < 8; i++)
            for (int axis = 0; axis < 3; axis++) {
                if (i & (1 << axis))
                    continue;
                int j = i | (1 << axis);
                vec a, c;
                for (int k = 0; k < 3; k++) {
                    a.x[k] = (i >> k) & 1 ? hi.x[k] : lo.x[k];
                    c.x[k] = (j >> k) & 1 ? hi.x[k] : lo.x[k];
                }
                line(f, v, a, c, "stroke=\"#2a5d9f\" stroke-width=\"1.3\"");
            }
    }
    for (int k = 0; k < s->nseg; k++) {
        vec a = s->pts[s->seg[k][0]].p, b = s->pts[s->seg[k][1]].p;
        line(f, v, a, b, "stroke=\"#2a5d9f\" stroke-width=\"1.5\"");
        if (s->seg_r[k] > 0) {
            circle(f, v, a, s->seg_r[k], "fill=\"none\" stroke=\"#2a5d9f\" stroke-dasharray=\"3 2\"");
            circle(f, v, b, s->seg_r[k], "fill=\"none\" stroke=\"#2a5d9f\" stroke-dasharray=\"3 2\"");
            /* the outline of the cylinder in this view */
            vec d = v_sub(b, a);
            double du = v_dot(d, v->e1), dv = v_dot(d, v->e2), l = sqrt(du * du + dv * dv);
            if (l > 0) {
                vec off = v_mul(v_add(v_mul(v->e1, -dv / l), v_mul(v->e2, du / l)), s->seg_r[k]);
                line(f, v, v_add(a, off), v_add(b, off), "stroke=\"#2a5d9f\"");
                line(f, v, v_sub(a, off), v_sub(b, off), "stroke=\"#2a5d9f\"");
            }
        }
    }
    for (int k = 0; k < s->nsph; k++)
        circle(f, v, s->pts[s->sph[k]].p, s->sph_r[k],
               "fill=\"#cfe0f5\" fill-opacity=\"0.5\" stroke=\"#2a5d9f\" stroke-width=\"1.3\"");
    if (s->has_sweep) {
        vec c = s->pts[s->sweep_c].p, e = v_add(c, s->sweep_v);
        circle(f, v, c, s->sweep_r, "fill=\"#f3e3c3\" fill-opacity=\"0.6\" stroke=\"#9a6b1f\"");
        circle(f, v, e, s->sweep_r, "fill=\"none\" stroke=\"#9a6b1f\" stroke-dasharray=\"4 3\"");
        line(f, v, c, e, "stroke=\"#9a6b1f\" stroke-dasharray=\"4 3\"");
        label(f, v, e, "t = 1", "#9a6b1f");
        if (mk->has_ref_at)
            circle(f, v, mk->ref_at, s->sweep_r, "fill=\"none\" stroke=\"#1a9641\" stroke-width=\"1.5\"");
        if (mk->has_tgt_at)
            circle(f, v, mk->tgt_at, s->sweep_r,
                   "fill=\"none\" stroke=\"#d7191c\" stroke-width=\"1.3\" stroke-dasharray=\"5 3\"");
    }
    if (s->has_ray && v_finite(s->pts[s->ray_o].p) && v_finite(s->ray_d)) {
        vec o = s->pts[s->ray_o].p;
        double dl = sqrt(v_dot(s->ray_d, s->ray_d));
        if (dl > 0 && isfinite(dl)) {
            /* far enough to leave the panel, or to tmax */
            double far = (fabs(v_dot(v_sub(o, v->c), v->e1)) + fabs(v_dot(v_sub(o, v->c), v->e2)) +
                          sqrt(v_dot(v_sub(o, v->c), v_sub(o, v->c))) + span) /
                         dl;
            double tend = fmin(far, s->tmax);
            line(f, v, o, v_add(o, v_mul(s->ray_d, tend)), "stroke=\"#333\" stroke-width=\"1.3\"");
            if (tend < far)
                line(f, v, v_add(o, v_mul(s->ray_d, tend)), v_add(o, v_mul(s->ray_d, far)),
                     "stroke=\"#999\" stroke-dasharray=\"2 3\"");
            double ox, oy;
            to_screen(v, o, &ox, &oy);
            if (isfinite(ox + oy) && inside(v, ox, oy)) {
                dot(f, v, o, 3, "#333");
                label(f, v, o, s->pts[s->ray_o].name, "#333");
            } else {
                fprintf(f, "<text x=\"%g\" y=\"%g\" fill=\"#666\">", v->x0 + 4, v->y0 + v->h - 6);
                xml_text_write(f, s->pts[s->ray_o].name);
                fputs(" off view</text>\n", f);
            }
        }
    }
    for (int i = 0; i < s->npts; i++) {
        if (s->has_ray && i == s->ray_o)
            continue;
        dot(f, v, s->pts[i].p, 2.2, "#2a5d9f");
        label(f, v, s->pts[i].p, s->pts[i].name, "#2a5d9f");
    }
    if (mk->has_ref)
        dot(f, v, mk->refc, 4.5, "#1a9641");
    if (mk->has_tgt)
        cross_mark(f, v, mk->tgtc, "#d7191c");
}

static void describe(FILE *f, const isect_query *q, const double *out)
{
    for (int o = 0; o < q->noutputs; o++) {
        fprintf(f, " %s", q->outputs[o].name);
        for (int i = 0; i < q->outputs[o].arity; i++) {
            double x = out[isect_output_offset(q, o) + i];
            char buf[64];
            if (q->outputs[o].kind == OUT_REAL)
                fprintf(f, " %s", number_short(buf, sizeof buf, x));
            else
                fprintf(f, " %d", (int)x);
        }
    }
}

void picture_svg(FILE *f, const isect_query *q, const double *in, int ref_status, const double *ref_out,
                 const double *tgt_out, const char *target)
{
    scene s;
    build_scene(&s, q, in);
    const int PW = 300, PH = 250, gap = 14, W = 2 * PW + gap + 2, H = PH + 52;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"picture\" width=\"%d\" height=\"%d\" viewBox=\"0 0 "
            "%d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
            W, H, W, H);
    fprintf(f, "<title>configuration of the %s case</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
            q->name);
    vec pts[MAXP + 2];
    int n = frame_points(&s, pts, MAXP + 2);
    marks mk;
    memset(&mk, 0, sizeof mk);
    mk.has_ref = ref_status == ISECT_REF_OK && contact(&s, ref_out, &mk.refc);
    mk.has_tgt = contact(&s, tgt_out, &mk.tgtc);
    mk.has_ref_at = ref_status == ISECT_REF_OK && sweep_at(&s, ref_out, &mk.ref_at);
    mk.has_tgt_at = sweep_at(&s, tgt_out, &mk.tgt_at);
    if (n == 0) {
        fprintf(f, "<text x=\"10\" y=\"30\">no picture: the input has no finite point</text>\n");
    } else {
        /* centre and principal axes of the primitives */
        vec c = {{0, 0, 0}};
        for (int i = 0; i < n; i++)
            c = v_add(c, v_mul(pts[i], 1.0 / n));
        double cov[3][3] = {{0}};
        double big = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 3; k++)
                big = fmax(big, fabs(pts[i].x[k] - c.x[k]));
        for (int i = 0; i < n; i++) {
            vec d = v_sub(pts[i], c);
            if (big > 0)
                d = v_mul(d, 1 / big); /* no overflow in the squares */
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++)
                    cov[a][b] += d.x[a] * d.x[b];
        }
        vec ev[3];
        if (!(big > 0) || !isfinite(big)) {
            ev[0] = (vec){{1, 0, 0}};
            ev[1] = (vec){{0, 1, 0}};
            ev[2] = (vec){{0, 0, 1}};
        } else
            eigen3(cov, ev);
        /* with no second direction (points on a line), take the ray's */
        double rmax = 0;
        for (int k = 0; k < s.nsph; k++)
            rmax = fmax(rmax, s.sph_r[k]);
        for (int k = 0; k < s.nseg; k++)
            rmax = fmax(rmax, s.seg_r[k]);
        rmax = fmax(rmax, s.sweep_r);
        if (!isfinite(rmax))
            rmax = 0;
        vec more[2];
        int nmore = 0;
        /* contacts count when they are not far off the primitives */
        if (mk.has_ref)
            more[nmore++] = mk.refc;
        if (mk.has_tgt)
            more[nmore++] = mk.tgtc;
        view views[2];
        const char *names[2] = {"view along the thinnest direction", "side view"};
        for (int k = 0; k < 2; k++) {
            view *v = &views[k];
            v->c = c;
            v->e1 = ev[0];
            v->e2 = k == 0 ? ev[1] : ev[2];
            v->view = k == 0 ? ev[2] : ev[1];
            v->x0 = 1 + k * (PW + gap);
            v->y0 = 1;
            v->w = PW;
            v->h = PH;
            if (frame_view(v, pts, n, rmax, NULL, 0))
                continue;
            /* widen the frame to the contacts unless they are far away */
            double span = fmax(v->w, v->h) / v->scale;
            vec keep[2];
            int nk = 0;
            for (int i = 0; i < nmore; i++) {
                vec d = v_sub(more[i], c);
                if (fabs(v_dot(d, v->e1)) < 4 * span && fabs(v_dot(d, v->e2)) < 4 * span)
                    keep[nk++] = more[i];
            }
            frame_view(v, pts, n, rmax, keep, nk);
            char cap[160];
            snprintf(cap, sizeof cap, "%s (%.2f, %.2f, %.2f)", names[k], v->view.x[0], v->view.x[1], v->view.x[2]);
            draw_panel(f, &s, v, &mk, cap);
        }
    }
    /* legend and the two answers */
    int y = PH + 18;
    fprintf(f, "<circle cx=\"8\" cy=\"%d\" r=\"4.5\" fill=\"#1a9641\"/>\n<text x=\"16\" y=\"%d\">ref:", y - 4, y);
    if (ref_status != ISECT_REF_OK)
        fputs(" invalid input", f);
    else
        describe(f, q, ref_out);
    fputs("</text>\n", f);
    y += 18;
    fprintf(f, "<path d=\"M4 %dl8 8m0 -8l-8 8\" stroke=\"#d7191c\" stroke-width=\"2.2\"/>\n<text x=\"16\" y=\"%d\">",
            y - 8, y);
    xml_text_write(f, target);
    fputs(":", f);
    if (!tgt_out)
        fputs(" crashed or hung (no answer)", f);
    else
        describe(f, q, tgt_out);
    fputs("</text>\n</svg>\n", f);
}
