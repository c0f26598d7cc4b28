/*
 * file.c: the output file is the input file with edits. Text between edits
 * is copied unchanged; kernel bodies are replaced by their launchers. After
 * any edit that changes the number of lines a #line directive puts the
 * compiler back in step with the .cu file.
 *
 * Each launcher's name is preceded by CUCPU_KERNEL_OPT, empty unless the
 * compiler's command line defines it: the driver makes it an optimize
 * attribute so that kernels build at -O3 (or -O0 under -G) whatever the host
 * -O, as nvcc's device code does (docs/usage.md). A team entry inherits it.
 */
#include <stdlib.h>
#include <string.h>
#include "cg.h"

static unsigned name_at(const FeFile *u, int i)
{
    return ((const IrKernel *)u->kernels.v[i])->loc.off;
}

/* Copies the source text [from, to) into b, with CUCPU_KERNEL_OPT before
 * each kernel name in it (not after `::`, where no attribute may go). A
 * team kernel's launcher is printed again after its team entry: remember
 * where its name lands in b (sig[i] for kernel i). */
static void copy_text(Buf *b, const FeFile *u, unsigned from, unsigned to, size_t *sig)
{
    const char *t = u->src.text;
    for (;;) {
        int next = -1;   /* the kernel named first in [from, to) */
        for (int i = 0; i < u->kernels.n; i++)
            if (name_at(u, i) >= from && name_at(u, i) < to && (next < 0 || name_at(u, i) < name_at(u, next))) next = i;
        if (next < 0) break;
        unsigned at = name_at(u, next);
        buf_put(b, t + from, at - from);
        const IrKernel *k = u->kernels.v[next];
        if (!k->qualified_name) buf_printf(b, "%s ", k->puns ? NM(KERNEL_OPT_NSA) : NM(KERNEL_OPT));
        for (int i = 0; i < u->kernels.n; i++)
            if (name_at(u, i) == at && ((const IrKernel *)u->kernels.v[i])->team) sig[i] = b->n;
        from = at;
        buf_put(b, t + from++, 1);
    }
    buf_put(b, t + from, to - from);
}

/* Puts the #define lines of k's body (directives.c) into b at offset at,
 * on lines of their own (a directive may stand between any two tokens),
 * then a #line that gives the text from at on its line, line. The
 * launcher takes the body's place, so the macros are defined where its
 * code uses them. Returns where the text that was at `at` now starts. */
static size_t put_defines(Buf *b, const IrKernel *k, const SrcFile *src, size_t at, unsigned line)
{
    if (!k->defines.n) return at;
    Buf d = { 0 };
    for (int j = 0; j < k->defines.n; j++) buf_printf(&d, "\n#define %s", (const char *)k->defines.v[j]);
    buf_printf(&d, "\n#line %u \"%s\"\n", line, src->name);
    size_t tail = b->n - at;
    buf_put(b, d.s, d.n);                        /* room */
    memmove(b->s + at + d.n, b->s + at, tail);
    memcpy(b->s + at, d.s, d.n);
    at += d.n;
    buf_free(&d);
    return at;
}

static int kernel_index(const FeFile *u, const IrKernel *k)
{
    for (int i = 0; i < u->kernels.n; i++)
        if (u->kernels.v[i] == k) return i;
    CUCPU_UNREACHABLE();
}

void cg_file(Buf *b, const FeUnit *unit, const FeFile *u, const CgOptions *o)
{
    const SrcFile *src = &u->src;
    if (u == &unit->main) {
        /* nvcc defines these for every .cu file and includes the runtime */
        buf_puts(b, "#ifndef __CUDACC__\n#define __CUDACC__ 1\n#endif\n#ifndef __NVCC__\n#define __NVCC__ 1\n#endif\n");
        buf_puts(b, "#include <cuda_runtime.h>\n");
        buf_printf(b, "#ifndef %s\n#define %s\n#endif\n", NM(KERNEL_OPT), NM(KERNEL_OPT));
        buf_printf(b, "#ifndef %s\n#define %s\n#endif\n", NM(KERNEL_OPT_NSA), NM(KERNEL_OPT_NSA));
    }
    buf_printf(b, "#line 1 \"%s\"\n", src->name);
    unsigned pos = 0;
    int n;
    Arena *loops = ar_new();
    const CgEdit **edits = cg_edits(unit, u, loops, &n);
    size_t *sig = calloc((size_t)u->kernels.n + 1, sizeof *sig);
    for (int i = 0; i < n; i++) {
        const CgEdit *e = edits[i];
        if (e->begin < pos) continue;           /* inside an earlier replacement */
        copy_text(b, u, pos, e->begin, sig);
        int resync = e->line_after != e->line_begin;   /* the text it replaces spans lines */
        switch (e->kind) {
        case CGE_DELETE: break;
        case CGE_INSERT: case CGE_REPLACE:
            buf_puts(b, e->text);
            if (strchr(e->text, '\n')) resync = 1;
            break;
        case CGE_KERNEL:
            if (e->kernel->team) {
                /* the team entry copies the signature from its name on, so
                 * the body's #define lines go before the name */
                size_t *at = &sig[kernel_index(u, e->kernel)];
                *at = put_defines(b, e->kernel, src, *at, e->kernel->loc.line);
                cg_team_functions(b, src, e->kernel, o, *at);
            } else {
                put_defines(b, e->kernel, src, b->n, e->line_begin);
                cg_kernel(b, src, e->kernel, o);
            }
            for (int j = 0; j < e->kernel->undefs.n; j++)
                buf_printf(b, "\n#undef %s", (const char *)e->kernel->undefs.v[j]);
            resync = 1;
            break;
        }
        pos = e->end;
        if (resync) buf_printf(b, "\n#line %u \"%s\"\n", e->line_after, src->name);
    }
    copy_text(b, u, pos, src->len, sig);
    free(sig);
    free(edits);
    ar_free(loops);
}
