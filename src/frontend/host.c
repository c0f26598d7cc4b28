/*
 * host.c: the facts about code outside kernel bodies (IrFact, ir/host.h).
 * Kernels become launcher functions (their signature gains the launch
 * configuration), launches `k<<<g, b, s, st>>>(args)` become calls
 * `k(g, b, s, args)`, __device__ functions that read the thread context
 * gain it as parameters, functions with barriers (inlined into kernels)
 * are removed, and CUDA qualifiers go. This file finds where; codegen
 * (host_edits.c) writes what.
 */
#include <string.h>
#include "internal.h"

IrFact *fe_fact(Fe *fe, IrFactKind k, unsigned b, unsigned e)
{
    IrFact *f = ar_alloc(fe->a, sizeof *f);
    f->kind = k;
    f->b = fe_pos(fe, b);
    f->e = fe_pos(fe, e);
    pv_push(fe->a, &fe->cur->f->facts, f);
    return f;
}

int fe_facts_touch(const FeFile *file, unsigned b, unsigned e)
{
    for (int i = 0; i < file->facts.n; i++) {
        const IrFact *f = file->facts.v[i];
        if (f->b.off < e && f->e.off > b) return 1;
    }
    return 0;
}

/* fe_fact, unless a fact of kind k about [b, e) is there already: a
 * fact about a macro's body comes once from each expansion. */
IrFact *fe_fact_once(Fe *fe, IrFactKind k, unsigned b, unsigned e)
{
    const PtrVec *v = &fe->cur->f->facts;
    for (int i = 0; i < v->n; i++) {
        IrFact *o = v->v[i];
        if (o->kind == k && o->b.off == b && o->e.off == e) return o;
    }
    return fe_fact(fe, k, b, e);
}

static const char *const qualifiers[] = { "__global__", "__device__", "__host__", "__shared__",
    "__constant__", "__managed__", "__forceinline__", "__noinline__", "__launch_bounds__", NULL };

/* Offset of the `(` that opens the parameter list of declaration d. */
static unsigned param_paren(Fe *fe, CXCursor d)
{
    unsigned b, e, name;
    fe_range(fe, d, &b, &e);
    clang_getExpansionLocation(clang_getCursorLocation(d), NULL, NULL, NULL, &name);
    return fe_find_tok(fe, name, e, "(");
}

/* Parameters go in front of those of declaration d (kind: LAUNCH_PARAMS
 * or CTX_PARAMS): after its `(`, or in place of `(void)`'s `void`. */
static void add_params(Fe *fe, CXCursor d, IrFactKind kind)
{
    unsigned p = param_paren(fe, d);
    int i = fe_tok_at(fe, p + 1);
    if (fe_tok_is(fe, i, "void") && fe_tok_is(fe, i + 1, ")")) {
        fe_fact(fe, kind, fe->toks[i].b, fe->toks[i].e)->u.params.is_void = 1;
        return;
    }
    fe_fact(fe, kind, p + 1, p + 1)->u.params.more = !fe_tok_is(fe, i, ")");
}

/* Innermost expression under implicit conversions and constructor calls. */
static CXCursor strip_conversions(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_UnexposedExpr && fe_nchildren(c) == 1) { c = fe_child(c, 0); continue; }
        if (k == CXCursor_CallExpr && fe_nchildren(c) >= 1 &&
            clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor) {
            c = fe_child(c, 0);
            continue;
        }
        return c;
    }
}

/* Launch configuration argument i of l: where it is written (left empty
 * when it was left out) and, for the grid and block (as_dim3), whether it
 * is a number that must be widened to a dim3. */
