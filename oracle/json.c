/* oracle/json.c: the JSON writer; see json.h. */
#include "json.h"

#include <math.h>
#include <string.h>

void isect_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", f);
        else if (ch < 0x20 || ch == 0x7f)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

void isect_json_number(FILE *f, double x)
{
    if (isnan(x)) {
        fputs("\"nan\"", f);
        return;
    }
    if (isinf(x)) {
        fputs(x < 0 ? "\"-inf\"" : "\"inf\"", f);
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", x);
    fputs(buf, f);
    if (!strpbrk(buf, ".eE"))
        fputs(".0", f);
}

void isect_json_array(FILE *f, const double *v, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        isect_json_number(f, v[i]);
    }
    fputc(']', f);
}

void isect_json_value(FILE *f, const double *v, int arity)
{
    if (arity > 1)
        isect_json_array(f, v, arity);
    else
        isect_json_number(f, v[0]);
}

void isect_json_outputs(FILE *f, const isect_query *q, const double *out, const char *lead)
{
    for (int o = 0; o < q->noutputs; o++) {
        const isect_output *op = &q->outputs[o];
        const double *v = out + isect_output_offset(q, o);
        fprintf(f, "%s\"%s\": ", o ? ", " : lead, op->name);
        if (op->kind == OUT_REAL) {
            isect_json_value(f, v, op->arity);
            continue;
        }
        if (op->arity > 1)
            fputc('[', f);
        for (int i = 0; i < op->arity; i++) {
            if (i)
                fputs(", ", f);
            if (op->kind == OUT_BOOL)
                fputs(v[i] != 0 ? "true" : "false", f);
            else
                fprintf(f, "%d", (int)v[i]);
        }
        if (op->arity > 1)
            fputc(']', f);
    }
}
