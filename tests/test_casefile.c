/* tests/test_casefile.c: the `.case` reader, writer and formatter.
 *
 * Every format error must come back as "FILE:LINE: message" (or "FILE: ..."
 * for whole-file errors) and never crash; valid files must read to the exact
 * binary32 / binary64 values; write -> read and format -> format are
 * identities.  Files are written with mkstemp under /tmp.
 */
#include <criterion/criterion.h>

#include "casefile.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmp_paths[128][64];
static int ntmp;

static void cleanup(void)
{
    for (int i = 0; i < ntmp; i++)
        unlink(tmp_paths[i]);
    ntmp = 0;
}

TestSuite(casefile, .fini = cleanup);

/* Writes len bytes to a fresh temporary file; returns its path. */
static const char *tmpfile_with(const char *text, size_t len)
{
    cr_assert(ntmp < 128);
    char *path = tmp_paths[ntmp++];
    snprintf(path, 64, "/tmp/isect_casefile_XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp failed");
    cr_assert_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

static const char *tmpfile_str(const char *text) { return tmpfile_with(text, strlen(text)); }

/* A valid ray_triangle case body (fields only, 6 lines). */
#define FIELDS                                                                                    \
    "origin 1 1 0\n"                                                                              \
    "dir 0 0 1\n"                                                                                 \
    "tmax inf\n"                                                                                  \
    "v0 0 0 2\n"                                                                                  \
    "v1 4 0 2\n"                                                                                  \
    "v2 0 4 2\n"

/* Reads text from a temp file expecting an error at `line` (0: no line)
 * whose message contains `needle`. */
static void expect_error_at(const char *text, size_t len, int line, const char *needle)
{
    const char *path = tmpfile_with(text, len);
    isect_casefile cf;
    char err[512] = "";
    int r = isect_casefile_read(path, &cf, err, sizeof err);
    cr_assert_eq(r, -1, "expected an error (%s) for:\n%s", needle, text);
    char prefix[128];
    if (line > 0)
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    else
        snprintf(prefix, sizeof prefix, "%s: ", path);
    cr_assert(strncmp(err, prefix, strlen(prefix)) == 0, "message '%s' does not start with '%s'", err, prefix);
    cr_assert(strstr(err, needle) != NULL, "message '%s' does not mention '%s'", err, needle);
    cr_assert(strchr(err, '\n') == NULL, "message '%s' is not one line", err);
    /* On error the casefile is empty and freeing it is harmless. */
    cr_assert(cf.cases == NULL && cf.n == 0 && cf.path == NULL);
    isect_casefile_free(&cf);
}

static void expect_error(const char *text, int line, const char *needle)
{
    expect_error_at(text, strlen(text), line, needle);
}

static isect_casefile read_ok(const char *text)
{
    const char *path = tmpfile_str(text);
    isect_casefile cf;
    char err[512] = "";
    int r = isect_casefile_read(path, &cf, err, sizeof err);
    cr_assert_eq(r, 0, "unexpected error: %s\nfor:\n%s", err, text);
    cr_assert_str_eq(cf.path, path);
    return cf;
}

/* ---- errors ----------------------------------------------------------------------- */

static void t_unknown_field(void)
{
    expect_error("query ray_triangle\n" FIELDS "colour 1 2 3\n", 8, "unknown field 'colour'");
}

static void t_missing_field_at_query_line(void)
{
    /* The last case misses v2: reported at its query line (line 3). */
    expect_error("# a comment\n\nquery ray_triangle\norigin 1 1 0\ndir 0 0 1\ntmax inf\nv0 0 0 2\nv1 4 0 2\n", 3,
                 "v2");
    /* A first case that misses tmax is reported when the next one starts,
     * at the first case's query line (1). */
    expect_error("query ray_triangle\norigin 1 1 0\ndir 0 0 1\nv0 0 0 2\nv1 4 0 2\nv2 0 4 2\n"
                 "query ray_triangle\n" FIELDS,
                 1, "tmax");
}

static void t_repeated_field_names_first_line(void)
{
    expect_error("query ray_triangle\n" FIELDS "\n# again\norigin 2 2 0\n", 10, "first at line 2");
    expect_error("query ray_triangle\n" FIELDS "expect hit 1\nexpect hit 1\n", 9, "first at line 8");
    expect_error("query ray_triangle\n" FIELDS "expect valid 1\nexpect valid 1\n", 9, "first at line 8");
}

static void t_bad_number(void)
{
    expect_error("query ray_triangle\norigin 1 x 0\ndir 0 0 1\n", 2, "bad number 'x'");
    expect_error("query ray_triangle\norigin 1 1.5.5 0\n", 2, "1.5.5");
    expect_error("query ray_triangle\norigin 1 1 0\ndir 0 0 1e\n", 3, "1e");
    expect_error("query ray_triangle\n" FIELDS "expect t two\n", 8, "two");
}

static void t_wrong_arity(void)
{
    expect_error("query ray_triangle\norigin 1 2\n", 2, "takes 3 values, got 2");
    expect_error("query ray_triangle\norigin 1 1 0\ndir 0 0 1\ntmax 1 2\n", 4, "takes 1 value, got 2");
    expect_error("query ray_triangle\norigin\n", 2, "got 0");
    expect_error("query ray_triangle\n" FIELDS "expect t 1 2\n", 8, "takes 1 value");
    expect_error("query ray_triangle\n" FIELDS "expect\n", 8, "expect");
}

static void t_unknown_query(void)
{
    expect_error("# header\nquery ray_banana\n" FIELDS, 2, "unknown query 'ray_banana'");
    expect_error("query\n", 1, "query");
    expect_error("query ray_triangle ray_triangle\n", 1, "query");
}

static void t_field_before_query(void)
{
    expect_error("# comment\norigin 1 1 0\nquery ray_triangle\n" FIELDS, 2, "before the first 'query'");
    expect_error("expect hit 1\n", 1, "before the first 'query'");
}

static void t_unknown_expect_output(void)
{
    expect_error("query ray_triangle\n" FIELDS "expect w 1\n", 8, "unknown output 'w'");
}

static void t_bad_boolean_in_expect(void)
{
    expect_error("query ray_triangle\n" FIELDS "expect hit 2\n", 8, "bad boolean");
    expect_error("query ray_triangle\n" FIELDS "expect hit yes\n", 8, "yes");
    expect_error("query ray_triangle\n" FIELDS "expect valid maybe\n", 8, "valid");
}

static void t_file_with_no_case(void)
{
    expect_error("# only a comment\n\n   \n", 0, "no case");
    expect_error("", 0, "no case");
}

static void t_nonexistent_file(void)
{
    isect_casefile cf;
    char err[512];
    const char *path = "/tmp/isect-no-such-dir/nothing.case";
    cr_assert_eq(isect_casefile_read(path, &cf, err, sizeof err), -1);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s: ", path);
    cr_assert(strncmp(err, prefix, strlen(prefix)) == 0, "message '%s'", err);
    cr_assert(strstr(err, "No such file") || strstr(err, "cannot open"), "message '%s'", err);
    isect_casefile_free(&cf);
}

static void t_nul_byte(void)
{
    static const char text[] = "query ray_triangle\norigin 1 1 0\ndir 0 0\0 1\ntmax inf\n";
    expect_error_at(text, sizeof text - 1, 3, "NUL");
    /* A NUL in a comment is still a NUL. */
    static const char text2[] = "# a\0b\nquery ray_triangle\n";
    expect_error_at(text2, sizeof text2 - 1, 1, "NUL");
}

static void t_literal_overflowing_binary32(void)
{
    expect_error("query ray_triangle\norigin 1e39 1 0\n", 2, "overflow");
    expect_error("query ray_triangle\norigin 1 -1e39 0\n", 2, "overflow");
    expect_error("query ray_triangle\norigin 1 1 0\ndir 0 0 1\ntmax 0x1p128\n", 4, "overflow");
    /* FLT_MAX rounds up to inf from (2 - 2^-24) 2^127 = 3.40282357e38 on. */
    expect_error("query ray_triangle\norigin 3.4028236e38 1 0\n", 2, "overflow");
    expect_error("query ray_triangle\norigin 0x1.ffffffp127 1 0\n", 2, "overflow");
    /* binary64 expect values take 1e39 fine, but not 1e309 */
    isect_casefile cf = read_ok("query ray_triangle\n" FIELDS "expect t 1e39\n");
    cr_assert_eq(cf.cases[0].expect_value[1], 1e39);
    isect_casefile_free(&cf);
    expect_error("query ray_triangle\n" FIELDS "expect t 1e309\n", 8, "");
}

static void t_never_crash_on_mangled_files(void)
{
    /* Derived texts of a valid file: each line deleted, duplicated, cut at
     * every character, or one token replaced by garbage.  Each must either
     * read or give one "name:LINE: " or "name: " message; ASan watches. */
    static const char base[] = "# c\nquery ray_triangle\norigin 1 1 0 # x\ndir 0 0 1\ntmax inf\n"
                               "v0 0 0 2\nv1 4 0 2\nv2 0 4 2\nexpect hit 1\nexpect t 2\nexpect valid 1\n";
    static const char *junk[] = {"", "#", "query", "nan", "-inf", "0x", "1e999", "expect", "v0", "\t", "\r",
                                 "\xff\xfe", "query ray_triangle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66"};
    size_t n = sizeof base - 1;
    char buf[4096];
    int ok = 0, errs = 0;
    for (size_t cut = 0; cut <= n; cut++) {
        for (size_t j = 0; j < sizeof junk / sizeof *junk; j++) {
            size_t jl = strlen(junk[j]);
            memcpy(buf, base, cut);
            memcpy(buf + cut, junk[j], jl);
            memcpy(buf + cut + jl, base + cut, n - cut);
            size_t len = n + jl;
            isect_casefile cf;
            char err[256] = "";
            int r = isect_casefile_parse("mem", buf, len, &cf, err, sizeof err);
            if (r == 0) {
                cr_assert(cf.n >= 1);
                ok++;
            } else {
                cr_assert(strncmp(err, "mem:", 4) == 0, "message '%s'", err);
                errs++;
            }
            isect_casefile_free(&cf);
        }
    }
    cr_assert(ok > 0 && errs > 0);
    /* A tiny error buffer truncates, never overflows. */
    isect_casefile cf;
    char small[8];
    cr_assert_eq(isect_casefile_parse("a-long-name.case", "bogus\n", 6, &cf, small, sizeof small), -1);
    cr_assert(memchr(small, 0, sizeof small) != NULL);
}

/* ---- valid files ---------------------------------------------------------------- */

static void t_comments_hex_inf_multiple_cases(void)
{
    isect_casefile cf = read_ok("# leading comment\n"
                                "\n"
                                "query ray_triangle   # trailing comment\n"
                                "  origin 0x1p+0 0x1.8p+1 -0x0p+0   # hex\n"
                                "dir\t0 0 1\n"
                                "tmax inf\n"
                                "v2 0 4 2\n" /* any field order */
                                "v0 0 0 2\n"
                                "v1 4 0 2\n"
                                "expect hit true\n"
                                "expect t 0x1p+1\n"
                                "query ray_triangle\n"
                                "origin -inf nan INF\n"
                                "dir 0 0 -1\n"
                                "tmax 2.5\n"
                                "v0 1 2 3\n"
                                "v1 4 5 6\n"
                                "v2 7 8 9\n"
                                "expect valid 0\n");
    cr_assert_eq(cf.n, 2);
    const isect_case *a = &cf.cases[0], *b = &cf.cases[1];
    cr_assert_eq(a->line, 3);
    cr_assert_eq(b->line, 12);
    cr_assert_str_eq(a->query->name, "ray_triangle");
    double want_a[16] = {1, 3, 0, 0, 0, 1, INFINITY, 0, 0, 2, 4, 0, 2, 0, 4, 2};
    for (int i = 0; i < 16; i++)
        cr_assert(a->in[i] == want_a[i], "case 0 in[%d] = %a, expected %a", i, a->in[i], want_a[i]);
    cr_assert(signbit(a->in[2]), "-0x0p+0 must keep its sign");
    cr_assert_eq(a->field_line[0], 4);
    cr_assert_eq(a->field_line[5], 7); /* v2 */
    cr_assert(a->expect[0] && a->expect_value[0] == 1 && a->expect_line[0] == 10);
    cr_assert(a->expect[1] && a->expect_value[1] == 2 && a->expect_line[1] == 11);
    cr_assert(!a->expect[2] && !a->expect[3]);
    cr_assert_eq(a->expect_valid, -1);
    cr_assert(isinf(b->in[0]) && b->in[0] < 0 && isnan(b->in[1]) && isinf(b->in[2]) && b->in[2] > 0);
    cr_assert_eq(b->in[6], 2.5);
    cr_assert_eq(b->expect_valid, 0);
    cr_assert_eq(b->expect_valid_line, 19);
    isect_casefile_free(&cf);
}

static void t_decimal_rounds_once_to_binary32(void)
{
    isect_casefile cf = read_ok("query ray_triangle\n"
                                "origin 0.1 -0.3 3.4028235e38\n"
                                /* 1 + 2^-24 + 1e-32: just above the midpoint of 1 and
                                 * 1 + 2^-23, so it rounds up; rounding to binary64 first
                                 * would give the midpoint, then (float) ties to 1. */
                                "dir 1.00000005960464477539062500000001 0x1.000001p0 0x1.0000010000001p0\n"
                                "tmax 1e-46\n"         /* below half of 2^-149: 0 */
                                "v0 1e-45 0x1p-150 0x1.8p-150\n" /* 2^-149; tie to even 0; 2^-149 */
                                "v1 16777217 3.40282356e38 -0\n" /* 2^24 + 1 ties to 2^24; FLT_MAX */
                                "v2 0 4 2\n");
    const double *in = cf.cases[0].in;
    cr_assert_eq(in[0], (double)0.1f, "0.1 read as %a", in[0]);
    cr_assert_eq(in[1], (double)-0.3f);
    cr_assert_eq(in[2], (double)FLT_MAX);
    cr_assert_eq(in[3], 0x1.000002p0, "double rounding: %a", in[3]);
    cr_assert_eq(in[4], 1.0, "exact midpoint ties to even: %a", in[4]);
    cr_assert_eq(in[5], 0x1.000002p0, "above the midpoint: %a", in[5]);
    cr_assert_eq(in[6], 0);
    cr_assert_eq(in[7], 0x1p-149);
    cr_assert_eq(in[8], 0);
    cr_assert_eq(in[9], 0x1p-149);
    cr_assert_eq(in[10], 16777216);
    cr_assert_eq(in[11], (double)FLT_MAX);
    cr_assert(in[12] == 0 && signbit(in[12]));
    for (int i = 0; i < 16; i++)
        cr_assert(isnan(in[i]) || (double)(float)in[i] == in[i], "in[%d] = %a is not a binary32 value", i, in[i]);
    isect_casefile_free(&cf);

    /* expect values are binary64: 0.1 is the double 0.1. */
    cf = read_ok("query ray_triangle\n" FIELDS "expect t 0.1\nexpect u 0x1p-1074\n");
    cr_assert_eq(cf.cases[0].expect_value[1], 0.1);
    cr_assert_eq(cf.cases[0].expect_value[2], 0x1p-1074);
    isect_casefile_free(&cf);
}

static bool same_value(double a, double b)
{
    return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

static void t_write_read_round_trip(void)
{
    const isect_query *q = isect_query_find("ray_triangle");
    cr_assert_not_null(q);
    isect_case c;
    memset(&c, 0, sizeof c);
    c.query = q;
    c.expect_valid = 1;
    double in[16] = {-0.0, 0x1p-149, -0x1.fffffep127, INFINITY, -INFINITY, NAN, 0x1.2345p-130, 0.1f, -3,
                     1e-45f, 0x1.fffffcp-127, 7, 0, -0.0, 1.5f, 0x1p127};
    memcpy(c.in, in, sizeof in);
    /* expect values: binary64, including subnormal, -0 and inf */
    double ev[4] = {1, 0x1p-1074, -0.0, INFINITY};
    memcpy(c.expect_value, ev, sizeof ev);
    for (int o = 0; o < 4; o++)
        c.expect[o] = true;

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    isect_case_write(f, &c, "a comment\nover two lines");
    /* a second, different case in the same file */
    isect_case d = c;
    d.expect_valid = -1;
    memset(d.expect, 0, sizeof d.expect);
    d.expect[1] = true;
    d.expect_value[1] = 1.0 / 3.0;
    isect_case_write(f, &d, NULL);
    fclose(f);
    cr_assert(strstr(text, "# a comment\n# over two lines\n") == text, "comment header:\n%s", text);

    isect_casefile cf = read_ok(text);
    cr_assert_eq(cf.n, 2, "text:\n%s", text);
    for (int k = 0; k < 2; k++) {
        const isect_case *w = k ? &d : &c, *r = &cf.cases[k];
        cr_assert_eq(r->query, q);
        for (int i = 0; i < 16; i++)
            cr_assert(same_value(r->in[i], w->in[i]), "case %d in[%d]: wrote %a, read %a\n%s", k, i, w->in[i],
                      r->in[i], text);
        cr_assert_eq(r->expect_valid, w->expect_valid);
        for (int o = 0; o < 4; o++) {
            cr_assert_eq(r->expect[o], w->expect[o], "case %d expect %d", k, o);
            if (w->expect[o])
                cr_assert(same_value(r->expect_value[o], w->expect_value[o]), "case %d expect %d: wrote %a, read %a",
                          k, o, w->expect_value[o], r->expect_value[o]);
        }
    }
    isect_casefile_free(&cf);
    free(text);
}

static char *format_file(const char *path)
{
    char *text = NULL, err[512] = "";
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    int r = isect_casefile_format(path, f, err, sizeof err);
    fclose(f);
    cr_assert_eq(r, 0, "format failed: %s", err);
    return text;
}

static void t_format_is_canonical_and_idempotent(void)
{
    const char *src = "# header comment   \n"
                      "\n"
                      "   # indented comment\n"
                      "query   ray_triangle\n"
                      "origin 1 1 0    # the origin\n"
                      "dir 0 0 1\n"
                      "tmax inf\n"
                      "v0 0 0 2\r\n"
                      "v1 4 0.1 2\n"
                      "v2 0 4 2\n"
                      "expect hit true\n"
                      "expect t 2\n"
                      "expect valid 1\n"
                      "query ray_triangle\n" FIELDS "expect u 0.25\n";
    const char *p1 = tmpfile_str(src);
    char *once = format_file(p1);
    cr_assert(strcmp(once, src) != 0);
    /* numbers became hex floats, the decimal in a comment; comments kept */
    cr_assert(strstr(once, "# header comment\n") == once, "formatted:\n%s", once);
    cr_assert(strstr(once, "# indented comment\n"), "formatted:\n%s", once);
    cr_assert(strstr(once, "0x1.99999ap-4"), "0.1f as hex missing:\n%s", once);
    cr_assert(strstr(once, "0x1p+1"), "formatted:\n%s", once);
    cr_assert(strstr(once, "expect hit 1\n"), "formatted:\n%s", once);
    cr_assert(!strchr(once, '\r'), "a CR survived formatting");

    /* The formatted text reads to the same values. */
    isect_casefile a, b;
    char err[512];
    cr_assert_eq(isect_casefile_read(p1, &a, err, sizeof err), 0, "%s", err);
    const char *p2 = tmpfile_str(once);
    cr_assert_eq(isect_casefile_read(p2, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(a.n, b.n);
    for (size_t k = 0; k < a.n; k++) {
        cr_assert(memcmp(a.cases[k].in, b.cases[k].in, sizeof a.cases[k].in) == 0, "case %zu inputs changed", k);
        cr_assert(memcmp(a.cases[k].expect, b.cases[k].expect, sizeof a.cases[k].expect) == 0);
        cr_assert(memcmp(a.cases[k].expect_value, b.cases[k].expect_value, sizeof a.cases[k].expect_value) == 0);
        cr_assert_eq(a.cases[k].expect_valid, b.cases[k].expect_valid);
    }
    isect_casefile_free(&a);
    isect_casefile_free(&b);

    /* Idempotent: formatting the formatted text changes nothing. */
    char *twice = format_file(p2);
    cr_assert_str_eq(twice, once);
    free(once);
    free(twice);

    /* The writer's output is already canonical. */
    isect_casefile w = read_ok("query ray_triangle\n" FIELDS "expect hit 1\nexpect t 2\n");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    isect_case_write(f, &w.cases[0], "from the writer");
    fclose(f);
    isect_casefile_free(&w);
    const char *p3 = tmpfile_str(text);
    char *fw = format_file(p3);
    cr_assert_str_eq(fw, text);
    free(fw);
    free(text);

    /* A bad file is not formatted, with the reader's message. */
    const char *bad = tmpfile_str("query ray_triangle\norigin 1 1\n");
    char *out = NULL;
    size_t olen = 0;
    f = open_memstream(&out, &olen);
    char e2[512];
    cr_assert_eq(isect_casefile_format(bad, f, e2, sizeof e2), -1);
    fclose(f);
    free(out);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s:2: ", bad);
    cr_assert(strncmp(e2, prefix, strlen(prefix)) == 0, "message '%s'", e2);
}

static void t_format_hex(void)
{
    char buf[64];
    isect_format_hex(buf, sizeof buf, 1.5);
    cr_assert_str_eq(buf, "0x1.8p+0");
    isect_format_hex(buf, sizeof buf, -INFINITY);
    cr_assert_str_eq(buf, "-inf");
    isect_format_hex(buf, sizeof buf, INFINITY);
    cr_assert_str_eq(buf, "inf");
    isect_format_hex(buf, sizeof buf, NAN);
    cr_assert_str_eq(buf, "nan");
    isect_format_hex(buf, sizeof buf, -0.0);
    cr_assert_str_eq(buf, "-0x0p+0");
}

/* Grouped: each Criterion test is a process of its own (ASan start-up and
 * leak check), so related checks share one. */
Test(casefile, errors_name_file_and_line)
{
    t_unknown_field();
    t_missing_field_at_query_line();
    t_repeated_field_names_first_line();
    t_bad_number();
    t_wrong_arity();
    t_unknown_query();
    t_field_before_query();
    t_unknown_expect_output();
    t_bad_boolean_in_expect();
    t_file_with_no_case();
    t_nonexistent_file();
    t_nul_byte();
    t_literal_overflowing_binary32();
}

Test(casefile, never_crash_on_mangled_files)
{
    t_never_crash_on_mangled_files();
}

Test(casefile, valid_files)
{
    t_comments_hex_inf_multiple_cases();
    t_decimal_rounds_once_to_binary32();
}

Test(casefile, write_read_round_trip)
{
    t_write_read_round_trip();
}

Test(casefile, format)
{
    t_format_is_canonical_and_idempotent();
    t_format_hex();
}
