/*
 * funcs.c: the functions of the main file that device code runs, and the
 * call graph between them. Two facts flow up the graph: a function that
 * reads the builtin index variables needs the thread context passed in
 * (uses_ctx), and a function that calls __syncthreads, a warp primitive, or
 * stores to volatile shared memory (legacy warp-synchronous code, run in
 * lock step) must be inlined into the kernels that call it (has_barrier).
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* An explicit specialization of a kernel template, `template <>
 * __global__ void k<double>(double *a) {...}`: a kernel of its own, with
 * its own body (and its own declaration in the source, where an implicit
 * instantiation sits at its template); C++ overloading picks its launcher.
 * A __device__ function's specializations stay one FeFunc with their
 * template, whose calls are resolved by the template's cursor. */
static int explicit_specialization(CXCursor c, CXCursor t)
{
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || clang_getCursorKind(t) != CXCursor_FunctionTemplate ||
        !fe_has_attr(t, CXCursor_CUDAGlobalAttr))
        return 0;
    return !clang_equalLocations(clang_getCursorLocation(clang_getCanonicalCursor(c)), clang_getCursorLocation(t));
}

static CXCursor canonical(CXCursor c)
{
    CXCursor t = clang_getSpecializedCursorTemplate(c);
    if (!clang_Cursor_isNull(t) && !explicit_specialization(c, t)) c = t;
    return clang_getCanonicalCursor(c);
}

FeFunc *fe_func(Fe *fe, CXCursor c)
{
    if (clang_Cursor_isNull(c)) return NULL;
    c = canonical(c);
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (clang_equalCursors(f->cursor, c)) return f;
    }
    return NULL;
}

const char *fe_builtin_name(CXCursor ref)
{
    static const char *const names[] = { "threadIdx", "blockIdx", "blockDim", "gridDim" };
    if (clang_getCursorKind(ref) != CXCursor_VarDecl) return NULL;
    CXString s = clang_getCursorSpelling(ref);
    const char *n = clang_getCString(s), *hit = NULL;
    for (int i = 0; i < 4; i++)
        if (n && !strcmp(n, names[i])) hit = names[i];
    clang_disposeString(s);
    if (hit && clang_Location_isFromMainFile(clang_getCursorLocation(ref))) hit = NULL;
    return hit;
}

typedef struct { CXCursor found; } OverloadQuery;

static enum CXChildVisitResult find_overload(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    OverloadQuery *q = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_OverloadedDeclRef || k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
        CXString s = clang_getCursorSpelling(c);
        const char *n = clang_getCString(s);
        int named = n && *n;
        clang_disposeString(s);
        if (named) { q->found = c; return CXChildVisit_Break; }
    }
    return CXChildVisit_Recurse;
}

/* The cursor naming the callee of a call whose callee clang could not
 * resolve: in a template, `f(x)` with x of a dependent type is an overload
 * set (OverloadedDeclRef) until instantiation. */
typedef struct { const char *name; CXCursor found; } MemberQuery;

static enum CXChildVisitResult find_member(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    MemberQuery *q = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate) return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    int hit = !strcmp(clang_getCString(s), q->name);
    clang_disposeString(s);
    if (!hit) return CXChildVisit_Continue;
    q->found = c;
    return CXChildVisit_Break;
}

/* `C<a, b>::f` in a template (a dependent-scope name), or `obj.f` with obj
 * of a dependent class type: the member f of class (template) C, its name
 * the last token of the callee. */
static CXCursor dependent_scope_member(CXCursor callee)
{
    CXCursor cls = clang_getNullCursor(), first = fe_child(callee, 0);
    if (clang_getCursorKind(first) == CXCursor_TemplateRef) cls = clang_getCursorReferenced(first);
    else if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr && !clang_Cursor_isNull(first)) {
        CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(first)));
        if (t.kind == CXType_Pointer) t = clang_getCanonicalType(clang_getPointeeType(t));
        cls = clang_getTypeDeclaration(t);
        CXCursor tmpl = clang_getSpecializedCursorTemplate(cls);
        if (!clang_Cursor_isNull(tmpl)) cls = tmpl;
    }
    if (clang_Cursor_isNull(cls) || clang_getCursorKind(cls) == CXCursor_NoDeclFound) return clang_getNullCursor();
    char name[256];
    MemberQuery q = { name, clang_getNullCursor() };
    if (fe_last_identifier(callee, name, sizeof name)) clang_visitChildren(cls, find_member, &q);
    return q.found;
}

