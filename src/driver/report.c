/*
 * report.c: the --report entry of one translation: what each kernel became,
 * what each pass did to it, and the diagnostics (cJSON). report_store.c
 * merges the entry into the report file, JSON or HTML.
 *
 *   { "file": "x.cu", "status": "translated" | "failed",
 *     "schedule": "inner-serial", "passes": [...],
 *     "diagnostics": [ { "kind": "error", "file", "line", "col", "message",
 *                        "source": the source line } ],
 *     "kernels": [ { "name", "line", "end_line", "barriers": {found, eliminated},
 *                    "thread_loops", "flat", "simd_thread_loops",
 *                    "interchanged_thread_loops", "balanced", "bounds",
 *                    "across_barriers": {stored, recomputed, uniform_scalars,
 *                                        stored_bytes_per_thread, ...},
 *                    "hoisted", "forwarded", "team_entry",
 *                    "distinct_params": [["a", "b"], ...],
 *                    "pass_effects": { "<pass>": "what it did", ... } } ] }
 * distinct_params: pointer parameter pairs that every launch site passes
 * distinct allocations (frontend/launches.c), so they never alias.
 * pass_effects: for each pass that ran, in pipeline order, its effect on
 * the kernel in words, from the counts above.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "driver.h"
#include "ir/ir.h"

static void count_simd(IrStmt *loop, void *n) { *(int *)n += loop->u.par.simd; }
static void count_interchanged(IrStmt *loop, void *n) { *(int *)n += loop->u.par.inner != 0; }

/* How many thread loops of k the counter counts. */
static int count_loops(const IrKernel *k, void (*counter)(IrStmt *, void *))
{
    int n = 0;
    ir_each_thread_loop(k->body, counter, &n);
    return n;
}

static cJSON *names(const IrKernel *k, unsigned flag)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        if (v->flags & flag) cJSON_AddItemToArray(a, cJSON_CreateString(v->name));
    }
    return a;
}

static cJSON *distinct_pairs(const IrKernel *k)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < k->nparams && i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        for (int j = i + 1; j < k->nparams && j < 64; j++) {
            if (!((v->distinct >> j) & 1)) continue;
            cJSON *pair = cJSON_CreateArray();
            cJSON_AddItemToArray(pair, cJSON_CreateString(v->name));
            cJSON_AddItemToArray(pair, cJSON_CreateString(((const IrVar *)k->vars.v[j])->name));
            cJSON_AddItemToArray(a, pair);
        }
    }
    return a;
}

/* The line of offset off in the kernel's main file (1-based). */
static unsigned line_at(const IrKernel *k, unsigned off)
{
    unsigned line = 1;
    for (size_t i = 0; k->src && i < off && i < k->src->len; i++)
        line += k->src->text[i] == '\n';
    return line;
}

/* What the pass name did to k, in words; NULL when there is nothing to say. */
static char *pass_effect(const IrKernel *k, const char *name)
{
    int simd = count_loops(k, count_simd), inter = count_loops(k, count_interchanged);
    if (!strcmp(name, "forward"))
        return drv_strf("%d loads forwarded, %d dead stores removed", k->nforwarded, k->ndead_stores);
    if (!strcmp(name, "barrier-elim"))
        return drv_strf("%d of %d barriers removed", k->nbarriers_removed, k->nbarriers);
    if (!strcmp(name, "uniformity"))
        return drv_strf("%d uniform scalars", k->nscalars);
    if (!strcmp(name, "split"))
        return drv_strf("%d thread loops", k->nsegs);
    if (!strcmp(name, "licm"))
        return drv_strf("%d statements hoisted", k->nhoisted);
    if (!strcmp(name, "recompute"))
        return drv_strf("%d values recomputed instead of stored", k->nrecomputed);
    if (!strcmp(name, "privatize"))
        return drv_strf("%d values stored across barriers, %ld bytes per thread", k->nstored, k->stored_bytes);
    if (!strcmp(name, "collapse"))
        return drv_strf(k->flat ? "one parallel loop over all threads" : "not flat");
    if (!strcmp(name, "interchange"))
        return drv_strf("%d thread loops interchanged", inter);
    if (!strcmp(name, "simd"))
        return drv_strf("%d of %d thread loops omp simd", simd, k->nsegs);
    if (!strcmp(name, "balance"))
        return drv_strf(k->balance ? "iterations dealt round robin" : "static schedule");
    if (!strcmp(name, "bounds"))
        return drv_strf(k->bounds ? "guard became the thread loop bounds" : "no guard turned into bounds");
    if (!strcmp(name, "team"))
        return drv_strf(k->team ? "launched from a fused host loop's team" : k->team_ok ? "may run in a team" : "no team");
    return NULL;
}

