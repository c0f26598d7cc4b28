/*
 * fuse.c: host loops whose kernel launches can share one OpenMP team.
 *
 * Every launch forks and joins a team. A host loop L that launches kernels
 * can instead open one team around itself:
 *
 *   { __typeof__(x) *cucpu_wb_x = &x;
 *     #pragma omp parallel firstprivate(x)
 *     { L, run by every thread, launches calling cucpu_team_k(..., sync)
 *       #pragma omp master
 *       { *cucpu_wb_x = x; } } }
 *
 * Each thread runs L's control flow redundantly, so this is legal only when
 * every statement of L is one of:
 *   - a launch whose configuration and arguments call nothing (dim3
 *     constructors aside) and assign nothing;
 *   - private: declarations and expressions that call nothing and assign
 *     only locals declared in L or outer locals that can be firstprivate
 *     (not static, not a reference or array, address never taken in the
 *     function); every thread computes the same values;
 *   - single: any other statement that does not jump out of itself; it
 *     runs on the master thread (the host thread, whose last-error state
 *     the program reads) between barriers. The locals it assigns, or whose
 *     address it takes (or that are arrays it names), declared outside it
 *     become shared: an outer local stays the team's shared variable (then
 *     no private code may assign it, and reading it counts as reading
 *     memory); one of L's own moves before the team when its declaration
 *     has no initializer, a POD type and a name nothing else in L uses
 *     (`float total; cudaMemcpy(&total, ...)`: that is the same program,
 *     an uninitialized local holds no value across iterations anyway);
 *   - if/for/while/do whose headers are private, holding the above; a
 *     `break` of L itself, `return`, `goto` and labels are refused.
 * A barrier precedes a single, and a launch gets sync=1 (a barrier after
 * its arguments are evaluated), when a thread may still read memory that
 * the statement could write: after private code that reads memory, and
 * when the launch's own arguments read memory.
 *
 * This file only records the candidates (IrHostLoop: each statement's kind,
 * range and whether it reads memory); the team pass fuses a loop when every
 * kernel it launches may run in a team, and codegen/host_loops.c writes the
 * team code. Fusion never reports an error: a loop that does not qualify
 * stays as it is.
 */
#include <string.h>
#include "internal.h"

/* ---- facts about a subtree ------------------------------------------------- */

typedef struct Facts {
    int calls;           /* calls other than dim3 constructors; new, lambdas, asm */
    int reads;           /* reads memory: a[i], *p, p->f, globals */
    int areads;          /* reads locals whose address escapes (only singles can write them) */
    int mem_writes;      /* assigns through memory */
    int jumps;           /* return, goto, labels; break/continue leaving the subtree */
    int launches;
    PtrVec assigned;     /* CXCursor*: locals assigned (=, op=, ++, --) */
    PtrVec addressed;    /* CXCursor*: locals whose address is taken or bound to a reference */
    PtrVec arrays;       /* CXCursor*: local arrays named */
} Facts;

/* out_args: `&x` passed to a CUDA runtime call that only writes through it
 * during the call (see out_arg_call) does not count as address taken. */
typedef struct Scan { Fe *fe; Facts *f; int loops, switches; const PtrVec *addr; int out_args; } Scan;

static int in_set(const PtrVec *s, CXCursor c)
{
    for (int i = 0; i < s->n; i++)
        if (clang_equalCursors(*(CXCursor *)s->v[i], c)) return 1;
    return 0;
}

static void add_set(Fe *fe, PtrVec *s, CXCursor c)
{
    if (in_set(s, c)) return;
    CXCursor *p = ar_alloc(fe->a, sizeof *p);
    *p = c;
    pv_push(fe->a, s, p);
}

/* A non-static local variable or parameter of a function. */
static int is_local(CXCursor v)
{
    enum CXCursorKind k = clang_getCursorKind(v);
    if (k == CXCursor_ParmDecl) return 1;
    return k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(v) &&
           !clang_Cursor_hasVarDeclExternalStorage(v);
}


static int is_array_type(CXType t)
{
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
           t.kind == CXType_DependentSizedArray;
}

