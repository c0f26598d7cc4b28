/*
 * directives.c: #define and #undef lines inside a kernel's body.
 *
 * A launcher replaces the kernel's body, and the IR holds statements only,
 * so a macro that the body defines (`#define idx(i, j) ...` before the code
 * that uses it, as HeCBench's hexciton writes) would be lost with the body
 * and its uses would not compile. The kernel records the definitions, in
 * order, and codegen prints them before the launcher, the #undef's after it.
 * That is the body's meaning unless a name the body #undef's is used, or
 * defined, after its #undef inside the body: such a body is an error.
 */
#include <string.h>
#include "internal.h"

/* Whether offset off lies in a region that #if/#ifdef left out. */
static int skipped(Fe *fe, const CXSourceRangeList *sk, unsigned off)
{
    (void)fe;
    for (unsigned i = 0; sk && i < sk->count; i++) {
        unsigned b, e;
        clang_getFileLocation(clang_getRangeStart(sk->ranges[i]), NULL, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(sk->ranges[i]), NULL, NULL, NULL, &e);
        if (off >= b && off < e) return 1;
    }
    return 0;
}

/* The name in undefs that token i spells, or NULL. */
static const char *undef_name(Fe *fe, const PtrVec *undefs, int i)
{
    for (int j = 0; j < undefs->n; j++)
        if (fe_tok_is(fe, i, undefs->v[j])) return undefs->v[j];
    return NULL;
}

void fe_kernel_directives(Fe *fe, IrKernel *k)
{
    CXSourceRangeList *sk = NULL;
    int directive_end = -1;       /* tokens before this belong to a directive */
    for (int i = fe_tok_at(fe, k->body_begin); i < fe->ntoks && fe->toks[i].b < k->body_end; i++) {
        if (i < directive_end) continue;
        if (!fe_tok_directive(fe, i)) {
            const char *u = k->undefs.n && fe_tok_ident(fe, i) ? undef_name(fe, &k->undefs, i) : NULL;
            if (u) {
                diag_error(fe_loc_at(fe, fe->toks[i].b),
                           "'%s' is used after an #undef inside a kernel; cucpu puts the kernel's #undef lines after its launcher (move the #undef after the kernel)", u);
                break;
            }
            continue;
        }
        int def = fe_tok_is(fe, i + 1, "define"), undef = fe_tok_is(fe, i + 1, "undef");
        if ((!def && !undef) || i + 2 >= fe->ntoks) continue;
        if (!sk) sk = clang_getSkippedRanges(fe->tu, fe->cur->cx);
        if (skipped(fe, sk, fe->toks[i].b)) continue;
        unsigned nb = fe->toks[i + 2].b;
        if (undef) {
            pv_push(fe->a, &k->undefs, ar_strndup(fe->a, fe->src->text + nb, fe->toks[i + 2].e - nb));
            directive_end = i + 3;
            continue;
        }
        CXCursor m = clang_getCursor(fe->tu, clang_getLocationForOffset(fe->tu, fe->cur->cx, nb));
        if (clang_getCursorKind(m) != CXCursor_MacroDefinition) continue;
        unsigned b, e;
        CXSourceRange r = clang_getCursorExtent(m);
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
        if (b != nb || e < b || e > fe->src->len) continue;
        if (undef_name(fe, &k->undefs, i + 2)) {
            diag_error(fe_loc_at(fe, nb), "'%s' is defined again after an #undef inside a kernel; cucpu puts the kernel's #define lines before its launcher and its #undef lines after it", undef_name(fe, &k->undefs, i + 2));
            break;
        }
        pv_push(fe->a, &k->defines, ar_strndup(fe->a, fe->src->text + b, e - b));
        directive_end = fe_tok_at(fe, e);
    }
    if (sk) clang_disposeSourceRangeList(sk);
}
