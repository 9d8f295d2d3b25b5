/* cli/svg.h: what the pictures of cli/svg.c draw: the scene of a case
 * (its points and primitives, found from the catalog's field names, and
 * the contacts of the answers), built by cli/svg_scene.c. */
#ifndef ISECT_CLI_SVG_H
#define ISECT_CLI_SVG_H

#include "commands.h"

#include <math.h>

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

static inline vec v_add(vec a, vec b) { return (vec){{a.x[0] + b.x[0], a.x[1] + b.x[1], a.x[2] + b.x[2]}}; }
static inline vec v_sub(vec a, vec b) { return (vec){{a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]}}; }
static inline vec v_mul(vec a, double s) { return (vec){{a.x[0] * s, a.x[1] * s, a.x[2] * s}}; }
static inline double v_dot(vec a, vec b) { return a.x[0] * b.x[0] + a.x[1] * b.x[1] + a.x[2] * b.x[2]; }
static inline vec v_cross(vec a, vec b)
{
    return (vec){{a.x[1] * b.x[2] - a.x[2] * b.x[1], a.x[2] * b.x[0] - a.x[0] * b.x[2],
                  a.x[0] * b.x[1] - a.x[1] * b.x[0]}};
}
static inline int v_finite(vec a) { return isfinite(a.x[0]) && isfinite(a.x[1]) && isfinite(a.x[2]); }
static inline vec v_from(const double *p) { return (vec){{p[0], p[1], p[2]}}; }

/* The contacts of ref's and the target's answers. */
typedef struct {
    int has_ref, has_tgt, has_ref_at, has_tgt_at;
    vec refc, tgtc;       /* contact points */
    vec ref_at, tgt_at;   /* swept centre at the answer's t */
} marks;

/* The scene of input in of q (svg.c's header comment says how). */
void build_scene(scene *s, const isect_query *q, const double *in);
/* The contact point of the answer out (NULL: none), if it has one. */
int contact(const scene *s, const double *out, vec *p);
/* The swept shape's centre at the answer's t. */
int sweep_at(const scene *s, const double *out, vec *p);
/* Points that define the view: the primitives, not the ray's origin (which
 * may be far away) unless there is nothing else.  Returns their count. */
int frame_points(const scene *s, vec *out, int max);
/* Centre c of the n points and their principal axes ev, the widest first
 * (the coordinate axes when the points coincide). */
void principal_axes(const vec *pts, int n, vec *c, vec ev[3]);
/* The largest radius of the scene's spheres, cylinders and sweep. */
double scene_radius(const scene *s);

#endif
