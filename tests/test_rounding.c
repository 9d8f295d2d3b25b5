/* tests/test_rounding.c: the build rounds (double)(float)x.  gcc 12.2 at -O2
 * with its SLP vectorizer folds the rounding away when it pairs such
 * conversions in a struct initializer; the Makefile turns that pass off.
 * Built with the release optimisation level in mind: the asan build runs
 * -O1, so this test also compiles its function with optimize("O2"). */
#include <criterion/criterion.h>

typedef struct {
    float x, y, z;
} v3f;

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, optimize("O2")))
#else
__attribute__((noinline))
#endif
static void round3(const double *in, double *out)
{
    v3f d = {(float)in[0], (float)in[1], (float)in[2]};
    out[0] = d.x;
    out[1] = d.y;
    out[2] = d.z;
}

Test(rounding, double_float_double_round_trip_rounds)
{
    double in[3] = {0.1, 0.2, 0.3}, out[3];
    round3(in, out);
    /* 0.1f, 0.2f, 0.3f written as exact binary32 hex values */
    cr_assert_eq(out[0], 0x1.99999ap-4, "got %a", out[0]);
    cr_assert_eq(out[1], 0x1.99999ap-3, "got %a", out[1]);
    cr_assert_eq(out[2], 0x1.333334p-2, "got %a", out[2]);
}