static void launch_arg(Fe *fe, CXCursor cfg, int i, int as_dim3, IrFact *l)
{
    if (i >= clang_Cursor_getNumArguments(cfg)) return;
    CXCursor a = clang_Cursor_getArgument(cfg, (unsigned)i);
    unsigned b, e;
    fe_range(fe, a, &b, &e);
    if (e <= b || (clang_getCursorKind(a) == CXCursor_UnexposedExpr && fe_nchildren(a) == 0)) return;
    l->u.launch.conf_b[i] = b;
    l->u.launch.conf_e[i] = e;
    if (!as_dim3) return;
    CXCursor inner = strip_conversions(a);
    char *ty = fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(inner)));
    l->u.launch.widen[i] = !strstr(ty, "dim3") && !strstr(ty, "uint3");
}

/* The children of launch call that need host edits: its callee only when
 * that is no kernel's name (`fp<<<...>>>`: kernel names in it become
 * stubs), its configuration and its arguments. */
typedef struct LaunchKids { Fe *fe; int index, skip_callee; } LaunchKids;

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d);

static enum CXChildVisitResult launch_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    LaunchKids *k = d;
    if (k->index++ == 0 && k->skip_callee) return CXChildVisit_Continue;
    if (host_visit(c, parent, k->fe) == CXChildVisit_Recurse) clang_visitChildren(c, host_visit, k->fe);
    return CXChildVisit_Continue;
}

/* k<<<g, b, s, st>>>(args) -> k(g, b, s, args) */
static void rewrite_launch(Fe *fe, CXCursor call)
{
    CXCursor cfg = fe_child(call, 1);
    unsigned cb, ce, b, e;
    fe_range(fe, cfg, &cb, &ce);
    fe_range(fe, call, &b, &e);
    /* the extent of the configuration ends before `>>>` on some versions;
     * the arguments' `(` is the first after it */
    unsigned gt = fe_find_tok(fe, cb, e, ">>>");
    ce = gt < e ? gt + 3 : ce;
    unsigned p = fe_find_tok(fe, ce, e, "(");
    IrFact *l = fe_fact(fe, IRF_LAUNCH, cb, p + 1);
    l->u.launch.cfg_e = fe_pos(fe, ce);
    l->u.launch.more = clang_Cursor_getNumArguments(call) > 0;
    for (int i = 0; i < 4; i++) launch_arg(fe, cfg, i, i < 2, l);
}

/* A __device__-only function is compiled as its kernels are (optimized and
 * contracted into FMAs whatever the host -O, see codegen/file.c): only
 * kernels call it, and GCC inlines across equal attributes. Not after a
 * `::`, where no attribute may stand. */
static void kernel_opt(Fe *fe, CXCursor c, int puns)
{
    unsigned b, e;
    if (!fe_spelled_range(fe, c, &b, &e)) return;
    int i = fe_tok_at(fe, b);
    if (i > 0 && fe_tok_is(fe, i - 1, "::")) return;
    IrFact *f = fe_fact_once(fe, IRF_KERNEL_OPT, b, b);
    if (f) f->u.name = puns ? NM(KERNEL_OPT_NSA) : NM(KERNEL_OPT);
}

static void func_decl_edits(Fe *fe, CXCursor c)
{
    FeFunc *f = fe_func(fe, c);
    if (!f) return;
    if (f->is_kernel) {
        add_params(fe, c, IRF_LAUNCH_PARAMS);
        return;
    }
    if (f->has_barrier && !fe_host_kept(f, c)) {
        unsigned b, e;
        fe_range(fe, c, &b, &e);
        fe_fact(fe, IRF_INLINED_FUNC, b, fe_stmt_end(fe, e))->u.name = f->name;
        return;
    }
    if (f->uses_ctx) add_params(fe, c, IRF_CTX_PARAMS);
    if (f->is_device && !fe_has_attr(c, CXCursor_CUDAHostAttr) && clang_isCursorDefinition(c)) kernel_opt(fe, c, f->puns);
}

/* A __shared__ variable outside a kernel body. At file scope it moves into
 * the kernels that use it (lower.c). Inside a __device__ function that is
 * not inlined (it has no barrier), an `extern __shared__ T a[]` becomes a
 * pointer to the block's dynamic shared memory, and a static one a
 * thread_local variable. */
