/* oracle/catalog.c: the query table; see catalog.h. */
#include "catalog.h"

#include <string.h>

#define Q(name) extern const isect_query isect_q_##name;
#include "queries.def"
#undef Q

/* ---- the table -------------------------------------------------------- */

const isect_query *const isect_catalog[] = {
#define Q(name) &isect_q_##name,
#include "queries.def"
#undef Q
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

int isect_output_of_slot(const isect_query *q, int slot)
{
    for (int o = 0; o < q->noutputs; o++)
        if (slot >= isect_output_offset(q, o) && slot < isect_output_offset(q, o + 1))
            return o;
    return -1;
}

const char *isect_slot_name(const isect_query *q, int slot)
{
    int o = isect_output_of_slot(q, slot);
    return o < 0 ? "none" : q->outputs[o].name;
}

const char *isect_unit_name(isect_unit u)
{
    static const char *const names[] = {"position", "direction", "parameter"};
    return (unsigned)u < UNIT_COUNT ? names[u] : "?";
}

const char *isect_format_name(isect_format f) { return f == FMT_F64 ? "binary64" : "binary32"; }
double isect_format_unit(const isect_query *q) { return q->format == FMT_F64 ? 0x1p-53 : 0x1p-24; }
