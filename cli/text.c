/* cli/text.c: numbers, XML text and times for people; see text.h. */
#include "text.h"

#include "files.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double read_back(const char *s, isect_format fmt) { return fmt == FMT_F32 ? strtof(s, NULL) : strtod(s, NULL); }

/* "1e-07" -> "1e-7", "1e+20" -> "1e20". */
static void tidy_exponent(char *s)
{
    char *e = strchr(s, 'e');
    if (!e)
        return;
    char *d = e + 1, *src = e + 1;
    if (*src == '+')
        src++;
    else if (*src == '-')
        *d++ = *src++;
    while (*src == '0' && src[1])
        src++;
    memmove(d, src, strlen(src) + 1);
}

static int mantissa_bits(double x)
{
    int e;
    double m = fabs(frexp(x, &e));
    int bits = 0;
    while (m != 0 && bits < 64) {
        m = m * 2 - floor(m * 2);
        bits++;
    }
    return bits;
}

char *number_readable(char *buf, size_t len, double x, isect_format fmt)
{
    if (isnan(x))
        snprintf(buf, len, "nan");
    else if (isinf(x))
        snprintf(buf, len, x < 0 ? "-inf" : "inf");
    else if (x == 0)
        snprintf(buf, len, signbit(x) ? "-0" : "0");
    else if (x == floor(x) && fabs(x) < 1e9)
        snprintf(buf, len, "%.0f", x);
    else {
        int maxp = fmt == FMT_F32 ? 9 : 17, p;
        for (p = 1; p <= maxp; p++) {
            snprintf(buf, len, "%.*g", p, x);
            if (read_back(buf, fmt) == x)
                break;
        }
        tidy_exponent(buf);
        if (p > 6 && mantissa_bits(x) <= 8)
            snprintf(buf, len, "%a", x);
    }
    return buf;
}

int number_complexity(double x, isect_format fmt)
{
    char buf[64];
    return (int)strlen(number_readable(buf, sizeof buf, x, fmt));
}

char *number_short(char *buf, size_t len, double x)
{
    if (!isfinite(x))
        return number_readable(buf, len, x, FMT_F64);
    snprintf(buf, len, "%.3g", x);
    tidy_exponent(buf);
    return buf;
}

void xml_text_write(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        switch (ch) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            /* XML 1.0 allows no other control characters than tab and newlines */
            if (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
                fputc('?', f);
            else
                fputc(ch, f);
        }
    }
}

void time_format(char *buf, size_t len, double epoch)
{
    time_t t = (time_t)epoch;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%d %H:%M:%S UTC", &tm);
}

int option_number(const char *cmd, const char *opt, const char *s, double lo, double hi, int integer, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end != s && !*end && !isspace((unsigned char)*s) && v >= lo && v <= hi && (!integer || v == floor(v))) {
        *out = v;
        return 0;
    }
    char q[256];
    isect_quote(q, sizeof q, s);
    fprintf(stderr, "isect %s: %s takes %s from %.15g to %.15g, not '%s'\n", cmd, opt, integer ? "an integer" : "a number",
            lo, hi, q);
    return -1;
}