static void shared_decl_edit(Fe *fe, CXCursor c)
{
    unsigned b, e;
    /* the lexical parent: a block-scope `extern` declaration's semantic
     * parent is the enclosing namespace (outside a template) */
    enum CXCursorKind parent = clang_getCursorKind(clang_getCursorLexicalParent(c));
    int in_function = parent == CXCursor_FunctionDecl || parent == CXCursor_CXXMethod ||
                      parent == CXCursor_ConversionFunction || parent == CXCursor_FunctionTemplate ||
                      parent == CXCursor_Constructor || parent == CXCursor_Destructor;
    if (fe_shared_decl_in_macro(fe, c, in_function)) return;
    fe_range(fe, c, &b, &e);
    if (!in_function) {
        fe_fact(fe, IRF_SHARED_MOVED, b, fe_stmt_end(fe, e));
        return;
    }
    CXType t = clang_getCursorType(c);
    if (t.kind != CXType_IncompleteArray && clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
        /* one copy per OpenMP thread, which runs one block at a time: the
         * block's own (kernels that call such a function are never run
         * with blocks interleaved, see FeFunc.uses_dynshared) */
        fe_fact(fe, IRF_SHARED_TLS, b, b)->u.is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
        return;
    }
    CXType elem = t.kind == CXType_IncompleteArray ? clang_getArrayElementType(t) : t;
    IrFact *d = fe_fact(fe, IRF_SHARED_DYN, b, fe_stmt_end(fe, e));
    d->u.shared.type = fe_cxstr(fe, clang_getTypeSpelling(elem));
    d->u.shared.name = fe_name(fe, c);
}

/* `__constant__ float c[N];` at namespace scope, a definition: remember it
 * for the registration at the end of the .cu (register_symbols). */
static void device_var(Fe *fe, CXCursor c)
{
    if (!fe_has_attr(c, CXCursor_CUDADeviceAttr) && !fe_has_attr(c, CXCursor_CUDAConstantAttr)) return;
    if (!clang_isCursorDefinition(c) || clang_getCursorType(c).kind == CXType_IncompleteArray) return;
    const char *name = fe_scope_name(fe, c);
    if (name) pv_push(fe->a, &fe->symbols, (void *)name);
}

/* At the end of the .cu, a constructor that registers every kernel the
 * unit defines (indirect.c) and every __device__ and __constant__ variable
 * with its size and name, so that the runtime can launch the kernels by
 * address, and knows the variables' bounds and finds them by name
 * (symbols.c; codegen/host_edits.c writes it). */
static void register_symbols(Fe *fe)
{
    PtrVec kernels = { 0 };
    fe_kernel_registrations(fe, &kernels);
    if (fe->symbols.n == 0 && !kernels.n) return;
    fe_enter_src(fe, fe->srcs.v[0]);
    unsigned end = (unsigned)fe->src->len;
    IrFact *r = fe_fact(fe, IRF_REGISTER, end, end);
    r->u.reg.kernels = kernels;
    r->u.reg.symbols = fe->symbols;
}

/* The shifts of a __device__ function's body get the GPU's meaning
 * (shifts.c); kernels' shifts are the lowering's. */
