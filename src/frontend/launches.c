/*
 * launches.c: which pointer parameters of a kernel the launch sites prove
 * to point into distinct allocations.
 *
 * Parameters p and q of kernel K are distinct when
 *  - K has at least one launch `K<<<...>>>(args)` in the main file and is
 *    named nowhere else (no function pointer, cudaLaunchKernel, attribute
 *    query), and K has internal linkage or the file defines main() (a
 *    library file may have launches we cannot see);
 *  - at every launch, the arguments for p and q are `a` or `a + int` and
 *    `b` or `b + int` (under implicit conversions and parentheses) for two
 *    different locals a, b of the same function, and
 *  - a and b are private allocations: non-static local pointers with no
 *    initializer other than 0/NULL/nullptr, whose every other use is a read
 *    (under an implicit conversion) or `&v` as the first argument of
 *    cudaMalloc/cudaMallocManaged (also through a cast such as (void **)).
 *    Any assignment, increment, reference binding, other `&v`, sizeof(v)...
 *    disqualifies the variable.
 * A template kernel counts the launches of all its instantiations together.
 * Anything the walk cannot classify leaves the pair "may alias".
 */
#include <string.h>
#include "internal.h"

/* A local pointer variable that may be a private allocation. */
typedef struct Alloc { CXCursor decl; int bad; int nmalloc; } Alloc;

/* One launch of a kernel: the variable behind each argument, or a null
 * cursor when the argument is not `v` or `v + int`. */
typedef struct Launch { FeFunc *f; int nargs; CXCursor *var; } Launch;

enum { MAXDEPTH = 256 };
typedef struct Walk {
    Fe *fe;
    CXCursor stack[MAXDEPTH];   /* ancestors of the cursor being visited */
    int index[MAXDEPTH];        /* child index of each ancestor in its parent */
    int next[MAXDEPTH + 1];     /* children seen so far at each depth */
    int depth;
} Walk;

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

static Alloc *find_alloc(Fe *fe, CXCursor decl)
{
    decl = clang_getCanonicalCursor(decl);
    for (int i = 0; i < fe->allocs.n; i++) {
        Alloc *a = fe->allocs.v[i];
        if (clang_equalCursors(a->decl, decl)) return a;
    }
    return NULL;
}


/* `= 0`, `= NULL`, `= nullptr`, or no initializer at all. */
static int null_init(CXCursor decl)
{
    CXCursor e = clang_Cursor_getVarDeclInitializer(decl);
    if (clang_Cursor_isNull(e)) return 1;
    e = fe_strip(e);
    if (kind(e) == CXCursor_GNUNullExpr || kind(e) == CXCursor_CXXNullPtrLiteralExpr) return 1;
    if (kind(e) != CXCursor_IntegerLiteral) return 0;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    int zero = r && clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) == 0;
    if (r) clang_EvalResult_dispose(r);
    return zero;
}

/* Tracks a non-static local pointer of a function as a candidate. */
static void add_var(Fe *fe, CXCursor decl)
{
    enum CXCursorKind pk = kind(clang_getCursorSemanticParent(decl));
    if (pk != CXCursor_FunctionDecl && pk != CXCursor_CXXMethod && pk != CXCursor_FunctionTemplate) return;
    if (clang_Cursor_getStorageClass(decl) != CX_SC_None) return;
    if (clang_getCanonicalType(clang_getCursorType(decl)).kind != CXType_Pointer) return;
    Alloc *a = ar_alloc(fe->a, sizeof *a);
    a->decl = clang_getCanonicalCursor(decl);
    a->bad = !null_init(decl);
    pv_push(fe->a, &fe->allocs, a);
}

static int called_is(CXCursor call, const char *name)
{
    CXString s = clang_getCursorSpelling(call);
    const char *n = clang_getCString(s);
    int hit = n && !strcmp(n, name);
    clang_disposeString(s);
    return hit;
}

/* cudaMalloc/cudaMallocManaged of the runtime headers, not a user function. */
static int is_malloc(CXCursor call)
{
    if (kind(call) != CXCursor_CallExpr) return 0;
    if (!called_is(call, "cudaMalloc") && !called_is(call, "cudaMallocManaged")) return 0;
    CXCursor f = clang_getCursorReferenced(call);
    return !clang_Cursor_isNull(f) && !clang_Location_isFromMainFile(clang_getCursorLocation(f));
}

/* A use of a candidate variable; the cursor is on top of w->stack. Reads
 * sit under an implicit conversion (UnexposedExpr); `&v` must be the first
 * argument of cudaMalloc; anything else makes v an ordinary variable. */
