/*
 * cub.c: which calls are block- or warp-level CUB collectives
 * (fe_cub_call), found by cursor: the callee is a member function of a
 * specialization of cub::BlockReduce, BlockScan, WarpReduce, BlockLoad,
 * BlockStore, BlockExchange, BlockRadixSort, BlockDiscontinuity,
 * BlockHistogram or WarpScan (cucpu's include/cub headers declare the collectives and
 * define none). The object
 * is usually a temporary, `BlockReduce(temp_storage).Sum(x)`;
 * lower_cub.c checks the shape and lowers the call.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const struct { const char *name; FeCubClass cls; } cub_classes[] = {
    { "BlockReduce", CUB_BLOCK_REDUCE },
    { "BlockScan", CUB_BLOCK_SCAN },
    { "WarpReduce", CUB_WARP_REDUCE },
    { "BlockLoad", CUB_BLOCK_LOAD },
    { "BlockStore", CUB_BLOCK_STORE },
    { "BlockExchange", CUB_BLOCK_EXCHANGE },
    { "BlockRadixSort", CUB_BLOCK_RADIX_SORT },
    { "WarpScan", CUB_WARP_SCAN },
    { "BlockDiscontinuity", CUB_BLOCK_DISCONTINUITY },
    { "BlockHistogram", CUB_BLOCK_HISTOGRAM },
};

/* The class template c is (a specialization's pattern, or c itself in a
 * template), when it is one of cub_classes in namespace cub; else CUB_NONE. */
static FeCubClass cub_class(Fe *fe, CXCursor cls, const char **name)
{
    CXCursor t = clang_getSpecializedCursorTemplate(cls);
    if (clang_Cursor_isNull(t)) t = cls;
    CXCursor ns = clang_getCursorSemanticParent(t);
    if (clang_getCursorKind(ns) != CXCursor_Namespace || strcmp(fe_name(fe, ns), "cub")) return CUB_NONE;
    const char *n = fe_name(fe, t);
    for (size_t i = 0; i < sizeof cub_classes / sizeof *cub_classes; i++)
        if (!strcmp(n, cub_classes[i].name)) {
            *name = cub_classes[i].name;
            return cub_classes[i].cls;
        }
    return CUB_NONE;
}

/* t without typedefs and elaborations, as written: `cub::BlockReduce<T, 64>`.
 * t may be invalid (the "object" of an implicit member call in a template,
 * `init(c, x)` inside a class template, has no type): libclang's
 * clang_getNonReferenceType dereferences a null type, so stop there. */
static CXType written_type(CXType t)
{
    for (int i = 0; i < 16 && t.kind != CXType_Invalid; i++) {
        t = clang_getNonReferenceType(t);
        if (t.kind == CXType_Elaborated) t = clang_Type_getNamedType(t);
        else if (t.kind == CXType_Typedef) t = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(t));
        else break;
    }
    return t;
}

/* `obj.f(...)` in a template where obj's type depends on a template
 * parameter (`cub::BlockReduce<T, 64>(temp).Sum(x)`): clang resolves no
 * callee, so the class is the template that the object's type names. */
static int dependent_cub_call(Fe *fe, CXCursor call, FeCub *out)
{
    CXCursor callee = fe_strip(fe_child(call, 0));
    if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return 0;
    CXCursor obj = fe_child(callee, 0);
    if (clang_Cursor_isNull(obj)) return 0;
    CXType t = written_type(clang_getCursorType(obj));
    const char *name = NULL;
    FeCubClass k = cub_class(fe, clang_getTypeDeclaration(t), &name);
    if (k == CUB_NONE) return 0;
    if (!out) return 1;
    memset(out, 0, sizeof *out);
    out->cls = k;
    out->cls_name = ar_printf(fe->a, "cub::%s", name);
    out->method = fe_call_name(fe, call);
    out->decl = clang_getNullCursor();
    out->object = obj;
    CXType a = clang_Type_getTemplateArgumentAsType(t, 0);
    if (a.kind != CXType_Invalid) out->type = fe_cxstr(fe, clang_getTypeSpelling(a));
    if (k == CUB_WARP_REDUCE || k == CUB_WARP_SCAN) {
        /* the width as the type prints it: `cub::WarpReduce<T, 16>` */
        const char *comma = clang_Type_getNumTemplateArguments(t) > 1
                                ? strstr(fe_cxstr(fe, clang_getTypeSpelling(t)), ", ") : NULL;
        out->width = comma ? atoi(comma + 2) : 32;
    }
    return 1;
}

/* Whether call is `obj.f(...)` with f a member function of a CUB
 * collective class; fills *out (when not NULL). */
int fe_cub_call(Fe *fe, CXCursor call, FeCub *out)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    CXCursor f = clang_getCursorReferenced(call);
    enum CXCursorKind fk = clang_getCursorKind(f);
    if (clang_Cursor_isNull(f) || clang_isInvalid(fk)) return dependent_cub_call(fe, call, out);
    if (fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate) return 0;
    CXCursor cls = clang_getCursorSemanticParent(f);
    const char *name = NULL;
    FeCubClass k = cub_class(fe, cls, &name);
    if (k == CUB_NONE) return 0;
    if (!out) return 1;
    memset(out, 0, sizeof *out);
    out->cls = k;
    out->cls_name = ar_printf(fe->a, "cub::%s", name);
    out->method = fe_name(fe, f);
    out->decl = f;
    CXCursor callee = fe_strip(fe_child(call, 0));
    out->object = clang_getCursorKind(callee) == CXCursor_MemberRefExpr ? fe_child(callee, 0) : clang_getNullCursor();
    CXType ct = clang_getCursorType(cls);
    CXType t = clang_Type_getTemplateArgumentAsType(ct, 0);
    if (t.kind != CXType_Invalid)
        out->type = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(t)));
    if (k == CUB_WARP_REDUCE || k == CUB_WARP_SCAN) {
        out->width = 32;
        if (clang_Type_getNumTemplateArguments(ct) > 1)
            out->width = (int)clang_Cursor_getTemplateArgumentValue(cls, 1);
    }
    return 1;
}
