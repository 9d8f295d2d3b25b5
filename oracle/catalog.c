/* oracle/catalog.c: the query table; see catalog.h. */
#include "catalog.h"

#include "isect.h"
#include "isect_ref.h"

#include <math.h>
#include <string.h>

typedef void (*isect_any_fn)(void);

static isect_vec3 v3(const double *p) { return (isect_vec3){(float)p[0], (float)p[1], (float)p[2]}; }

/* ---- ray_triangle ---------------------------------------------------- */

static void run_ray_triangle(isect_any_fn fn, const double *in, double *out)
{
    isect_ray ray = {v3(in + 0), v3(in + 3), (float)in[6]};
    isect_triangle tri = {v3(in + 7), v3(in + 10), v3(in + 13)};
    isect_ray_triangle_result r = {0};
    bool hit = ((isect_ray_triangle_fn *)fn)(ray, tri, &r);
    out[0] = hit;
    out[1] = r.t;
    out[2] = r.u;
    out[3] = r.v;
}

static const char *contract_ray_triangle(const double *in, const double *out)
{
    if (out[0] && (out[1] < 0 || out[1] > in[6]))
        return "t outside [0, tmax] on a hit";
    return NULL;
}

static const isect_query q_ray_triangle = {
    .name = "ray_triangle",
    .summary = "ray or segment against a closed two-sided triangle: first t, barycentrics",
    .format = FMT_F32,
    .nfields = 6,
    .fields = {{"origin", 3, UNIT_POS},
               {"dir", 3, UNIT_DIR},
               {"tmax", 1, UNIT_PARAM},
               {"v0", 3, UNIT_POS},
               {"v1", 3, UNIT_POS},
               {"v2", 3, UNIT_POS}},
    .noutputs = 4,
    .outputs = {{"hit", 1, OUT_BOOL, SCALE_REL},
                {"t", 1, OUT_REAL, SCALE_REL},
                {"u", 1, OUT_REAL, SCALE_ONE},
                {"v", 1, OUT_REAL, SCALE_ONE}},
    .ref = ref_ray_triangle,
    .encl = ref_ray_triangle_encl,
    .run = run_ray_triangle,
    .contract = contract_ray_triangle,
};

/* ---- the table -------------------------------------------------------- */

const isect_query *const isect_catalog[] = {
    &q_ray_triangle,
};
const size_t isect_catalog_size = sizeof isect_catalog / sizeof *isect_catalog;

const isect_query *isect_query_find(const char *name)
{
    for (size_t i = 0; i < isect_catalog_size; i++)
        if (strcmp(isect_catalog[i]->name, name) == 0)
            return isect_catalog[i];
    return NULL;
}

int isect_field_offset(const isect_query *q, int field)
{
    int n = 0;
    for (int i = 0; i < field; i++)
        n += q->fields[i].arity;
    return n;
}

int isect_output_offset(const isect_query *q, int output)
{
    int n = 0;
    for (int i = 0; i < output; i++)
        n += q->outputs[i].arity;
    return n;
}

int isect_query_nin(const isect_query *q) { return isect_field_offset(q, q->nfields); }
int isect_query_nout(const isect_query *q) { return isect_output_offset(q, q->noutputs); }

int isect_query_hit_index(const isect_query *q)
{
    for (int i = 0; i < q->noutputs; i++)
        if (q->outputs[i].kind == OUT_BOOL)
            return isect_output_offset(q, i);
    return -1;
}

const char *isect_unit_name(isect_unit u)
{
    static const char *const names[] = {"position", "direction", "parameter"};
    return (unsigned)u < UNIT_COUNT ? names[u] : "?";
}

const char *isect_format_name(isect_format f) { return f == FMT_F64 ? "binary64" : "binary32"; }