static void var_use(Walk *w, Alloc *a)
{
    int i = w->depth - 2;                 /* the parent */
    while (i >= 0 && kind(w->stack[i]) == CXCursor_ParenExpr) i--;
    if (i < 0) { a->bad = 1; return; }
    CXCursor p = w->stack[i];
    if (kind(p) == CXCursor_UnexposedExpr) return;
    if (kind(p) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(p) != CXUnaryOperator_AddrOf) {
        a->bad = 1;
        return;
    }
    int j = i - 1;
    while (j >= 0 && (kind(w->stack[j]) == CXCursor_ParenExpr || kind(w->stack[j]) == CXCursor_CStyleCastExpr ||
                      kind(w->stack[j]) == CXCursor_UnexposedExpr || kind(w->stack[j]) == CXCursor_CXXReinterpretCastExpr ||
                      kind(w->stack[j]) == CXCursor_CXXStaticCastExpr))
        j--;
    /* child 0 of a call is the callee, child 1 its first argument */
    if (j >= 0 && is_malloc(w->stack[j]) && w->index[j + 1] == 1) a->nmalloc++;
    else a->bad = 1;
}

static int is_integer(CXCursor e)
{
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(e)).kind;
    return t >= CXType_Bool && t <= CXType_Int128;    /* the builtin integer types */
}

/* The local variable an argument names: `v` or `v + int` / `int + v`. */
static CXCursor arg_var(CXCursor arg)
{
    CXCursor e = fe_strip(arg);
    if (kind(e) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add) {
        CXCursor l = fe_child(e, 0), r = fe_child(e, 1);
        if (is_integer(r)) e = fe_strip(l);
        else if (is_integer(l)) e = fe_strip(r);
        else return clang_getNullCursor();
    }
    if (kind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor v = clang_getCursorReferenced(e);
    return kind(v) == CXCursor_VarDecl ? clang_getCanonicalCursor(v) : clang_getNullCursor();
}

/* The kernel that a launch calls, through its callee (child 0). */
static FeFunc *launched(Fe *fe, CXCursor call)
{
    CXCursor callee = fe_strip(fe_child(call, 0));
    if (kind(callee) != CXCursor_DeclRefExpr) return NULL;
    FeFunc *f = fe_func(fe, clang_getCursorReferenced(callee));
    return f && f->is_kernel ? f : NULL;
}

static void add_launch(Fe *fe, CXCursor call)
{
    FeFunc *f = launched(fe, call);
    if (!f) return;                       /* a function pointer: the kernel was named elsewhere */
    Launch *l = ar_alloc(fe->a, sizeof *l);
    l->f = f;
    l->nargs = clang_Cursor_getNumArguments(call);
    if (l->nargs < 0) l->nargs = 0;
    l->var = ar_alloc(fe->a, sizeof(CXCursor) * (size_t)(l->nargs + 1));
    for (int i = 0; i < l->nargs; i++) l->var[i] = arg_var(clang_Cursor_getArgument(call, (unsigned)i));
    f->nlaunches++;
    pv_push(fe->a, &fe->launches, l);
}

/* 1 when the name use on top of the stack is the callee of a launch. */
static int is_launch_callee(Walk *w)
{
    int i = w->depth - 1;
    while (i > 0 && (kind(w->stack[i - 1]) == CXCursor_UnexposedExpr || kind(w->stack[i - 1]) == CXCursor_ParenExpr))
        i--;
    return i > 0 && w->index[i] == 0 && fe_is_launch(w->stack[i - 1]);
}

/* 1 when the name use on top of the stack is the callee of a call. */
static int is_call_callee(Walk *w)
{
    int i = w->depth - 1;
    while (i > 0 && (kind(w->stack[i - 1]) == CXCursor_UnexposedExpr || kind(w->stack[i - 1]) == CXCursor_ParenExpr))
        i--;
    return i > 0 && w->index[i] == 0 && kind(w->stack[i - 1]) == CXCursor_CallExpr;
}

static void mark_kernel(Fe *fe, CXCursor ref)
{
    FeFunc *f = fe_func(fe, ref);
    if (f && f->is_kernel) f->addr_taken = 1;
}

/* A name use: of a kernel (anything but a launch's callee takes its
 * address), or of a candidate variable. */
static void name_use(Walk *w, CXCursor c)
{
    Fe *fe = w->fe;
    if (kind(c) == CXCursor_OverloadedDeclRef) {
        for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++) mark_kernel(fe, clang_getOverloadedDecl(c, i));
        return;
    }
    CXCursor ref = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(ref)) return;
    if (kind(ref) == CXCursor_VarDecl) {
        Alloc *a = find_alloc(fe, ref);
        if (a) var_use(w, a);
        return;
    }
    if (!is_launch_callee(w)) mark_kernel(fe, ref);
    /* a function with a barrier is inlined where it is called and its
     * definition goes: a pointer to it would name nothing */
    FeFunc *f = fe_func(fe, ref);
    if (f && f->has_barrier && !f->is_kernel && !is_call_callee(w))
        diag_error(fe_loc(fe, c), "taking the address of '%s', which contains __syncthreads() or a warp operation, "
                                  "is not supported: cucpu inlines such functions where they are called; call it directly",
                   f->name);
}