/* The local that expression e names, or a null cursor. */
static CXCursor local_of(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor v = clang_getCursorReferenced(e);
    return is_local(v) ? v : clang_getNullCursor();
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d);

static void scan_kids(Scan *s, CXCursor c) { clang_visitChildren(c, scan_visit, s); }

/* &e: the local whose storage e names (x, x.f, a[i] of a local array)
 * has its address taken; indices and pointers followed do not. */
static void addr_target(Scan *s, CXCursor e)
{
    for (;;) {
        e = fe_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_MemberRefExpr && fe_nchildren(e) == 1 &&
            clang_getCursorType(fe_strip(fe_child(e, 0))).kind != CXType_Pointer)
            e = fe_child(e, 0);
        else if (k == CXCursor_ArraySubscriptExpr && is_array_type(clang_getCursorType(fe_strip(fe_child(e, 0)))))
            e = fe_child(e, 0);
        else
            break;
    }
    CXCursor v = local_of(e);
    if (!clang_Cursor_isNull(v)) add_set(s->fe, &s->f->addressed, v);
}

static void assign_target(Scan *s, CXCursor lhs)
{
    CXCursor t = fe_strip(lhs);
    /* s.f = ... assigns s; p->f = ... assigns memory */
    while (clang_getCursorKind(t) == CXCursor_MemberRefExpr && fe_nchildren(t) == 1 &&
           clang_getCursorType(fe_strip(fe_child(t, 0))).kind != CXType_Pointer)
        t = fe_strip(fe_child(t, 0));
    CXCursor v = local_of(t);
    if (!clang_Cursor_isNull(v) && !is_array_type(clang_getCursorType(v))) add_set(s->fe, &s->f->assigned, v);
    else s->f->mem_writes++;
}

static int is_dim3_ctor(CXCursor call)
{
    CXCursor r = clang_getCursorReferenced(call);
    if (clang_getCursorKind(r) != CXCursor_Constructor) return 0;
    CXString n = clang_getCursorSpelling(clang_getCursorSemanticParent(r));
    int ok = !strcmp(clang_getCString(n), "dim3") || !strcmp(clang_getCString(n), "uint3");
    clang_disposeString(n);
    return ok;
}

/* CUDA runtime calls whose pointer arguments are outputs (or inputs) used
 * only during the call: the runtime keeps none of them, so `&x` given to
 * one lets no later statement reach x. Callbacks (cudaLaunchHostFunc,
 * cudaStreamAddCallback) keep theirs and are not listed. */
static int out_arg_call(CXCursor call)
{
    static const char *const names[] = {
        "cudaMalloc", "cudaMallocHost", "cudaMallocManaged", "cudaMallocPitch", "cudaMallocAsync",
        "cudaHostAlloc", "cudaHostGetDevicePointer", "cudaMemcpy", "cudaMemcpyAsync",
        "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cudaMemcpyToSymbolAsync",
        "cudaMemcpyFromSymbolAsync", "cudaGetSymbolAddress", "cudaGetSymbolSize",
        "cudaEventCreate", "cudaEventCreateWithFlags", "cudaEventElapsedTime", "cudaStreamCreate",
        "cudaStreamCreateWithFlags", "cudaStreamCreateWithPriority", "cudaGetDevice",
        "cudaGetDeviceCount", "cudaGetDeviceProperties", "cudaDeviceGetAttribute", "cudaMemGetInfo",
        "cudaDriverGetVersion", "cudaRuntimeGetVersion", "cudaCreateTextureObject",
        "cudaPointerGetAttributes", "cudaFuncGetAttributes", "cudaOccupancyMaxPotentialBlockSize",
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    };
    CXCursor f = clang_getCursorReferenced(call);
    if (clang_getCursorKind(f) != CXCursor_FunctionDecl && clang_getCursorKind(f) != CXCursor_FunctionTemplate)
        return 0;
    CXString n = clang_getCursorSpelling(f);
    int ok = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !ok; i++) ok = !strcmp(clang_getCString(n), names[i]);
    clang_disposeString(n);
    return ok;
}