static CXCursor unresolved_callee(CXCursor call)
{
    OverloadQuery q = { clang_getNullCursor() };
    CXCursor first = clang_getNullCursor();
    if (clang_getCursorKind(call) == CXCursor_CallExpr) first = fe_child(call, 0);
    if (clang_Cursor_isNull(first)) return first;
    CXString s = clang_getCursorSpelling(first);
    int unnamed = !*clang_getCString(s);
    clang_disposeString(s);
    if (unnamed && clang_getCursorKind(first) == CXCursor_MemberRefExpr) {
        /* `obj.f<...>(...)` on a dependent object: f's overload set, not obj */
        for (int i = 0; i < fe_nchildren(first); i++)
            if (clang_getCursorKind(fe_child(first, i)) == CXCursor_OverloadedDeclRef) return fe_child(first, i);
    }
    if (unnamed && (clang_getCursorKind(first) == CXCursor_DeclRefExpr || clang_getCursorKind(first) == CXCursor_MemberRefExpr)) {
        CXCursor m = dependent_scope_member(first);
        if (!clang_Cursor_isNull(m)) return m;
    }
    if (find_overload(first, call, &q) == CXChildVisit_Recurse) clang_visitChildren(first, find_overload, &q);
    return q.found;
}

static char *call_name(CXCursor call)
{
    CXString s = clang_getCursorSpelling(call);
    const char *n = clang_getCString(s);
    if (!n || !*n) {
        clang_disposeString(s);
        CXCursor c = unresolved_callee(call);
        if (clang_Cursor_isNull(c)) return strdup("");
        s = clang_getCursorSpelling(c);
        n = clang_getCString(s);
    }
    char *r = strdup(n ? n : "");
    clang_disposeString(s);
    return r;
}

const char *fe_call_name(Fe *fe, CXCursor call)
{
    char *n = call_name(call);
    const char *r = ar_strdup(fe->a, n);
    free(n);
    return r;
}

/* A call clang could not resolve to any declaration (in a template, the
 * call of an object of a dependent type, `op(a, b)`): its effects are
 * unknown. */
int fe_call_unknown(CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    CXCursor r = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(r) && !clang_isInvalid(clang_getCursorKind(r))) return 0;
    return clang_Cursor_isNull(unresolved_callee(call));
}

FeFunc *fe_callee(Fe *fe, CXCursor call)
{
    FeFunc *f = fe_func(fe, clang_getCursorReferenced(call));
    if (f) return f;
    CXCursor c = unresolved_callee(call);
    if (clang_Cursor_isNull(c)) return NULL;
    if (clang_getCursorKind(c) == CXCursor_CXXMethod || clang_getCursorKind(c) == CXCursor_FunctionTemplate)
        return fe_func(fe, c);                          /* a dependent-scope member */
    if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef) return fe_func(fe, clang_getCursorReferenced(c));
    /* every candidate of the main file: the first that has a barrier, or
     * the only one */
    FeFunc *only = NULL;
    int n = 0;
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++) {
        FeFunc *g = fe_func(fe, clang_getOverloadedDecl(c, i));
        if (!g) continue;
        if (g->has_barrier) return g;
        only = g;
        n++;
    }
    return n == 1 ? only : NULL;
}

static int called_name_is(CXCursor call, const char *const *names)
{
    char *n = call_name(call);
    int hit = 0;
    for (; *names; names++)
        if (!strcmp(n, *names)) hit = 1;
    free(n);
    return hit;
}

int fe_is_barrier_call(Fe *fe, CXCursor call)
{
    static const char *const names[] = { "__syncthreads", NULL };
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    FeCoop co;
    if (fe_coop_call(fe, call, &co)) return co.kind == COOP_BLOCK_SYNC || co.kind == COOP_GRID_SYNC;
    return called_name_is(call, names);
}