static cJSON *pass_effects(const IrKernel *k, const char *const *passes, int npasses)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < npasses; i++) {
        char *e = pass_effect(k, passes[i]);
        if (e)
            cJSON_AddStringToObject(o, passes[i], e);
    }
    return o;
}

static cJSON *kernel_json(const IrKernel *k, const char *const *passes, int npasses)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", k->name);
    cJSON_AddNumberToObject(o, "line", k->loc.line);
    cJSON_AddNumberToObject(o, "end_line", line_at(k, k->body_end));
    cJSON *b = cJSON_AddObjectToObject(o, "barriers");
    cJSON_AddNumberToObject(b, "found", k->nbarriers);
    cJSON_AddNumberToObject(b, "eliminated", k->nbarriers_removed);
    cJSON_AddNumberToObject(o, "thread_loops", k->nsegs);
    cJSON_AddBoolToObject(o, "flat", k->flat);
    cJSON_AddNumberToObject(o, "simd_thread_loops", count_loops(k, count_simd));
    cJSON_AddNumberToObject(o, "interchanged_thread_loops", count_loops(k, count_interchanged));
    cJSON_AddBoolToObject(o, "balanced", k->balance);
    cJSON_AddBoolToObject(o, "bounds", k->bounds);
    cJSON *x = cJSON_AddObjectToObject(o, "across_barriers");
    cJSON_AddNumberToObject(x, "stored", k->nstored);
    cJSON_AddNumberToObject(x, "recomputed", k->nrecomputed);
    cJSON_AddNumberToObject(x, "uniform_scalars", k->nscalars);
    cJSON_AddNumberToObject(x, "stored_bytes_per_thread", (double)k->stored_bytes);
    cJSON_AddItemToObject(x, "stored_names", names(k, IRV_PRIVATE));
    cJSON_AddItemToObject(x, "recomputed_names", names(k, IRV_RECOMPUTE));
    cJSON_AddItemToObject(x, "scalar_names", names(k, IRV_SCALAR));
    cJSON_AddNumberToObject(o, "hoisted", k->nhoisted);
    cJSON *f = cJSON_AddObjectToObject(o, "forwarded");
    cJSON_AddNumberToObject(f, "loads", k->nforwarded);
    cJSON_AddNumberToObject(f, "dead_stores", k->ndead_stores);
    cJSON_AddItemToObject(o, "distinct_params", distinct_pairs(k));
    cJSON_AddBoolToObject(o, "team_entry", k->team);
    cJSON_AddItemToObject(o, "pass_effects", pass_effects(k, passes, npasses));
    return o;
}

/* ---- Diagnostics ---- */

struct DrvReportLog {
    cJSON *diags;   /* the array of the entry */
};

/* The diag sink: one object per error or note. */
static void log_diag(void *ctx, SrcLoc loc, const char *kind, const char *msg, const char *line)
{
    DrvReportLog *log = ctx;
    cJSON *d = cJSON_CreateObject();
    cJSON_AddStringToObject(d, "kind", kind);
    cJSON_AddStringToObject(d, "file", loc.file ? loc.file : "");
    cJSON_AddNumberToObject(d, "line", loc.line);
    cJSON_AddNumberToObject(d, "col", loc.col);
    cJSON_AddStringToObject(d, "message", msg);
    if (line)
        cJSON_AddStringToObject(d, "source", line);
    cJSON_AddItemToArray(log->diags, d);
}

DrvReportLog *drv_report_log(void)
{
    DrvReportLog *log = calloc(1, sizeof *log);
    if (!log || !(log->diags = cJSON_CreateArray()))
        drv_fatal("out of memory");
    diag_set_sink(log_diag, log);
    return log;
}

int drv_write_report(const char *path, const char *file, int translated, const char *schedule,
                     const char *const *passes, int npasses, IrKernel *const *kernels, int nkernels,
                     DrvReportLog *log)
{
    cJSON *root = cJSON_CreateObject();
    diag_set_sink(NULL, NULL);
    cJSON_AddStringToObject(root, "file", file);
    cJSON_AddStringToObject(root, "status", translated ? "translated" : "failed");
    cJSON_AddStringToObject(root, "schedule", schedule);
    cJSON *p = cJSON_AddArrayToObject(root, "passes");
    for (int i = 0; i < npasses; i++) cJSON_AddItemToArray(p, cJSON_CreateString(passes[i]));
    cJSON_AddItemToObject(root, "diagnostics", log ? log->diags : cJSON_CreateArray());
    free(log);
    cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
    for (int i = 0; kernels && i < nkernels; i++)
        cJSON_AddItemToArray(ks, kernel_json(kernels[i], passes, npasses));
    return drv_report_store(path, root);
}