/* `&x` or `(T)&x` of a local x. */
static int addr_of_local(CXCursor e)
{
    e = fe_strip(e);
    while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr || clang_getCursorKind(e) == CXCursor_CXXStaticCastExpr ||
           clang_getCursorKind(e) == CXCursor_CXXReinterpretCastExpr) {
        if (!fe_nchildren(e)) return 0;
        e = fe_strip(fe_child(e, fe_nchildren(e) - 1));
    }
    return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && !clang_Cursor_isNull(local_of(fe_child(e, 0)));
}

/* Arguments bound to non-const references and objects whose methods are
 * called may be modified: count them as address taken. */
static void scan_call(Scan *s, CXCursor c)
{
    if (fe_is_launch(c)) { s->f->launches++; return; }
    if (!is_dim3_ctor(c)) s->f->calls++;
    CXType ft = clang_getCursorType(clang_getCursorReferenced(c));
    int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n && ft.kind == CXType_FunctionProto && i < clang_getNumArgTypes(ft); i++) {
        CXType pt = clang_getArgType(ft, (unsigned)i);
        if (pt.kind != CXType_LValueReference && pt.kind != CXType_RValueReference) continue;
        if (clang_isConstQualifiedType(clang_getPointeeType(pt))) continue;
        CXCursor v = local_of(clang_Cursor_getArgument(c, (unsigned)i));
        if (!clang_Cursor_isNull(v)) add_set(s->fe, &s->f->addressed, v);
    }
    CXCursor callee = fe_nchildren(c) ? fe_strip(fe_child(c, 0)) : clang_getNullCursor();
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr && fe_nchildren(callee) == 1) {
        CXCursor v = local_of(fe_child(callee, 0));
        if (!clang_Cursor_isNull(v)) add_set(s->fe, &s->f->addressed, v);
    }
}

static void scan_unary(Scan *s, CXCursor c)
{
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
        op == CXUnaryOperator_PreDec)
        assign_target(s, fe_child(c, 0));
    else if (op == CXUnaryOperator_AddrOf)
        addr_target(s, fe_child(c, 0));
    else if (op == CXUnaryOperator_Deref)
        s->f->reads++;
}

static void scan_binary(Scan *s, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) assign_target(s, fe_child(c, 0));
}

static void scan_cursor(Scan *s, CXCursor c)
{
    Facts *f = s->f;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr:
        scan_call(s, c);
        if (fe_is_launch(c)) return;
        if (s->out_args && out_arg_call(c) && fe_nchildren(c)) {
            scan_cursor(s, fe_child(c, 0));
            for (int i = 0; i < clang_Cursor_getNumArguments(c); i++) {
                CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
                if (!addr_of_local(a)) scan_cursor(s, a);
            }
            return;
        }
        break;
    case CXCursor_LambdaExpr: case CXCursor_CXXNewExpr: case CXCursor_CXXDeleteExpr: case CXCursor_CXXThrowExpr:
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt: case CXCursor_CXXTryStmt:
        f->calls++;
        break;
    case CXCursor_UnaryOperator: scan_unary(s, c); break;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: scan_binary(s, c); break;
    case CXCursor_ArraySubscriptExpr: f->reads++; break;
    case CXCursor_MemberRefExpr:
        if (fe_nchildren(c) == 1 && clang_getCursorType(fe_strip(fe_child(c, 0))).kind == CXType_Pointer) f->reads++;
        break;
    case CXCursor_DeclRefExpr: {
        /* globals and locals whose address escapes are memory a single may write */
        CXCursor v = clang_getCursorReferenced(c);
        if (is_local(v) && is_array_type(clang_getCursorType(v))) add_set(s->fe, &f->arrays, v);
        if (clang_getCursorKind(v) == CXCursor_VarDecl && !is_local(v)) f->reads++;
        else if (s->addr && in_set(s->addr, v)) f->areads++;
        break;
    }
    case CXCursor_VarDecl: {
        enum CXTypeKind t = clang_getCursorType(c).kind;
        if (!is_local(c) || t == CXType_LValueReference || t == CXType_RValueReference) f->calls++;
        break;
    }
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
        f->jumps++;
        break;
    case CXCursor_BreakStmt: if (!s->loops && !s->switches) f->jumps++; break;
    case CXCursor_ContinueStmt: if (!s->loops) f->jumps++; break;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
        s->loops++; scan_kids(s, c); s->loops--;
        return;
    case CXCursor_SwitchStmt:
        s->switches++; scan_kids(s, c); s->switches--;
        return;
    default: break;
    }
    scan_kids(s, c);
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    scan_cursor(d, c);
    return CXChildVisit_Continue;
}

