/*
 * host.c: the edits outside kernel bodies. Kernels become launcher
 * functions (their signature gains the launch configuration), launches
 * `k<<<g, b, s, st>>>(args)` become calls `k(g, b, s, args)`, __device__
 * functions that read the thread context gain it as parameters, functions
 * with barriers (inlined into kernels) are removed, and CUDA qualifiers go.
 */
#include <string.h>
#include "internal.h"

FeEdit *fe_edit_make(Fe *fe, FeEditKind k, unsigned b, unsigned e, const char *text)
{
    FeEdit *ed = ar_alloc(fe->a, sizeof *ed);
    ed->kind = k;
    ed->begin = b;
    ed->end = e;
    ed->text = text;
    ed->line_begin = fe_loc_at(fe, b).line;
    ed->line_after = fe_loc_at(fe, e).line;
    return ed;
}

void fe_edit(Fe *fe, FeEditKind k, unsigned b, unsigned e, const char *text)
{
    FeEdit *ed = fe_edit_make(fe, k, b, e, text);
    ed->seq = fe->cur->f->edits.n;
    pv_push(fe->a, &fe->cur->f->edits, ed);
}

/* fe_edit, unless the same edit is there already: an edit of a macro's
 * body comes once from each expansion. */
void fe_edit_once(Fe *fe, FeEditKind k, unsigned b, unsigned e, const char *text)
{
    PtrVec *v = &fe->cur->f->edits;
    for (int i = 0; i < v->n; i++) {
        const FeEdit *o = v->v[i];
        if (o->kind == k && o->begin == b && o->end == e &&
            (o->text == text || (o->text && text && !strcmp(o->text, text))))
            return;
    }
    fe_edit(fe, k, b, e, text);
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

/* Adds `extra` in front of the parameters of declaration d. */
static void add_params(Fe *fe, CXCursor d, const char *extra)
{
    unsigned p = param_paren(fe, d);
    int i = fe_tok_at(fe, p + 1);
    if (fe_tok_is(fe, i, "void") && fe_tok_is(fe, i + 1, ")")) {
        fe_edit(fe, ED_REPLACE, fe->toks[i].b, fe->toks[i].e, extra);
        return;
    }
    int has = !fe_tok_is(fe, i, ")");
    fe_edit(fe, ED_INSERT, p + 1, p + 1, has ? ar_printf(fe->a, "%s, ", extra) : extra);
}

static const char *const ctx_params = "uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim";
static const char *const launch_params = "dim3 gridDim, dim3 blockDim, size_t cucpu_shmem";

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

/* The text of launch argument i as a dim3, or dflt when it was left out. */
static const char *launch_arg(Fe *fe, CXCursor cfg, int i, int as_dim3, const char *dflt)
{
    if (i >= clang_Cursor_getNumArguments(cfg)) return dflt;
    CXCursor a = clang_Cursor_getArgument(cfg, (unsigned)i);
    unsigned b, e;
    fe_range(fe, a, &b, &e);
    if (e <= b || (clang_getCursorKind(a) == CXCursor_UnexposedExpr && fe_nchildren(a) == 0)) return dflt;
    const char *text = ar_strndup(fe->a, fe->src->text + b, e - b);
    if (!as_dim3) return text;
    CXCursor inner = strip_conversions(a);
    char *ty = fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(inner)));
    if (strstr(ty, "dim3") || strstr(ty, "uint3")) return text;
    return ar_printf(fe->a, "cucpu_dim3(%s, 1, 1)", text);
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
    const char *cfgtext = ar_printf(fe->a, "%s, %s, %s", launch_arg(fe, cfg, 0, 1, "cucpu_dim3(1, 1, 1)"),
                                    launch_arg(fe, cfg, 1, 1, "cucpu_dim3(1, 1, 1)"), launch_arg(fe, cfg, 2, 0, "0"));
    int has_args = clang_Cursor_getNumArguments(call) > 0;
    fe_edit(fe, ED_DELETE, cb, ce, NULL);
    fe_edit(fe, ED_INSERT, p + 1, p + 1, has_args ? ar_printf(fe->a, "%s, ", cfgtext) : cfgtext);
}

/* A __device__-only function is compiled as its kernels are (optimized and
 * contracted into FMAs whatever the host -O, see codegen/file.c): only
 * kernels call it, and GCC inlines across equal attributes. Not after a
 * `::`, where no attribute may stand. */
static void kernel_opt(Fe *fe, CXCursor c)
{
    unsigned b, e;
    if (!fe_spelled_range(fe, c, &b, &e)) return;
    int i = fe_tok_at(fe, b);
    if (i > 0 && fe_tok_is(fe, i - 1, "::")) return;
    fe_edit_once(fe, ED_INSERT, b, b, "CUCPU_KERNEL_OPT ");
}

