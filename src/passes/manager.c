/*
 * manager.c: the pass pipeline. passes.def lists the passes in order; the
 * pipeline runs them top to bottom, skipping those turned off with
 * -fno-<pass> or left out of --passes=. In builds with CUCPU_VERIFY_IR the
 * verifier runs after every pass.
 */
#include <string.h>
#include "passes.h"

typedef struct Pass { const char *name; void (*fn)(IrKernel *, Arena *); int required; const char *doc; } Pass;

static const Pass passes[] = {
#define PASS(name, fn, req, doc) { name, fn, req, doc },
#include "passes.def"
#undef PASS
};
enum { NPASSES = sizeof passes / sizeof *passes };

int pass_exists(const char *name)
{
    for (int i = 0; i < NPASSES; i++)
        if (!strcmp(passes[i].name, name)) return 1;
    return 0;
}

void pass_print_help(FILE *out)
{
    for (int i = 0; i < NPASSES; i++)
        fprintf(out, "  %-14s %s%s\n", passes[i].name, passes[i].doc, passes[i].required ? " (required)" : "");
}

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !strncmp(p, name, n)) return 1;
        p = e ? e + 1 : NULL;
    }
    return 0;
}

static int enabled(const Pass *p, const PassOptions *o)
{
    if (p->required) return 1;
    if (o->pipeline && !in_list(o->pipeline, p->name)) return 0;
    for (int i = 0; i < o->ndisabled; i++)
        if (!strcmp(o->disabled[i], p->name)) return 0;
    return 1;
}

int pass_enabled_names(const PassOptions *o, const char **out, int max)
{
    int n = 0;
    for (int i = 0; i < NPASSES && n < max; i++)
        if (enabled(&passes[i], o)) out[n++] = passes[i].name;
    return n;
}

int pass_run(IrKernel *k, Arena *a, const PassOptions *o)
{
    if (o->implicit_barriers) pass_implicit_barriers(k, a);
    for (int i = 0; i < NPASSES; i++) {
        const Pass *p = &passes[i];
        if (!enabled(p, o)) continue;
        p->fn(k, a);
        if (diag_error_count()) return 1;
#ifdef CUCPU_VERIFY_IR
        ir_verify_kernel(k, p->name);
#endif
        if (o->print_after_all || (o->print_after && !strcmp(o->print_after, p->name))) {
            printf("// ---- IR after %s ----\n", p->name);
            ir_print_kernel(stdout, k->src ? k->src : o->src, k);
        }
    }
    return 0;
}
