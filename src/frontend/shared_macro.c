/*
 * shared_macro.c: a __shared__ declaration spelled in the body of a macro
 * (cuda-samples' `BUILD_SHAREDMEMORY_TYPE(t, n)` defines a specialization
 * whose member functions declare `extern __shared__ t n[];`). An edit of
 * the declaration's expanded range would replace the whole macro call, so
 * the macro's body is rewritten instead, token by token (the macro's
 * parameters stay), once for all its expansions (fe_fact_once).
 */
#include "internal.h"

/* [b, e) of c's spelling when all of c is spelled in the body of a macro
 * defined in the current file (not in a macro argument). */
static int body_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation ends[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
    unsigned so[2], xo[2];
    for (int i = 0; i < 2; i++) {
        CXFile sf;
        clang_getSpellingLocation(ends[i], &sf, NULL, NULL, &so[i]);
        clang_getExpansionLocation(ends[i], NULL, NULL, NULL, &xo[i]);
        if (!sf || !clang_File_isEqual(sf, fe->cur->cx)) return 0;
    }
    /* in a macro: expanded elsewhere; in its body: spelled before the call */
    if (so[0] >= so[1] || so[0] == xo[0] || so[0] > xo[0]) return 0;
    *b = so[0];
    *e = so[1];
    return 1;
}

int fe_shared_decl_in_macro(Fe *fe, CXCursor c, int in_function)
{
    unsigned b, e;
    if (fe_plain_range(fe, c, &b, &e) || !body_range(fe, c, &b, &e)) return 0;
    CXType t = clang_getCursorType(c);
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
    if (!in_function || (t.kind != CXType_IncompleteArray && sc == CX_SC_Extern)) {
        diag_error(fe_loc(fe, c), "this __shared__ declaration, written in a macro's body, is supported only as "
                                  "`extern __shared__ T a[]` or a sized array inside a function; expand the macro by hand");
        return 1;
    }
    if (t.kind != CXType_IncompleteArray) {
        fe_fact_once(fe, IRF_SHARED_TLS, b, b)->u.is_static = sc == CX_SC_Static;
        return 1;
    }
    /* `extern __shared__ T n[];` -> `T *n = (decltype(n))<dynamic shared memory>;`
     * (the block's dynamic shared memory, as host.c does outside macros).
     * The declaration is the body's tokens up to `n [ ] ;` (the name may be
     * a parameter of the macro: its token in the body is what is edited;
     * the extent's end maps to the call then, so the `;` is looked for). */
    int first = fe_tok_at(fe, b), semi = fe_tok_at(fe, fe_find_tok(fe, b, (unsigned)-1, ";"));
    int rb = semi - 1, lb = rb - 1, name = rb - 2;
    if (name < first || !fe_tok_is(fe, rb, "]") || !fe_tok_is(fe, lb, "[") || !fe_tok_ident(fe, name)) {
        diag_error(fe_loc(fe, c), "unexpected form of an `extern __shared__` array in a macro's body; expand the macro by hand");
        return 1;
    }
    for (int i = first; i < name; i++)
        if (fe_tok_is(fe, i, "extern") || fe_tok_is(fe, i, "__shared__"))
            fe_fact_once(fe, IRF_QUALIFIER, fe->toks[i].b, fe->toks[i].e);
    unsigned nb = fe->toks[name].b, ne = fe->toks[name].e;
    IrFact *f = fe_fact_once(fe, IRF_SHARED_DYN_MACRO, nb, fe->toks[rb].e);
    f->u.macro_dyn.name = fe_tok_identifier(fe, nb, ne);
    f->u.macro_dyn.brackets = fe_pos(fe, fe->toks[lb].b);
    return 1;
}