int fe_is_sync_call(CXCursor call)
{
    static const char *const names[] = { "__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                         "__syncthreads_or", NULL };
    return clang_getCursorKind(call) == CXCursor_CallExpr && called_name_is(call, names);
}

int fe_is_launch(CXCursor call)
{
    static const char *const names[] = { "__cudaPushCallConfiguration", "cudaConfigureCall", NULL };
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    CXCursor cfg = fe_child(call, 1);
    return clang_getCursorKind(cfg) == CXCursor_CallExpr && called_name_is(cfg, names);
}

int fe_is_assign_operator_call(CXCursor call)
{
    static const char *const names[] = { "operator=", "operator+=", "operator-=", "operator*=", "operator/=",
                                          "operator%=", "operator&=", "operator|=", "operator^=", "operator<<=",
                                          "operator>>=", "operator++", "operator--", NULL };
    return clang_getCursorKind(call) == CXCursor_CallExpr && called_name_is(call, names);
}

int fe_is_warp_call(Fe *fe, CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    if (fe_cub_call(fe, call, NULL)) return 1;   /* a CUB collective meets as a warp operation does */
    FeCoop co;
    if (fe_coop_call(fe, call, &co))
        return co.kind == COOP_WARP_OP || co.kind == COOP_WARP_SYNC || co.kind == COOP_COALESCED;
    CXCursor obj;
    if (fe_coop_dependent_member(fe, call, &obj)) return 1;   /* `g.shfl_down(v, 1)`, G a template parameter */
    if (fe_coop_dependent_collective(fe, call)) return 1;      /* `cg::reduce(g, v, cg::plus<T>())` in a template */
    return fe_is_warp_op(fe_call_name(fe, call));
}

/* ---- legacy warp-synchronous statements ---------------------------------------------- */

/* An lvalue of volatile-qualified type that names memory other threads
 * see: an element or member reached through a pointer or array, or a
 * __shared__ or global variable (a volatile local is the thread's own). */
static int volatile_memory(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!clang_isVolatileQualifiedType(clang_getCursorType(c))) return 0;
    if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr) return 1;
    if (k == CXCursor_UnaryOperator) return clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if (k == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        return fe_has_attr(d, CXCursor_CUDASharedAttr) || clang_getCursorSemanticParent(d).kind == CXCursor_TranslationUnit;
    }
    return 0;
}

int fe_is_lockstep(Fe *fe, CXCursor c)
{
    CXCursor lhs = fe_store_target(c);
    if (clang_Cursor_isNull(lhs)) return 0;
    return volatile_memory(lhs) || fe_is_exchange(fe, c);
}

static int statement_position(CXCursor c, CXCursor parent)
{
    enum CXCursorKind p = clang_getCursorKind(parent);
    if (p == CXCursor_CompoundStmt || p == CXCursor_IfStmt || p == CXCursor_WhileStmt || p == CXCursor_DoStmt)
        return 1;
    /* `a, b;` runs its operands as statements (lower_expr_stmt) */
    if (p == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Comma) return 1;
    if (p == CXCursor_ForStmt) {
        /* the body, not the init or the increment */
        CXCursor last = clang_getNullCursor();
        for (unsigned i = 0, n = fe_nchildren(parent); i < n; i++) last = fe_child(parent, i);
        /* not clang_equalCursors: after a declaration in the init, the
         * children of one visit name another parent than those of another */
        return clang_getCursorKind(last) == clang_getCursorKind(c) &&
               clang_equalRanges(clang_getCursorExtent(last), clang_getCursorExtent(c));
    }
    return 0;
}

int fe_is_lockstep_stmt(Fe *fe, CXCursor c, CXCursor parent)
{
    /* under the implicit node a class temporary's cleanup makes
     * (`v[i] = __hadd2(a, b);`) */
    return statement_position(c, parent) && fe_is_lockstep(fe, fe_strip(c));
}

static FeFunc *add_func(Fe *fe, CXCursor c)
{
    FeFunc *f = fe_func(fe, c);
    if (!f) {
        f = ar_alloc(fe->a, sizeof *f);
        f->cursor = canonical(c);
        f->def = clang_getNullCursor();
        f->name = fe_name(fe, c);
        pv_push(fe->a, &fe->funcs, f);
    }
    f->is_kernel |= fe_has_attr(c, CXCursor_CUDAGlobalAttr);
    f->is_device |= fe_has_attr(c, CXCursor_CUDADeviceAttr);
    if (clang_isCursorDefinition(c)) f->def = c;
    return f;
}

