/* cli/report_draw.c: what the report computes for each finding: the
 * target's answer again (in a child process for a crash), the picture of
 * its configuration, its minimized case and the failure maps of the most
 * severe ones. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

char *render(void (*fn)(FILE *, void *), void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    fn(m, arg);
    fclose(m);
    return text;
}

static void render_picture(FILE *f, void *arg)
{
    item *it = arg;
    picture_svg(f, it->f.q, it->f.c.in, it->ref_status, it->ref_out, it->ran ? it->tgt_out : NULL, it->f.target);
}

static void render_minimized(FILE *f, void *arg)
{
    item *it = arg;
    double in[ISECT_MAX_IN];
    isect_signature sig;
    char err[1024];
    int steps = minimize_finding(&it->f, in, &sig, err, sizeof err);
    if (steps >= 0)
        minimized_write(f, &it->f, in, &sig, steps);
}

static void evaluate(item *it)
{
    const isect_target_entry *e = it->f.t ? isect_target_entry_for(it->f.t, it->f.q->name) : NULL;
    it->ref_status = ISECT_REF_OK;
    if (!e) {
        it->ref_status = it->f.q->ref(it->f.c.in, it->ref_out);
        return;
    }
    isect_signature s;
    isect_judgement j;
    isect_eval_status es = signature_eval(it->f.q, e, it->f.c.in, finding_is_crash(&it->f) || guard_target(it->f.t), GUARD_TIMEOUT, &s,
                                          &it->ref_status, it->ref_out, it->tgt_out, &j);
    it->ran = es == EVAL_OK;
}

typedef struct {
    item *it;
    isect_map *m;
    char title[512];
} map_job;

static void render_map(FILE *f, void *arg)
{
    map_job *mj = arg;
    map_svg(f, mj->it->f.q, mj->it->f.c.in, mj->m, mj->it->f.target, mj->title);
}

static void make_map(item *it)
{
    const isect_target_entry *e = it->f.t ? isect_target_entry_for(it->f.t, it->f.q->name) : NULL;
    if (!e || it->f.property[0]) /* a property's map would need its derived inputs */
        return;
    static isect_map m;
    memset(&m, 0, sizeof m);
    m.radius = MAP_RADIUS;
    double sev = it->f.sig.severity;
    m.xslot = m.yslot = -1;
    int guarded = guard_target(it->f.t);
    map_plan(it->f.q, e, it->f.c.in, guarded, sev, MAP_RADIUS, &m.xslot, &m.yslot, &m.hx, &m.hy);
    if (!(m.hx > 0) || !(m.hy > 0))
        return;
    map_compute(it->f.q, e, it->f.c.in, guarded, &m);
    map_job mj = {it, &m, ""};
    char sv[32];
    snprintf(mj.title, sizeof mj.title, "failure map: %s, %s on %s, severity %s", it->f.target,
             finding_verdict(&it->f), it->f.sig.output, number_short(sv, sizeof sv, sev));
    it->map = render(render_map, &mj);
}

/* Each finding evaluated, drawn into pictures/ and minimized into
 * minimized/. */
void draw_items(report *r, int do_minimize)
{
    char d1[1600], d3[1600];
    snprintf(d1, sizeof d1, "%s/pictures", r->out);
    snprintf(d3, sizeof d3, "%s/minimized", r->out);
    isect_mkdir_p(d1);
    if (do_minimize)
        isect_mkdir_p(d3);
    for (size_t i = 0; i < r->n; i++) {
        item *it = &r->items[i];
        evaluate(it);
        it->picture = render(render_picture, it);
        char name[600];
        snprintf(name, sizeof name, "%s.svg", it->f.key);
        if (it->picture)
            put_file(d1, name, it->picture);
        int usable = it->f.t && !finding_is_crash(&it->f) && !it->f.property[0] &&
                     isect_target_entry_for(it->f.t, it->f.q->name);
        if (do_minimize && usable) {
            it->minimized = render(render_minimized, it);
            if (it->minimized && !*it->minimized) {
                free(it->minimized);
                it->minimized = NULL;
            }
            if (it->minimized) {
                snprintf(name, sizeof name, "%s.case", it->f.key);
                put_file(d3, name, it->minimized);
            }
        }
    }
}

/* Failure maps of the most severe findings, at most two per target, into
 * maps/. */
void draw_maps(report *r)
{
    char d2[1600];
    snprintf(d2, sizeof d2, "%s/maps", r->out);
    isect_mkdir_p(d2);
    static size_t order[MAX_ITEMS];
    size_t no = 0;
    for (size_t i = 0; i < r->n; i++)
        if (r->items[i].ran && !finding_is_crash(&r->items[i].f))
            order[no++] = i;
    for (size_t a = 0; a < no; a++)
        for (size_t b = a + 1; b < no; b++)
            if (r->items[order[b]].f.sig.severity > r->items[order[a]].f.sig.severity) {
                size_t t = order[a];
                order[a] = order[b];
                order[b] = t;
            }
    int maps_per_target[MAX_PAIRS] = {0}, nmaps = 0;
    for (size_t k = 0; k < no && nmaps < TOP_MAPS; k++) {
        item *it = &r->items[order[k]];
        size_t ti = 0;
        while (ti < isect_target_count() && isect_target_at(ti) != it->f.t)
            ti++;
        if (ti < MAX_PAIRS && maps_per_target[ti] >= 2)
            continue;
        make_map(it);
        if (it->map) {
            char name[600];
            snprintf(name, sizeof name, "%s.svg", it->f.key);
            put_file(d2, name, it->map);
            if (ti < MAX_PAIRS)
                maps_per_target[ti]++;
            nmaps++;
        }
    }
}