/* addr: the function's address-taken locals, or NULL while finding them;
 * out_args: see Scan */
static Facts *scan_facts(Fe *fe, CXCursor c, const PtrVec *addr, int out_args)
{
    Facts *f = ar_alloc(fe->a, sizeof *f);
    Scan s = { fe, f, 0, 0, addr, out_args };
    scan_cursor(&s, c);
    return f;
}

/* ---- classifying the statements of a loop ------------------------------------------ */

/* N_MOVED: a declaration of L moved before the team */
typedef enum NodeKind { N_PRIVATE, N_LAUNCH, N_SINGLE, N_SEQ, N_LOOP, N_IF, N_MOVED } NodeKind;

typedef struct Node {
    NodeKind kind;
    unsigned begin, end;     /* the statement, its `;` included */
    int reads;               /* PRIVATE: reads memory; LOOP, IF: the header does; LAUNCH: the arguments do */
    int areads;              /* the same for locals whose address escapes */
    PtrVec kids;             /* SEQ: statements; LOOP: the body; IF: then, else */
    unsigned name, rparen;   /* LAUNCH: the kernel's name and the call's `)` */
    CXCursor decl;           /* PRIVATE, MOVED: the DeclStmt, if the statement is one */
} Node;

typedef struct Fuse {
    Fe *fe;
    IrHostLoop *loop;
    CXCursor stmt;           /* the loop L */
    unsigned lb, le;         /* its text */
    PtrVec addr_out;         /* CXCursor*: locals whose address the function takes, not
                                counting `&x` given to CUDA calls that keep no pointer */
    PtrVec addr;             /* CXCursor*: the same for loop L (set by try_loop), where every `&x` in L counts,
                                and the locals the team shares */
    PtrVec fp;               /* CXCursor*: outer locals L assigns (firstprivate) */
    PtrVec hoist;            /* CXCursor*: L's locals whose declarations move before the team */
    PtrVec decls;            /* Node*: L's declarations seen so far in this pass */
    int singles;             /* single statements in L */
    int grew;                /* this pass shared another local: classify L again */
} Fuse;

static Facts *facts_of(Fuse *F, CXCursor c) { return scan_facts(F->fe, c, &F->addr, 0); }

static unsigned decl_off(Fe *fe, CXCursor v) { return fe_loc(fe, v).off; }

static int inside(unsigned off, unsigned b, unsigned e) { return off >= b && off < e; }

/* Declared in L and not moved out of it. */
static int in_loop(Fuse *F, CXCursor v) { return inside(decl_off(F->fe, v), F->lb, F->le) && !in_set(&F->hoist, v); }

/* An outer local that each thread may keep a copy of. */
static int can_copy(Fuse *F, CXCursor v)
{
    CXType t = clang_getCursorType(v);
    if (is_array_type(t) || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) return 0;
    if (clang_isConstQualifiedType(t) || in_set(&F->addr, v)) return 0;
    return 1;
}

/* Code every thread can run: no calls, only locals assigned. */
static int private_ok(Fuse *F, const Facts *f)
{
    if (f->calls || f->mem_writes || f->jumps || f->launches) return 0;
    for (int i = 0; i < f->assigned.n; i++) {
        CXCursor v = *(CXCursor *)f->assigned.v[i];
        if (in_loop(F, v)) continue;
        if (!can_copy(F, v)) return 0;
    }
    for (int i = 0; i < f->assigned.n; i++) {
        CXCursor v = *(CXCursor *)f->assigned.v[i];
        if (!in_loop(F, v)) add_set(F->fe, &F->fp, v);
    }
    return 1;
}

