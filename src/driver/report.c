/*
 * report.c: --report=FILE.json, what each kernel became (cJSON).
 *
 *   { "file": "x.cu", "schedule": "inner-serial", "passes": [...],
 *     "kernels": [ { "name", "line", "barriers": {found, eliminated},
 *                    "thread_loops", "flat", "simd_thread_loops",
 *                    "interchanged_thread_loops", "balanced", "bounds",
 *                    "across_barriers": {stored, recomputed, uniform_scalars,
 *                                        stored_bytes_per_thread, ...},
 *                    "hoisted", "team_entry",
 *                    "distinct_params": [["a", "b"], ...] } ] }
 * distinct_params: pointer parameter pairs that every launch site passes
 * distinct allocations (frontend/launches.c), so they never alias.
 */
#include <stdio.h>
#include <stdlib.h>
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

static cJSON *kernel_json(const IrKernel *k)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", k->name);
    cJSON_AddNumberToObject(o, "line", k->loc.line);
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
    return o;
}

int drv_write_report(const char *path, const char *file, const char *schedule, const char *const *passes,
                     int npasses, IrKernel *const *kernels, int nkernels)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "file", file);
    cJSON_AddStringToObject(root, "schedule", schedule);
    cJSON *p = cJSON_AddArrayToObject(root, "passes");
    for (int i = 0; i < npasses; i++) cJSON_AddItemToArray(p, cJSON_CreateString(passes[i]));
    cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
    for (int i = 0; i < nkernels; i++) cJSON_AddItemToArray(ks, kernel_json(kernels[i]));
    char *text = cJSON_Print(root);
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0) {
        fprintf(stderr, "cucpu: error: cannot write report '%s'\n", path);
        rc = 1;
    }
    if (f) fclose(f);
    free(text);
    cJSON_Delete(root);
    return rc;
}