static enum CXChildVisitResult find_funcs(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
        k == CXCursor_ConversionFunction) {
        if (fe_enter(fe, c) && (fe_has_attr(c, CXCursor_CUDAGlobalAttr) || fe_has_attr(c, CXCursor_CUDADeviceAttr)))
            add_func(fe, c);
        return CXChildVisit_Continue;
    }
    /* member functions of the file's classes, class templates included;
     * a namespace or class of a header holds no user function (and the
     * precompiled prelude's are not read in at all) */
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
        k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl ||
        k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization)
        return fe_enter(fe, c) ? CXChildVisit_Recurse : CXChildVisit_Continue;
    return CXChildVisit_Continue;
}

typedef struct { Fe *fe; FeFunc *f; } BodyScan;

/* `asm("")` or `asm volatile("" ::: "memory")`: a template with no
 * instruction, which means the same to the host compiler. */
static int empty_asm(Fe *fe, CXCursor c)
{
    CXToken *t;
    unsigned n;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &t, &n);
    int empty = 0;
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(t[i]) != CXToken_Literal) continue;
        CXString sp = clang_getTokenSpelling(fe->tu, t[i]);
        empty = !strcmp(clang_getCString(sp), "\"\"");
        clang_disposeString(sp);
        break;
    }
    clang_disposeTokens(fe->tu, t, n);
    return empty;
}

/* A pointee through which any memory may be read (char, std::byte, void). */
static int any_type_pointee(CXType t)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Void: case CXType_Char_S: case CXType_Char_U: case CXType_SChar: case CXType_UChar: return 1;
    case CXType_Enum: {   /* std::byte, not any enum whose name has "byte" in it */
        CXString n = clang_getTypeSpelling(clang_getUnqualifiedType(t));
        int byte = !strcmp(clang_getCString(n), "std::byte");
        clang_disposeString(n);
        return byte;
    }
    default: return 0;
    }
}

/* `reinterpret_cast<uint4 *>(p)` or `(unsigned *)&x` with p a pointer to
 * another type: CUDA code reads one type's bytes through another's
 * pointer (8 bfloat16 in a uint4), and nvcc gives what the bytes say,
 * where gcc's strict-aliasing rule may drop the stores (HeCBench fma).
 * Such functions are compiled without strict aliasing. */
static int type_pun(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_CStyleCastExpr && k != CXCursor_CXXReinterpretCastExpr) return 0;
    int n = fe_nchildren(c);
    if (n < 1) return 0;
    CXType to = clang_getCanonicalType(clang_getCursorType(c));
    CXType from = clang_getCanonicalType(clang_getCursorType(fe_child(c, n - 1)));
    if (to.kind != CXType_Pointer || from.kind != CXType_Pointer) return 0;
    CXType a = clang_getCanonicalType(clang_getPointeeType(to)), b = clang_getCanonicalType(clang_getPointeeType(from));
    if (any_type_pointee(a) || any_type_pointee(b)) return 0;
    CXString sa = clang_getTypeSpelling(clang_getUnqualifiedType(a)), sb = clang_getTypeSpelling(clang_getUnqualifiedType(b));
    int differ = strcmp(clang_getCString(sa), clang_getCString(sb)) != 0;
    clang_disposeString(sa);
    clang_disposeString(sb);
    return differ;
}

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent, CXClientData d)
{
    BodyScan *s = d;
    if (fe_is_lockstep_stmt(s->fe, c, parent)) s->f->has_barrier = 1;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && fe_builtin_name(clang_getCursorReferenced(c)))
        s->f->uses_ctx = 1;
    if (k == CXCursor_VarDecl && fe_has_attr(c, CXCursor_CUDASharedAttr)) s->f->uses_dynshared = 1;
    if (type_pun(c)) s->f->puns = 1;
    /* the host assembler would reject PTX with a message far from here */
    if (k == CXCursor_GCCAsmStmt && !empty_asm(s->fe, c))
        diag_error(fe_loc(s->fe, c), "inline PTX assembly (asm) in device code is not supported");
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) {
        int store = k == CXCursor_CompoundAssignOperator;
        if (k == CXCursor_BinaryOperator) store = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
        if (k == CXCursor_UnaryOperator) {
            enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
            store = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                    op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        }
        CXCursor lhs = fe_strip(fe_child(c, 0));
        /* a store through anything but a local's name, or through a
         * reference (`int &c` parameter: the caller's memory) */
        if (store && (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
                      clang_getCursorType(clang_getCursorReferenced(lhs)).kind == CXType_LValueReference))
            s->f->writes_memory = 1;
    }
    if (k == CXCursor_CallExpr && fe_is_assign_operator_call(c) && clang_Cursor_getNumArguments(c) > 0 &&
        clang_getCursorKind(fe_strip(clang_Cursor_getArgument(c, 0))) != CXCursor_DeclRefExpr)
        s->f->writes_memory = 1;
    if (k == CXCursor_CallExpr) {
        if (fe_is_sync_call(c) || fe_is_warp_call(s->fe, c) || fe_is_barrier_call(s->fe, c))
            s->f->has_barrier = s->f->has_sync = 1;
        FeCoop co;
        if (fe_coop_call(s->fe, c, &co) && co.kind == COOP_CTX) s->f->uses_ctx = 1;
        const char *dep = fe_coop_dependent(s->fe, c);
        if (dep && !fe_coop_dependent_collective(s->fe, c))
            diag_error(fe_loc(s->fe, c), "'%s' with arguments that depend on a template parameter is not supported; "
                       "cucpu lowers a cooperative-groups call whose group and value types the template fixes", dep);
        const char *cn = fe_call_name(s->fe, c);
        /* atomics; and reads of a clock or a generator, which give another
         * value at each call, so that a call of f cannot be hoisted (licm) */
        if (!strncmp(cn, "atomic", 6) || !strncmp(cn, "clock", 5) || !strncmp(cn, "curand", 6) ||
            !strcmp(cn, "rand") || !strcmp(cn, "__nanosleep"))
            s->f->writes_memory = 1;
        FeFunc *g = fe_callee(s->fe, c);
        if (g) pv_push(s->fe->a, &s->f->callees, g);
        else if (fe_call_unknown(c)) s->f->writes_memory = 1;   /* `op(x)` on a dependent functor */
    }
    return CXChildVisit_Recurse;
}