/* ---- locals a single shares with the team --------------------------------------------- */

typedef struct Clash { Fe *fe; CXCursor v; const char *name; int found; } Clash;

static enum CXChildVisitResult clash_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Clash *k = d;
    enum CXCursorKind kind = clang_getCursorKind(c);
    CXCursor r = kind == CXCursor_DeclRefExpr ? clang_getCursorReferenced(c) : c;
    if ((kind == CXCursor_DeclRefExpr || kind == CXCursor_VarDecl) && !clang_equalCursors(r, k->v) &&
        !strcmp(fe_name(k->fe, r), k->name))
        k->found = 1;
    return k->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The declaration's type and text stay valid before L: a POD type not
 * declared in L, not const, a reference or of variable size. */
static int movable_var(Fuse *F, CXCursor v)
{
    if (!is_local(v) || !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(v))) return 0;
    CXType t = clang_getCursorType(v);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference || clang_isConstQualifiedType(t) ||
        !clang_isPODType(t))
        return 0;
    for (;;) {
        if (t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray)
            return 0;
        CXCursor d = clang_getTypeDeclaration(t);
        if (!clang_Cursor_isNull(d) && clang_getCursorKind(d) != CXCursor_NoDeclFound &&
            inside(decl_off(F->fe, d), F->lb, F->le))
            return 0;
        if (t.kind == CXType_Pointer) t = clang_getPointeeType(t);
        else if (t.kind == CXType_ConstantArray) t = clang_getArrayElementType(t);
        else if (t.kind == CXType_Elaborated || t.kind == CXType_Typedef) t = clang_getCanonicalType(t);
        else return 1;
    }
}

/* Declaration d of L can move before the team: each of its variables is
 * movable and no other name in L is spelled like it; its text is the main
 * file's, which no other fact changes. */
static int movable_decl(Fuse *F, const Node *d)
{
    Fe *fe = F->fe;
    unsigned sb, se;
    if (d->end <= d->begin || !fe_tok_ends(fe, d->end, ";") || !fe_spelled_range(fe, d->decl, &sb, &se) ||
        !inside(sb, d->begin, d->end))
        return 0;
    if (fe_facts_touch(&fe->u->main, d->begin, d->end)) return 0;
    int n = fe_nchildren(d->decl);
    for (int i = 0; i < n; i++) {
        CXCursor v = fe_child(d->decl, i);
        if (clang_getCursorKind(v) != CXCursor_VarDecl || !movable_var(F, v)) return 0;
        Clash k = { fe, v, fe_name(fe, v), 0 };
        clang_visitChildren(F->stmt, clash_visit, &k);
        if (k.found) return 0;
    }
    return n > 0;
}

static Node *decl_of(Fuse *F, CXCursor v)
{
    unsigned o = decl_off(F->fe, v);
    for (int i = 0; i < F->decls.n; i++) {
        Node *d = F->decls.v[i];
        if (inside(o, d->begin, d->end)) return d;
    }
    return NULL;
}

/* v, which a single at b..e assigns or whose address it takes, declared
 * outside it: can (commit: does) the team share it? */
static int share(Fuse *F, CXCursor v, unsigned b, unsigned e, int commit)
{
    unsigned o = decl_off(F->fe, v);
    if (inside(o, b, e)) return 1;
    if (!in_loop(F, v)) {
        enum CXTypeKind t = clang_getCursorType(v).kind;
        if (t == CXType_LValueReference || t == CXType_RValueReference) return 0;
        if (commit && !in_set(&F->addr, v)) {
            add_set(F->fe, &F->addr, v);
            F->grew = 1;
        }
        return 1;
    }
    Node *d = decl_of(F, v);
    if (!d || !movable_decl(F, d)) return 0;
    for (int i = 0; commit && i < fe_nchildren(d->decl); i++) {
        CXCursor w = fe_child(d->decl, i);
        add_set(F->fe, &F->hoist, w);
        add_set(F->fe, &F->addr, w);
        F->grew = 1;
    }
    return 1;
}

