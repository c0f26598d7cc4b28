/*
 * file.c: the output file is the input file with edits. Text between edits
 * is copied unchanged; kernel bodies are replaced by their launchers. After
 * any edit that changes the number of lines a #line directive puts the
 * compiler back in step with the .cu file.
 */
#include <stdlib.h>
#include <string.h>
#include "cg.h"

static unsigned line_at(const SrcFile *src, unsigned off)
{
    unsigned line = 1;
    for (unsigned i = 0; i < off && i < src->len; i++)
        if (src->text[i] == '\n') line++;
    return line;
}

static int has_newline(const char *s, size_t n)
{
    return memchr(s, '\n', n) != NULL;
}

/* A team kernel's launcher is printed again after its team entry: remember
 * where its name lands in b (sig[i] for kernel i). */
static void note_names(const FeUnit *u, unsigned from, unsigned to, size_t at, size_t *sig)
{
    for (int i = 0; i < u->kernels.n; i++) {
        const IrKernel *k = u->kernels.v[i];
        if (k->team && k->loc.off >= from && k->loc.off < to) sig[i] = at + (k->loc.off - from);
    }
}

static int kernel_index(const FeUnit *u, const IrKernel *k)
{
    for (int i = 0; i < u->kernels.n; i++)
        if (u->kernels.v[i] == k) return i;
    CUCPU_UNREACHABLE();
}

void cg_file(Buf *b, const FeUnit *u, const CgOptions *o)
{
    const SrcFile *src = &u->src;
    /* nvcc defines these for every .cu file and includes the runtime */
    buf_puts(b, "#ifndef __CUDACC__\n#define __CUDACC__ 1\n#endif\n#ifndef __NVCC__\n#define __NVCC__ 1\n#endif\n");
    buf_puts(b, "#include <cuda_runtime.h>\n");
    buf_printf(b, "#line 1 \"%s\"\n", src->name);
    unsigned pos = 0;
    int n;
    const FeEdit **edits = cg_edits(u, &n);
    size_t *sig = calloc((size_t)u->kernels.n + 1, sizeof *sig);
    for (int i = 0; i < n; i++) {
        const FeEdit *e = edits[i];
        if (e->begin < pos) continue;           /* inside an earlier replacement */
        note_names(u, pos, e->begin, b->n, sig);
        buf_put(b, src->text + pos, e->begin - pos);
        int resync = has_newline(src->text + e->begin, e->end - e->begin);
        switch (e->kind) {
        case ED_DELETE: break;
        case ED_INSERT: case ED_REPLACE:
            buf_puts(b, e->text);
            if (strchr(e->text, '\n')) resync = 1;
            break;
        case ED_KERNEL:
            if (e->kernel->team) cg_team_functions(b, src, e->kernel, o, sig[kernel_index(u, e->kernel)]);
            else cg_kernel(b, src, e->kernel, o);
            resync = 1;
            break;
        }
        pos = e->end;
        if (resync) buf_printf(b, "\n#line %u \"%s\"\n", line_at(src, pos), src->name);
    }
    buf_put(b, src->text + pos, src->len - pos);
    free(sig);
    free(edits);
}