static enum CXChildVisitResult walk(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Walk *w = d;
    int idx = w->next[w->depth]++;
    if (!fe_enter(w->fe, c)) return CXChildVisit_Continue;
    if (w->depth == MAXDEPTH) { w->fe->launch_unsure = 1; return CXChildVisit_Continue; }
    enum CXCursorKind k = kind(c);
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && !strcmp(fe_name(w->fe, c), "main"))
        w->fe->has_main = 1;
    if (k == CXCursor_VarDecl) add_var(w->fe, c);
    if (k == CXCursor_CallExpr && fe_is_launch(c)) add_launch(w->fe, c);
    w->stack[w->depth] = c;
    w->index[w->depth] = idx;
    w->next[++w->depth] = 0;
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_OverloadedDeclRef) name_use(w, c);
    clang_visitChildren(c, walk, w);
    w->depth--;
    return CXChildVisit_Continue;
}

void fe_collect_launches(Fe *fe)
{
    Walk *w = ar_alloc(fe->a, sizeof *w);
    w->fe = fe;
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), walk, w);
}

static int private_alloc(Fe *fe, CXCursor v)
{
    Alloc *a = clang_Cursor_isNull(v) ? NULL : find_alloc(fe, v);
    return a && !a->bad && a->nmalloc > 0;
}

/* Every launch of f passes private allocations of one function, a != b,
 * for parameters i and j. */
static int distinct_pair(Fe *fe, FeFunc *f, int i, int j)
{
    for (int n = 0; n < fe->launches.n; n++) {
        Launch *l = fe->launches.v[n];
        if (l->f != f) continue;
        CXCursor a = l->var[i], b = l->var[j];
        if (!private_alloc(fe, a) || !private_alloc(fe, b) || clang_equalCursors(a, b)) return 0;
        if (!clang_equalCursors(clang_getCursorSemanticParent(a), clang_getCursorSemanticParent(b))) return 0;
    }
    return 1;
}

typedef struct { Fe *fe; int pack; } PackQuery;

static enum CXChildVisitResult find_pack(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    PackQuery *q = d;
    if (kind(c) == CXCursor_ParmDecl && strstr(fe_cxstr(q->fe, clang_getTypeSpelling(clang_getCursorType(c))), "..."))
        q->pack = 1;
    return CXChildVisit_Continue;
}

/* Whether the launches of f can be read position by position. */
static int launches_usable(Fe *fe, FeFunc *f, int nparams)
{
    if (fe->launch_unsure || !f->nlaunches || f->addr_taken) return 0;
    enum CXLinkageKind lk = clang_getCursorLinkage(f->def);
    if (lk != CXLinkage_Internal && lk != CXLinkage_UniqueExternal && !fe->has_main) return 0;
    PackQuery q = { fe, 0 };
    clang_visitChildren(f->def, find_pack, &q);
    if (q.pack) return 0;
    for (int n = 0; n < fe->launches.n; n++) {
        Launch *l = fe->launches.v[n];
        if (l->f == f && l->nargs != nparams) return 0;
    }
    return 1;
}

/* A parameter the distinct bits may describe: its value is the argument. */
static int plain_param(const IrVar *v)
{
    return (v->flags & IRV_PARAM) && !(v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN));
}

void fe_mark_distinct(Fe *fe, FeFunc *f, IrKernel *k)
{
    int np = k->nparams;
    if (np > 64 || np > k->vars.n || !launches_usable(fe, f, np)) return;
    for (int i = 0; i < np; i++) {
        IrVar *a = k->vars.v[i];
        if (!plain_param(a)) continue;
        for (int j = i + 1; j < np; j++) {
            IrVar *b = k->vars.v[j];
            if (!plain_param(b) || !distinct_pair(fe, f, i, j)) continue;
            a->distinct |= 1ull << j;
            b->distinct |= 1ull << i;
        }
    }
}