/* Code the master thread can run for everyone (see the file comment). */
static int single_ok(Fuse *F, const Facts *f, unsigned b, unsigned e)
{
    if (f->launches || f->jumps) return 0;
    for (int commit = 0; commit < 2; commit++) {
        for (int i = 0; i < f->assigned.n; i++)
            if (!share(F, *(CXCursor *)f->assigned.v[i], b, e, commit)) return 0;
        /* outer locals whose address is taken, and outer arrays, are shared already */
        const PtrVec *own[2] = { &f->addressed, &f->arrays };
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < own[k]->n; i++) {
                CXCursor v = *(CXCursor *)own[k]->v[i];
                if (in_loop(F, v) && !share(F, v, b, e, commit)) return 0;
            }
    }
    return 1;
}

static Node *node(Fuse *F, NodeKind k, CXCursor c)
{
    Node *n = ar_alloc(F->fe->a, sizeof *n);
    n->kind = k;
    fe_range(F->fe, c, &n->begin, &n->end);
    n->end = fe_stmt_end(F->fe, n->end);
    return n;
}

/* Arguments of a launch or of its configuration: call and assign nothing. */
static int launch_args_ok(Fuse *F, CXCursor call, Node *n)
{
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < nargs; i++) {
        Facts *f = facts_of(F, clang_Cursor_getArgument(call, (unsigned)i));
        if (f->calls || f->launches || f->mem_writes || f->assigned.n || f->jumps) return 0;
        n->reads |= f->reads > 0;
        n->areads |= f->areads > 0;
    }
    return 1;
}

/* k<<<g, b>>>(args); with k defined above the loop, written out (not in a
 * macro: those launches are the `->*` form, see indirect.c). */
static Node *launch(Fuse *F, CXCursor stmt, CXCursor call)
{
    Fe *fe = F->fe;
    FeFunc *k = fe_func(fe, clang_getCursorReferenced(call));
    if (!k || !k->is_kernel || !k->ir || clang_Cursor_isNull(k->def)) return NULL;
    unsigned db, de, b, e, nb, ne;
    if (!fe_plain_range(fe, call, &b, &e)) return NULL;
    fe_range(fe, k->def, &db, &de);
    if (de > F->lb) return NULL;
    Node *n = node(F, N_LAUNCH, stmt);
    if (!launch_args_ok(F, fe_child(call, 1), n) || !launch_args_ok(F, call, n)) return NULL;
    CXCursor callee = fe_strip(fe_child(call, 0));
    if (!fe_spelled_range(fe, callee, &nb, &ne) || !fe_tok_is(fe, fe_tok_at(fe, nb), k->name))
        return NULL;
    fe_range(fe, call, &b, &e);
    if (!fe_tok_ends(fe, e, ")")) return NULL;
    n->name = nb;
    n->rparen = e - 1;
    for (int i = 0; i < F->loop->kernels.n; i++)
        if (F->loop->kernels.v[i] == k->ir) return n;
    pv_push(fe->a, &F->loop->kernels, k->ir);
    return n;
}

static Node *classify(Fuse *F, CXCursor s, int depth);

typedef struct Kids { CXCursor v[8]; int n; } Kids;

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Kids *k = d;
    if (k->n < 8) k->v[k->n] = c;
    k->n++;
    return CXChildVisit_Continue;
}

/* The offset of the `)` that closes the header of an if/for/while at b. */
static unsigned header_end(Fe *fe, unsigned b, unsigned e)
{
    FeHeader h;
    return fe_stmt_header(fe, b, &h) ? h.rparen : e;
}

