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
#include "svg.h"

#include <string.h>

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

/* A plane: a square around its point, span wide. */
static void draw_plane(FILE *f, const scene *s, const view *v, double span)
{
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
}

/* Triangles and boxes. */
static void draw_solids(FILE *f, const scene *s, const view *v)
{
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
}

/* Segments, and the capped cylinders around those with a radius. */
static void draw_segments(FILE *f, const scene *s, const view *v)
{
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
}

/* Spheres, and the swept sphere at t = 0, at t = 1 and at both answers. */
static void draw_spheres(FILE *f, const scene *s, const view *v, const marks *mk)
{
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
}

/* The ray, to tmax or out of the panel, with its origin. */
static void draw_ray(FILE *f, const scene *s, const view *v, double span)
{
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
}

static void draw_panel(FILE *f, const scene *s, const view *v, const marks *mk, const char *caption)
{
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#fbfbfb\" stroke=\"#ccc\"/>\n", v->x0, v->y0,
            v->w, v->h);
    fprintf(f, "<text x=\"%g\" y=\"%g\" fill=\"#666\">", v->x0 + 4, v->y0 + 13);
    xml_text_write(f, caption);
    fputs("</text>\n", f);
    double span = 2 * fmax(v->w, v->h) / v->scale;
    draw_plane(f, s, v, span);
    draw_solids(f, s, v);
    draw_segments(f, s, v);
    draw_spheres(f, s, v, mk);
    draw_ray(f, s, v, span);
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
enum { PW = 300, PH = 250, GAP = 14 };

/* The two views of the scene, framed on its points pts (and the contacts
 * when they are not far off). */
static void draw_views(FILE *f, const scene *s, const marks *mk, vec *pts, int n)
{
    vec c, ev[3];
    principal_axes(pts, n, &c, ev);
    /* with no second direction (points on a line), take the ray's */
    double rmax = scene_radius(s);
    vec more[2];
    int nmore = 0;
    /* contacts count when they are not far off the primitives */
    if (mk->has_ref)
        more[nmore++] = mk->refc;
    if (mk->has_tgt)
        more[nmore++] = mk->tgtc;
    view views[2];
    const char *names[2] = {"view along the thinnest direction", "side view"};
    for (int k = 0; k < 2; k++) {
        view *v = &views[k];
        v->c = c;
        v->e1 = ev[0];
        v->e2 = k == 0 ? ev[1] : ev[2];
        v->view = k == 0 ? ev[2] : ev[1];
        v->x0 = 1 + k * (PW + GAP);
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
        draw_panel(f, s, v, mk, cap);
    }
}

/* The legend: ref's answer and the target's. */
static void legend(FILE *f, const isect_query *q, int ref_status, const double *ref_out, const double *tgt_out,
                   const char *target)
{
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

void picture_svg(FILE *f, const isect_query *q, const double *in, int ref_status, const double *ref_out,
                 const double *tgt_out, const char *target)
{
    scene s;
    build_scene(&s, q, in);
    const int W = 2 * PW + GAP + 2, H = PH + 52;
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
    if (n == 0)
        fprintf(f, "<text x=\"10\" y=\"30\">no picture: the input has no finite point</text>\n");
    else
        draw_views(f, &s, &mk, pts, n);
    legend(f, q, ref_status, ref_out, tgt_out, target);
}