int fe_host_kept(const FeFunc *f, CXCursor c)
{
    return f->has_barrier && !f->has_sync && !f->is_kernel && fe_has_attr(c, CXCursor_CUDAHostAttr);
}

/* Propagates uses_ctx, has_barrier, puns & co from callees to callers. */
static void propagate(Fe *fe)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < fe->funcs.n; i++) {
            FeFunc *f = fe->funcs.v[i];
            for (int j = 0; j < f->callees.n; j++) {
                FeFunc *g = f->callees.v[j];
                if (g->uses_ctx && !f->uses_ctx) f->uses_ctx = changed = 1;
                if (g->has_barrier && !f->has_barrier) f->has_barrier = changed = 1;
                if (g->has_sync && !f->has_sync) f->has_sync = changed = 1;
                if (g->writes_memory && !f->writes_memory) f->writes_memory = changed = 1;
                if (g->uses_dynshared && !f->uses_dynshared) f->uses_dynshared = changed = 1;
                if (g->puns && !f->puns) f->puns = changed = 1;
            }
        }
    }
}

/* A dependent call in a template kernel (`smem.getPointer()` on a
 * SharedMemory<T>) resolves to the class template's member, while the one
 * that runs may be an explicit specialization's: NVIDIA's SharedMemory<T>
 * declares one `extern __shared__` array per type in its specializations,
 * and the primary template's member has none. The template's member takes
 * on their use of dynamic shared memory, so the kernel provides it. */
static void specializations_use_dynshared(Fe *fe)
{
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (!f->uses_dynshared || clang_Cursor_isNull(f->def)) continue;
        CXCursor tmpl = clang_getSpecializedCursorTemplate(clang_getCursorSemanticParent(f->def));
        if (clang_Cursor_isNull(tmpl)) continue;
        for (int j = 0; j < fe->funcs.n; j++) {
            FeFunc *g = fe->funcs.v[j];
            if (g != f && !strcmp(g->name, f->name) &&
                clang_equalCursors(clang_getCursorSemanticParent(g->cursor), clang_getCanonicalCursor(tmpl)))
                g->uses_dynshared = 1;
        }
    }
}

/* The class template that type t instantiates or specializes
 * (`SharedMemory<Real>`, dependent or not); else a null cursor. */