static enum CXChildVisitResult shift_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    FeShift sh;
    if (fe_gpu_shift(fe, c, &sh)) {
        IrFact *f = fe_fact(fe, IRF_SHIFT, sh.open, sh.close);
        f->u.shift.op = sh.op;
        f->u.shift.op_b = fe_pos(fe, sh.op_b);
        f->u.shift.op_e = fe_pos(fe, sh.op_e);
    }
    unsigned b, e;
    if (fe_gpu_clock(fe, c, &b, &e)) fe_fact(fe, IRF_CLOCK, b, e);
    const char *fn;
    if (fe_gpu_f2i(fe, c, &b, &e, &fn)) fe_fact(fe, IRF_F2I, b, e)->u.name = fn;
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    if (!fe_enter(fe, c)) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    switch (k) {
    case CXCursor_FunctionDecl: case CXCursor_FunctionTemplate: case CXCursor_CXXMethod:
    case CXCursor_ConversionFunction: {
        FeFunc *f = fe_func(fe, c);
        if (f) {
            func_decl_edits(fe, c);
            if (f->is_kernel || (f->has_barrier && !fe_host_kept(f, c))) return CXChildVisit_Continue;
        }
        if (fe_has_attr(c, CXCursor_CUDADeviceAttr) && !fe_has_attr(c, CXCursor_CUDAGlobalAttr) &&
            clang_isCursorDefinition(c))
            clang_visitChildren(c, shift_visit, fe);
        return CXChildVisit_Recurse;
    }
    case CXCursor_CallExpr:
        if (fe_is_warp_op(fe_call_name(fe, c)))
            diag_error(fe_loc(fe, c), "warp-level primitive '%s' is not supported by cucpu yet", fe_call_name(fe, c));
        if (fe_is_launch(c)) {
            /* written out and naming its kernel: a call of the launcher;
             * else through cucpu_launch.h (indirect.c) */
            unsigned b, e;
            int named = !fe_launch_through_pointer(c);
            if (named && fe_plain_range(fe, c, &b, &e)) rewrite_launch(fe, c);
            else fe_token_launch(fe, c);
            LaunchKids kids = { fe, 0, named };
            clang_visitChildren(c, launch_kid, &kids);
            return CXChildVisit_Continue;
        } else {
            FeFunc *f = fe_callee(fe, c);
            if (f && f->uses_ctx && !f->is_kernel) {
                unsigned b, e, cb, ce;
                fe_range(fe, c, &b, &e);
                fe_range(fe, fe_child(c, 0), &cb, &ce);
                unsigned p = fe_find_tok(fe, ce, e, "(");
                fe_fact(fe, IRF_CTX_ARGS, p + 1, p + 1)->u.params.more = clang_Cursor_getNumArguments(c) > 0;
            }
        }
        return CXChildVisit_Recurse;
    case CXCursor_DeclRefExpr:
        fe_kernel_ref(fe, c);
        return CXChildVisit_Recurse;
    case CXCursor_VarDecl:
        if (fe_has_attr(c, CXCursor_CUDASharedAttr)) {
            shared_decl_edit(fe, c);
            return CXChildVisit_Continue;
        }
        device_var(fe, c);
        return CXChildVisit_Recurse;
    case CXCursor_MacroExpansion: {
        const char *n = fe_name(fe, c);
        for (int i = 0; qualifiers[i]; i++)
            if (!strcmp(n, qualifiers[i])) {
                unsigned b, e;
                fe_range(fe, c, &b, &e);
                /* the qualifier, its arguments (__launch_bounds__(256)) and the
                 * blanks up to the next token on the same line; the others
                 * take none: in `[] __device__ (float x) {...}` the `(`
                 * opens the lambda's parameters */
                int t = fe_tok_at(fe, b);
                if (t >= fe->ntoks || fe->toks[t].b != b) continue;
                e = fe->toks[t].e;
                if (!strcmp(n, "__launch_bounds__") && fe_tok_is(fe, t + 1, "(")) {
                    int close = fe_tok_match(fe, t + 1);
                    if (close >= 0) e = fe->toks[close].e;
                }
                unsigned next = fe_next_tok(fe, e);
                SrcLoc a = fe_loc_at(fe, e), z = fe_loc_at(fe, next);
                if (a.line == z.line) e = next;
                fe_fact(fe, IRF_QUALIFIER, b, e);
            }
        return CXChildVisit_Continue;
    }
    default:
        return CXChildVisit_Recurse;
    }
}

void fe_host_facts(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), host_visit, fe);
    register_symbols(fe);
}
