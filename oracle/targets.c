/* oracle/targets.c: the registry of targets; see targets.h. */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const isect_target isect_target_fast;

enum { MAX_TARGETS = 256 };

static const isect_target *all[MAX_TARGETS];
static size_t nall;

static void add(const isect_target *t)
{
    for (size_t i = 0; i < nall; i++)
        if (strcmp(all[i]->name, t->name) == 0) {
            fprintf(stderr, "isect: two targets are named '%s' (rename one in its adapter)\n", t->name);
            exit(2);
        }
    if (nall == MAX_TARGETS) {
        fprintf(stderr, "isect: more than %d targets\n", MAX_TARGETS);
        exit(2);
    }
    all[nall++] = t;
}

/* Built once, on first use: fast, then each table in the generated order. */
static void build(void)
{
    if (nall)
        return;
    add(&isect_target_fast);
    for (size_t k = 0; k < isect_target_ntables; k++)
        for (const isect_target *const *t = isect_target_tables[k]; t && *t; t++)
            add(*t);
}

size_t isect_target_count(void)
{
    build();
    return nall;
}

const isect_target *isect_target_at(size_t i)
{
    build();
    return i < nall ? all[i] : NULL;
}

const isect_target *isect_target_find(const char *name)
{
    build();
    for (size_t i = 0; i < nall; i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}

const isect_target_entry *isect_target_entry_for(const isect_target *t, const char *query)
{
    for (const isect_target_entry *e = t->entries; e->query; e++)
        if (strcmp(e->query, query) == 0)
            return e;
    return NULL;
}

