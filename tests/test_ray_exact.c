/* tests/test_ray_exact.c: the ray queries' hit flags are exact (issue 14):
 * fast's hit equals ref's on random and boundary binary32 inputs (small
 * integers: touching, tangent, edge and corner cases, tmax = 0 and exact
 * ends; the same nudged by an ulp; random floats; huge and tiny scales),
 * and on inputs built to defeat fast's filters, where the exact path
 * decides (counted through RC_EXACT_HOOK on a copy of fast's source).
 * ISECT_EXACT_N sets the number of cases per query (default 40000). */
#include "testlib_ray.h"

static long exact_calls;
#define RC_EXACT_HOOK() (exact_calls++)
bool hooked_ray_aabb(isect_ray ray, isect_aabb box, isect_ray_aabb_result *out);
#define isect_ray_aabb hooked_ray_aabb
#include "../fast/ray_aabb.c"
#undef isect_ray_aabb
bool hooked_ray_plane(isect_ray ray, isect_plane plane, isect_ray_plane_result *out);
#define isect_ray_plane hooked_ray_plane
#include "../fast/ray_plane.c"
#undef isect_ray_plane
bool hooked_ray_sphere(isect_ray ray, isect_sphere s, isect_ray_sphere_result *out);
#define isect_ray_sphere hooked_ray_sphere
#include "../fast/ray_sphere.c"
#undef isect_ray_sphere

/* A random input of q by mode: 0 small integers (times 1/4, 1/2 or 1),
 * 1 the same with one slot nudged by an ulp, 2 random floats, 3 small
 * integers scaled by a common 2^k, |k| <= 100. */
static void gen(const isect_query *q, int mode, double *in)
{
    int k = tl_int(-100, 100), sh = -tl_int(0, 2), n = 0;
    for (int f = 0; f < q->nfields; f++) {
        const isect_field *fd = &q->fields[f];
        for (int j = 0; j < fd->arity; j++, n++) {
            double x = mode == 2 ? tl_f32(3) : tl_small(sh);
            if (fd->unit == UNIT_PARAM) {
                static const double tm[] = {INFINITY, 0, 1, 2, 0.5, 3};
                x = tl_rnd() % 2 ? tm[tl_rnd() % 6] : fabs(x);
            } else if (mode == 3) {
                x = (double)(float)ldexp(x, fd->unit == UNIT_POS ? k : k / 2);
            }
            if (strcmp(fd->name, "radius") == 0 || strcmp(fd->name, "half") == 0)
                x = fabs(x);
            in[n] = x;
        }
    }
    if (strcmp(q->name, "ray_aabb") == 0)
        for (int i = 7; i < 10; i++)
            if (in[i] > in[i + 3]) {
                double t = in[i];
                in[i] = in[i + 3];
                in[i + 3] = t;
            }
    if (mode == 1) {
        int s = tl_int(0, n - 1);
        if (isfinite(in[s]))
            in[s] = nextafterf((float)in[s], tl_rnd() & 1 ? INFINITY : -INFINITY);
        if (q->fields[0].unit == UNIT_POS && in[RT_TMAX] < 0)
            in[RT_TMAX] = 0;
    }
}

static long env_n(void)
{
    const char *s = getenv("ISECT_EXACT_N");
    return s && *s ? strtol(s, NULL, 0) : 40000;
}

/* fast's hit equals ref's on n cases of each mode; returns the number of
 * valid cases. */
static long check_query(const char *name, isect_any_fn fn)
{
    const isect_query *q = tl_query(name);
    long valid = 0, n = env_n();
    for (int mode = 0; mode < 4; mode++) {
        long calls0 = exact_calls, valid0 = valid;
        for (long i = 0; i < n / 4; i++) {
            double in[ISECT_MAX_IN], r[ISECT_MAX_OUT], f[ISECT_MAX_OUT] = {0};
            gen(q, mode, in);
            if (q->ref(in, r) != REF_OK)
                continue;
            valid++;
            q->run(fn, in, f);
            if ((f[0] != 0) != (r[0] != 0)) {
                char buf[1024];
                tl_dump(buf, sizeof buf, in, isect_query_nin(q));
                cr_assert_fail("ISECT_SEED=%llu %s mode %d: fast hit %g, ref %g on %s", (unsigned long long)tl_seed,
                               name, mode, f[0], r[0], buf);
            }
        }
        if (getenv("ISECT_EXACT_SHARE") && exact_calls > calls0)
            fprintf(stderr, "%s mode %d: exact path %ld of %ld\n", name, mode, exact_calls - calls0, valid - valid0);
    }
    return valid;
}

/* fast's hit (libisect's, then the hooked copy's) equals ref's; the boundary
 * modes defeat the filter often enough that the exact path runs. */
#define EXACT_TEST(query, seed)                                                                       \
    Test(ray_exact, query)                                                                            \
    {                                                                                                 \
        tl_init_seed(seed);                                                                           \
        cr_assert(check_query(#query, (isect_any_fn)isect_##query) > env_n() / 2, "too few valid");  \
        exact_calls = 0;                                                                              \
        check_query(#query, (isect_any_fn)hooked_##query);                                           \
        cr_assert(exact_calls > env_n() / 1000, "exact path taken %ld times", exact_calls);          \
    }

EXACT_TEST(ray_aabb, 1401)
EXACT_TEST(ray_plane, 1403)
EXACT_TEST(ray_sphere, 1404)

/* Corners and edges touched exactly, and an ulp beside: the filter cannot
 * decide (entry == exit), the exact path does, and agrees with ref. */
Test(ray_exact, aabb_exact_path)
{
    tl_init_seed(1402);
    const isect_query *q = tl_query("ray_aabb");
    exact_calls = 0;
    long n = 0;
    for (int i = 0; i < 2000; i++) {
        /* From o along d to the corner c of [c - 1, c]^3... touching it. */
        double c[3] = {tl_small(0), tl_small(0), tl_small(0)}, d[3], in[13], r[2], f[2] = {0};
        for (int j = 0; j < 3; j++)
            d[j] = tl_int(1, 8);
        double s = (double)tl_int(1, 4);
        for (int j = 0; j < 3; j++) {
            in[j] = (float)(c[j] + (j == 0 ? s * d[j] : -s * d[j]));
            in[3 + j] = j == 0 ? -d[j] : d[j];
            in[7 + j] = j == 0 ? c[j] - 1 : c[j];
            in[10 + j] = j == 0 ? c[j] : c[j] + 1;
        }
        in[6] = tl_rnd() % 2 ? INFINITY : s;
        if (tl_rnd() % 2) {
            int k = tl_int(0, 12);
            in[k] = nextafterf((float)in[k], tl_rnd() % 2 ? INFINITY : -INFINITY);
        }
        if (q->ref(in, r) != REF_OK)
            continue;
        n++;
        q->run((isect_any_fn)hooked_ray_aabb, in, f);
        cr_assert_eq(f[0] != 0, r[0] != 0, "case %d", i);
    }
    cr_assert(exact_calls > n / 4, "exact path taken %ld times in %ld", exact_calls, n);
}