static CXCursor type_template(CXType t)
{
    if (t.kind == CXType_Invalid) return clang_getNullCursor();
    CXCursor d = clang_getTypeDeclaration(t);
    if (clang_Cursor_isNull(d) || clang_isInvalid(clang_getCursorKind(d))) return clang_getNullCursor();
    CXCursor tm = clang_getSpecializedCursorTemplate(d);
    if (!clang_Cursor_isNull(tm)) return tm;
    if (clang_getCursorKind(d) == CXCursor_ClassTemplate) return d;
    return clang_getNullCursor();
}

typedef struct { Fe *fe; FeFunc *f; PtrVec *tmpls; } DynScan;

/* c's USR (a declaration's name across redeclarations and cursor kinds) */
static const char *usr(Fe *fe, CXCursor c)
{
    return fe_cxstr(fe, clang_getCursorUSR(c));
}

static enum CXChildVisitResult scan_dyn_objects(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    DynScan *s = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_VarDecl && !clang_isExpression(k)) return CXChildVisit_Recurse;
    CXCursor tm = type_template(clang_getCursorType(c));
    if (clang_Cursor_isNull(tm)) return CXChildVisit_Recurse;
    const char *u = usr(s->fe, tm);
    for (int i = 0; i < s->tmpls->n; i++)
        if (*u && !strcmp(u, s->tmpls->v[i])) {
            /* a kernel's own flag would mean a __shared__ declaration of
             * its body (lower.c reads its callees' and dyn_objects) */
            if (s->f->is_kernel) s->f->dyn_objects = 1;
            else s->f->uses_dynshared = 1;
            return CXChildVisit_Break;
        }
    return CXChildVisit_Recurse;
}

/* The same SharedMemory<T> used through an operator in a template kernel
 * (`SharedMemory<Real> sdata; sdata[i] = x;`): clang resolves no call of
 * a dependent `sdata[i]`, so a function that declares an object of a class
 * template whose specializations' members declare `extern __shared__`
 * arrays is taken to use dynamic shared memory itself (at worst the block
 * gets a buffer it does not read). So is one with an expression of such a
 * type: the temporary of the reduction sample's `T *s = SharedMemory<T>();`,
 * converted by an operator clang does not resolve either; without the
 * flag the kernel would read another launch's freed buffer. */
static void objects_use_dynshared(Fe *fe)
{
    PtrVec tmpls = { 0 };
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (!f->uses_dynshared || clang_Cursor_isNull(f->def)) continue;
        CXCursor parent = clang_getCursorSemanticParent(f->def);
        CXCursor tm = clang_getSpecializedCursorTemplate(parent);
        /* a member of the class template itself (no specializations) */
        if (clang_Cursor_isNull(tm) && clang_getCursorKind(parent) == CXCursor_ClassTemplate) tm = parent;
        if (clang_Cursor_isNull(tm)) continue;
        pv_push(fe->a, &tmpls, (void *)usr(fe, tm));
    }
    if (!tmpls.n) return;
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if ((f->uses_dynshared && !f->is_kernel) || f->dyn_objects || clang_Cursor_isNull(f->def)) continue;
        DynScan s = { fe, f, &tmpls };
        clang_visitChildren(f->def, scan_dyn_objects, &s);
    }
}

/* Under -rdc a __device__ function with external linkage may be defined in
 * one file and called from another, and neither file sees whether the other
 * reads threadIdx: every such function takes the thread context (a fixed
 * calling convention). Inline functions, templates and members are in every
 * file that calls them, so they keep the usual rule. */
static int external_device_function(CXCursor c)
{
    return clang_getCursorKind(c) == CXCursor_FunctionDecl && fe_has_attr(c, CXCursor_CUDADeviceAttr) &&
           !fe_has_attr(c, CXCursor_CUDAHostAttr) && !fe_has_attr(c, CXCursor_CUDAGlobalAttr) &&
           clang_getCursorLinkage(c) == CXLinkage_External && !clang_Cursor_isFunctionInlined(c) &&
           clang_getTemplateCursorKind(c) == CXCursor_NoDeclFound &&
           clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c));
}

void fe_collect_funcs(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_funcs, fe);
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (fe->rdc && external_device_function(f->cursor)) f->uses_ctx = 1;
        if (clang_Cursor_isNull(f->def)) continue;
        BodyScan s = { fe, f };
        clang_visitChildren(f->def, scan_body, &s);
    }
    specializations_use_dynshared(fe);
    objects_use_dynshared(fe);
    propagate(fe);
}