/* if/for/while/do whose headers every thread evaluates. */
static Node *control(Fuse *F, CXCursor s, int depth)
{
    Fe *fe = F->fe;
    enum CXCursorKind k = clang_getCursorKind(s);
    Node *n = node(F, k == CXCursor_IfStmt ? N_IF : N_LOOP, s);
    Kids kids = { .n = 0 };
    clang_visitChildren(s, kids_visit, &kids);
    if (kids.n > 8) return NULL;
    unsigned he = k == CXCursor_DoStmt ? 0 : header_end(fe, n->begin, n->end);
    for (int i = 0; i < kids.n; i++) {
        unsigned b, e;
        fe_range(fe, kids.v[i], &b, &e);
        int header = k == CXCursor_DoStmt ? i > 0 : b < he;
        if (header) {
            Facts *f = facts_of(F, kids.v[i]);
            if (!private_ok(F, f)) return NULL;
            n->reads |= f->reads > 0;
            n->areads |= f->areads > 0;
            continue;
        }
        Node *kid = classify(F, kids.v[i], depth + (k != CXCursor_IfStmt));
        if (!kid) return NULL;
        pv_push(fe->a, &n->kids, kid);
    }
    return n;
}

static Node *classify(Fuse *F, CXCursor s, int depth)
{
    Fe *fe = F->fe;
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_CompoundStmt) {
        Node *n = node(F, N_SEQ, s);
        for (int i = 0; i < fe_nchildren(s); i++) {
            Node *kid = classify(F, fe_child(s, i), depth);
            if (!kid) return NULL;
            pv_push(fe->a, &n->kids, kid);
        }
        return n;
    }
    if (k == CXCursor_NullStmt) return node(F, N_PRIVATE, s);
    if (k == CXCursor_ContinueStmt) return node(F, N_PRIVATE, s);
    if (k == CXCursor_BreakStmt) return depth > 0 ? node(F, N_PRIVATE, s) : NULL;
    if (clang_isExpression(k) && fe_is_launch(fe_strip(s))) return launch(F, s, fe_strip(s));
    Facts *f = facts_of(F, s);
    Node *n = node(F, N_PRIVATE, s);
    n->reads = f->reads > 0;
    n->areads = f->areads > 0;
    if (k == CXCursor_DeclStmt) {
        n->decl = s;
        if (fe_nchildren(s) && in_set(&F->hoist, fe_child(s, 0))) {
            n->kind = N_MOVED;
            return n;
        }
        pv_push(fe->a, &F->decls, n);
    }
    if (!f->launches && private_ok(F, f)) return n;
    if (k == CXCursor_DeclStmt) return NULL;
    n->kind = N_SINGLE;
    if (single_ok(F, f, n->begin, n->end)) { F->singles++; return n; }
    if (k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
        return control(F, s, depth);
    return NULL;
}

/* ---- the facts the team code needs ------------------------------------------------ */

static IrPos pos_at(Fe *fe, unsigned off) { return (IrPos){ off, fe_loc_at(fe, off).line }; }

/* Where to open a wrapper around a statement at b: the start of its line
 * when only blanks precede it (so pragmas keep the indentation), else b.
 * *ind gets those blanks. */
static IrPos line_start(Fe *fe, unsigned b, const char **ind)
{
    int i = fe_tok_at(fe, b);
    SrcLoc at = fe_loc_at(fe, b);
    if (i > 0 && fe_loc_at(fe, fe->toks[i - 1].e).line == at.line) { *ind = ""; return (IrPos){ b, at.line }; }
    unsigned p = b - (at.col - 1);
    *ind = ar_strndup(fe->a, fe->src->text + p, b - p);
    return (IrPos){ p, at.line };
}

static IrHostNode *record(Fuse *F, const Node *n)
{
    static const IrHostKind kinds[] = { [N_PRIVATE] = IRH_PRIVATE, [N_LAUNCH] = IRH_LAUNCH, [N_SINGLE] = IRH_SINGLE,
                                        [N_SEQ] = IRH_SEQ, [N_LOOP] = IRH_LOOP, [N_IF] = IRH_IF, [N_MOVED] = IRH_MOVED };
    Fe *fe = F->fe;
    IrHostNode *h = ar_alloc(fe->a, sizeof *h);
    h->kind = kinds[n->kind];
    h->begin = pos_at(fe, n->begin);
    h->end = pos_at(fe, n->end);
    /* locals whose address escapes count as memory once a single may write them */
    h->reads = n->reads || (F->singles && n->areads);
    if (n->kind == N_LAUNCH) {
        h->name = pos_at(fe, n->name);
        h->rparen = pos_at(fe, n->rparen);
    }
    if (n->kind == N_SINGLE) h->open = line_start(fe, n->begin, &h->indent);
    if (n->kind == N_MOVED) pv_push(fe->a, &F->loop->moved, h);
    for (int i = 0; i < n->kids.n; i++) pv_push(fe->a, &h->kids, record(F, n->kids.v[i]));
    return h;
}

