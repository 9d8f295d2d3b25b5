/* oracle/input.c: inputs as bytes; see input.h. */
#include "input.h"

#include "casefile.h"

#include <string.h>

static size_t width(const isect_query *q) { return q->format == FMT_F64 ? 8 : 4; }

size_t isect_input_size(const isect_query *q) { return (size_t)isect_query_nin(q) * width(q); }

static int looks_like_text(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
        i++;
    return i < size && (data[i] == '#' || (size - i >= 6 && !memcmp(data + i, "query ", 6)));
}

static int decode_text(const isect_query *q, const uint8_t *data, size_t size, double *in)
{
    isect_casefile cf;
    char err[256];
    if (isect_casefile_parse("input", (const char *)data, size, &cf, err, sizeof err))
        return -1;
    int found = -1;
    for (size_t i = 0; i < cf.n && found < 0; i++)
        if (cf.cases[i].query == q) {
            memcpy(in, cf.cases[i].in, (size_t)isect_query_nin(q) * sizeof *in);
            found = 0;
        }
    isect_casefile_free(&cf);
    return found;
}

int isect_input_decode(const isect_query *q, const uint8_t *data, size_t size, double *in)
{
    if (looks_like_text(data, size))
        return decode_text(q, data, size, in);
    if (size < isect_input_size(q))
        return -1;
    int n = isect_query_nin(q);
    for (int i = 0; i < n; i++) {
        if (q->format == FMT_F64) {
            double d;
            memcpy(&d, data + 8 * i, 8);
            in[i] = d;
        } else {
            float f;
            memcpy(&f, data + 4 * i, 4);
            in[i] = f;
        }
    }
    return 0;
}

void isect_input_encode(const isect_query *q, const double *in, uint8_t *data)
{
    int n = isect_query_nin(q);
    for (int i = 0; i < n; i++) {
        if (q->format == FMT_F64) {
            memcpy(data + 8 * i, &in[i], 8);
        } else {
            float f = (float)in[i];
            memcpy(data + 4 * i, &f, 4);
        }
    }
}
