/* cli/svg_scene.c: the scene of a case for its pictures (cli/svg.c).
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

static void scene_fields(scene *s, const isect_query *q, const double *in)
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
}

/* Triangles X0 X1 X2, boxes minX maxX, segments X0 X1 among the points. */
static void scene_shapes(scene *s)
{
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

void build_scene(scene *s, const isect_query *q, const double *in)
{
    scene_fields(s, q, in);
    scene_shapes(s);
}

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

int frame_points(const scene *s, vec *out, int max)
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

/* The contact point of an answer, if the query has one and it is a hit. */
int contact(const scene *s, const double *out, vec *p)
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

int sweep_at(const scene *s, const double *out, vec *p)
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

void principal_axes(const vec *pts, int n, vec *c, vec ev[3])
{
    /* centre and principal axes of the primitives */
    *c = (vec){{0, 0, 0}};
    for (int i = 0; i < n; i++)
        *c = v_add(*c, v_mul(pts[i], 1.0 / n));
    double cov[3][3] = {{0}};
    double big = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            big = fmax(big, fabs(pts[i].x[k] - c->x[k]));
    for (int i = 0; i < n; i++) {
        vec d = v_sub(pts[i], *c);
        if (big > 0)
            d = v_mul(d, 1 / big); /* no overflow in the squares */
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                cov[a][b] += d.x[a] * d.x[b];
    }
    if (!(big > 0) || !isfinite(big)) {
        ev[0] = (vec){{1, 0, 0}};
        ev[1] = (vec){{0, 1, 0}};
        ev[2] = (vec){{0, 0, 1}};
    } else
        eigen3(cov, ev);
}

double scene_radius(const scene *s)
{
    double rmax = 0;
    for (int k = 0; k < s->nsph; k++)
        rmax = fmax(rmax, s->sph_r[k]);
    for (int k = 0; k < s->nseg; k++)
        rmax = fmax(rmax, s->seg_r[k]);
    rmax = fmax(rmax, s->sweep_r);
    if (!isfinite(rmax))
        rmax = 0;
    return rmax;
}