static void record_loop(Fuse *F, Node *L)
{
    Fe *fe = F->fe;
    IrHostLoop *l = F->loop;
    l->open = line_start(fe, L->begin, &l->indent);
    for (int i = 0; i < F->fp.n; i++) pv_push(fe->a, &l->firstprivate, (void *)fe_name(fe, *(CXCursor *)F->fp.v[i]));
    l->root = record(F, L);
}

/* ---- finding the loops -------------------------------------------------------------- */

/* 1 when a `#pragma` line stands right before the statement at b (`#pragma
 * GCC unroll 2`, `#pragma omp parallel for`): it applies to that loop, and
 * a team region opened between the two would take its place. */
static int after_pragma(Fe *fe, unsigned b)
{
    int i = fe_tok_at(fe, b);
    if (i <= 0) return 0;
    unsigned line = fe_loc_at(fe, fe->toks[i - 1].b).line;
    int k = i - 1;
    while (k > 0 && fe_loc_at(fe, fe->toks[k - 1].b).line == line) k--;
    return fe_tok_is(fe, k, "#") && fe_tok_is(fe, k + 1, "pragma");
}

static int try_loop(Fuse *F, CXCursor s)
{
    Fe *fe = F->fe;
    unsigned b, e;
    fe_range(fe, s, &b, &e);
    if (after_pragma(fe, b)) return 0;
    IrHostLoop *loop = ar_alloc(fe->a, sizeof *loop);
    F->loop = loop;
    F->stmt = s;
    F->lb = b;
    F->le = fe_stmt_end(fe, e);
    /* `cudaMalloc(&x, n)` before L lets x be copied per thread; inside L it does not */
    F->addr = (PtrVec){0};
    F->hoist = (PtrVec){0};
    for (int i = 0; i < F->addr_out.n; i++) pv_push(fe->a, &F->addr, F->addr_out.v[i]);
    PtrVec own = scan_facts(fe, s, NULL, 0)->addressed;
    for (int i = 0; i < own.n; i++)
        if (!in_set(&F->addr, *(CXCursor *)own.v[i])) pv_push(fe->a, &F->addr, own.v[i]);
    /* sharing a local changes what may assign and read it: classify again
     * until no pass shares another (each adds one of L's locals at least) */
    Node *L;
    do {
        loop->kernels.n = 0;
        F->fp.n = F->decls.n = 0;
        F->singles = F->grew = 0;
        L = control(F, s, -1);     /* a break in L's body leaves L */
    } while (L && F->grew);
    if (!L || !loop->kernels.n) return 0;
    loop->loc = fe_loc(fe, s);
    record_loop(F, L);
    pv_push(fe->a, &fe->u->loops, loop);
    return 1;
}

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fuse *F = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isExpression(k) || clang_isDeclaration(k)) return CXChildVisit_Continue;
    if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) &&
        facts_of(F, c)->launches && try_loop(F, c))
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

/* Host functions of the main file: their outermost fusable loops. */
static enum CXChildVisitResult func_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    if (!fe_in_main(fe, c) || !fe_enter(fe, c)) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl) return CXChildVisit_Recurse;
    if (k != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) || fe_func(fe, c)) return CXChildVisit_Continue;
    CXCursor body = clang_getNullCursor();
    for (int i = 0; i < fe_nchildren(c); i++)
        if (clang_getCursorKind(fe_child(c, i)) == CXCursor_CompoundStmt) body = fe_child(c, i);
    if (clang_Cursor_isNull(body)) return CXChildVisit_Continue;
    Fuse F = { .fe = fe };
    F.addr_out = scan_facts(fe, body, NULL, 1)->addressed;
    clang_visitChildren(body, find_visit, &F);
    return CXChildVisit_Continue;
}

void fe_find_team_loops(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), func_visit, fe);
}