static void func_decl_edits(Fe *fe, CXCursor c)
{
    FeFunc *f = fe_func(fe, c);
    if (!f) return;
    if (f->is_kernel) {
        add_params(fe, c, launch_params);
        return;
    }
    if (f->has_barrier) {
        unsigned b, e;
        fe_range(fe, c, &b, &e);
        fe_edit(fe, ED_REPLACE, b, fe_stmt_end(fe, e),
                ar_printf(fe->a, "/* %s: inlined into the kernels that call it (it calls __syncthreads) */", f->name));
        return;
    }
    if (f->uses_ctx) add_params(fe, c, ctx_params);
    if (f->is_device && !fe_has_attr(c, CXCursor_CUDAHostAttr) && clang_isCursorDefinition(c)) kernel_opt(fe, c);
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
        fe_edit(fe, ED_REPLACE, b, fe_stmt_end(fe, e), "/* __shared__ declaration moved into the kernels */");
        return;
    }
    CXType t = clang_getCursorType(c);
    if (t.kind != CXType_IncompleteArray && clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
        /* one copy per OpenMP thread, which runs one block at a time: the
         * block's own (kernels that call such a function are never run
         * with blocks interleaved, see FeFunc.uses_dynshared) */
        fe_edit(fe, ED_INSERT, b, b, clang_Cursor_getStorageClass(c) == CX_SC_Static ? "thread_local " : "static thread_local ");
        return;
    }
    CXType elem = t.kind == CXType_IncompleteArray ? clang_getArrayElementType(t) : t;
    const char *et = fe_cxstr(fe, clang_getTypeSpelling(elem));
    fe_edit(fe, ED_REPLACE, b, fe_stmt_end(fe, e),
            ar_printf(fe->a, "%s *%s = (%s *)cucpu_dynsmem_tls;", et, fe_name(fe, c), et));
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
 * (symbols.c):
 *
 *     static void __attribute__((constructor)) cucpu_register_symbols(void)
 *     {
 *         (void)cucpu_kernel<decltype(&k), &k>::registered;
 *         cucpu_register_symbol_named(&v, sizeof v, "v");
 *     }
 */
static void register_symbols(Fe *fe)
{
    const char *kernels = fe_kernel_registrations(fe);
    if (fe->symbols.n == 0 && !*kernels) return;
    fe_enter_src(fe, fe->srcs.v[0]);
    const char *text = "\n/* cucpu: the unit's kernels, __device__ and __constant__ variables, for the runtime */\n"
                       "static void __attribute__((constructor)) cucpu_register_symbols(void)\n{\n";
    text = ar_printf(fe->a, "%s%s", text, kernels);
    for (int i = 0; i < fe->symbols.n; i++) {
        const char *v = fe->symbols.v[i];
        text = ar_printf(fe->a, "%s    cucpu_register_symbol_named(&%s, sizeof %s, \"%s\");\n", text, v, v, v);
    }
    unsigned end = (unsigned)fe->src->len;
    fe_edit(fe, ED_INSERT, end, end, ar_printf(fe->a, "%s}\n", text));
}

/* The shifts of a __device__ function's body get the GPU's meaning
 * (shifts.c); kernels' shifts are the lowering's. */
static enum CXChildVisitResult shift_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    FeShift sh;
    if (fe_gpu_shift(fe, c, &sh)) {
        fe_edit(fe, ED_INSERT, sh.open, sh.open, sh.fn);
        fe_edit(fe, ED_REPLACE, sh.op_b, sh.op_e, ",");
        fe_edit(fe, ED_INSERT, sh.close, sh.close, ")");
    }
    unsigned b, e;
    if (fe_gpu_clock(fe, c, &b, &e)) fe_edit(fe, ED_REPLACE, b, e, "cucpu_clock");
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
            if (f->is_kernel || f->has_barrier) return CXChildVisit_Continue;
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
                int has = clang_Cursor_getNumArguments(c) > 0;
                fe_edit(fe, ED_INSERT, p + 1, p + 1, has ? "threadIdx, blockIdx, blockDim, gridDim, " : "threadIdx, blockIdx, blockDim, gridDim");
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
                fe_edit(fe, ED_DELETE, b, e, NULL);
            }
        return CXChildVisit_Continue;
    }
    default:
        return CXChildVisit_Recurse;
    }
}

void fe_host_edits(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), host_visit, fe);
    register_symbols(fe);
}
