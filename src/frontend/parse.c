/*
 * parse.c: running libclang on a .cu file.
 *
 * The file is parsed as CUDA (host side only) against cucpu's own headers,
 * so no CUDA toolkit is needed: `-x cuda --cuda-host-only -nocudainc
 * -nocudalib -include cuda_runtime.h -I<include_dir>`. Clang's errors are
 * reported in our format; then the kernels are lowered and the host edits
 * collected.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

char *fe_read_file(Arena *a, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = ar_alloc(a, (size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    *len = got;
    return buf;
}

/* Reports clang's errors; returns how many there were. */
static int report_clang(Fe *fe)
{
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Error) {
            CXFile f;
            unsigned line, col, off;
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, &col, &off);
            SrcLoc loc = { fe->u->main.src.name, line, col, off };
            FeSrc *fs = fe_src_of(fe, f);
            if (f && !clang_File_isEqual(f, fe->main)) loc.file = fs ? fs->f->src.name : fe_cxstr(fe, clang_getFileName(f));
            char *msg = fe_cxstr(fe, clang_getDiagnosticSpelling(d));
            diag_error(loc, "%s", msg);
            errors++;
        }
        clang_disposeDiagnostic(d);
    }
    return errors;
}

enum { PRELUDE_SLOT = 12 };   /* where the prelude goes in clang_args' list */

/* The clang command line: n words, of which the two at PRELUDE_SLOT are
 * left for the prelude (`-include cuda_runtime.h` or `-include-pch P`),
 * ahead of any -include of the user's, as nvcc includes cuda_runtime.h
 * first. */
static const char **clang_args(Arena *a, const FeOptions *opt, int *n)
{
    static const char *const fixed[PRELUDE_SLOT] = { "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
        "--cuda-path=/nonexistent-cuda", "-Wno-unknown-cuda-version", "-Wno-everything",
        "-std=c++17", "-D__CUCPU__=1", "-D__CUDACC__=1", "-D__NVCC__=1" };
    const char **v = ar_alloc(a, sizeof(char *) * (size_t)(PRELUDE_SLOT + opt->ncflags + 3));
    int k = 0;
    for (int i = 0; i < PRELUDE_SLOT; i++) v[k++] = fixed[i];
    k += 2;
    v[k++] = ar_printf(a, "-I%s", opt->include_dir);
    for (int i = 0; i < opt->ncflags; i++) v[k++] = opt->cflags[i];
    *n = k;
    return v;
}

/* The words of args without the prelude's two: the command line that the
 * prelude itself is parsed with. */
static const char **without_prelude(Arena *a, const char **args, int nargs)
{
    const char **v = ar_alloc(a, sizeof(char *) * (size_t)nargs);
    int k = 0;
    for (int i = 0; i < nargs; i++)
        if (i != PRELUDE_SLOT && i != PRELUDE_SLOT + 1) v[k++] = args[i];
    return v;
}

/* 1 when tu has a fatal error (a prelude that clang would not load shows
 * as one; so does a missing #include, which then costs a second parse). */
static int has_fatal(CXTranslationUnit tu)
{
    int bad = 0;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !bad; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        bad = clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal;
        clang_disposeDiagnostic(d);
    }
    return bad;
}

/* The precompiled prelude for opt's command line (prelude.c), or NULL. */
static const char *find_prelude(Arena *a, const FeOptions *opt)
{
    int nargs;
    const char **args = clang_args(a, opt, &nargs);
    return fe_prelude(a, opt, without_prelude(a, args, nargs), nargs - 2);
}

/* Parses path with the headers from the precompiled prelude pch when there
 * is one, else (or when clang rejects it) by parsing them: the translation
 * unit is the same either way. */
static enum CXErrorCode parse_tu(Fe *fe, CXIndex index, const char *path, const FeOptions *opt, const char *pch)
{
    unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
    int nargs;
    const char **args = clang_args(fe->a, opt, &nargs);
    if (pch) {
        args[PRELUDE_SLOT] = "-include-pch";
        args[PRELUDE_SLOT + 1] = pch;
        enum CXErrorCode rc = clang_parseTranslationUnit2(index, path, args, nargs, NULL, 0, flags, &fe->tu);
        if (rc == CXError_Success && !has_fatal(fe->tu)) return rc;
        if (rc == CXError_Success) clang_disposeTranslationUnit(fe->tu);
        fe->tu = NULL;
    }
    args[PRELUDE_SLOT] = "-include";
    args[PRELUDE_SLOT + 1] = "cuda_runtime.h";
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, path, args, nargs, NULL, 0, flags, &fe->tu);
    /* fine without the prelude: the prelude was the trouble (a damaged
     * file), so the next translation builds it again */
    if (pch && rc == CXError_Success && !has_fatal(fe->tu)) fe_prelude_drop(fe->a, pch);
    return rc;
}

static void lower_kernels(Fe *fe)
{
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (!f->is_kernel || clang_Cursor_isNull(f->def) || !fe_enter(fe, f->def)) continue;
        FeSrc *file = fe->cur;
        IrKernel *k = fe_lower_kernel(fe, f);
        fe_enter_src(fe, file);
        fe_kernel_directives(fe, k);
        if (k->alt) { k->alt->defines = k->defines; k->alt->undefs = k->undefs; }
        fe_mark_distinct(fe, f, k);
        if (k->alt) fe_mark_distinct(fe, f, k->alt);
        f->ir = k;
        k->puns = f->puns;
        if (k->alt) k->alt->puns = f->puns;
        fe_launch_params(fe, f, k);
        pv_push(fe->a, &fe->u->kernels, k);
        pv_push(fe->a, &file->f->kernels, k);
        fe_fact(fe, IRF_KERNEL_BODY, k->body_begin, k->body_end)->u.kernel = k;
    }
}

static FeUnit *parse_unit(Arena *a, const char *path, const FeOptions *opt, const char *pch);

typedef struct ParseJob { Arena *a; const char *path; const FeOptions *opt; const char *pch; FeUnit *u; } ParseJob;

static void *parse_job(void *p)
{
    ParseJob *j = p;
    j->u = parse_unit(j->a, j->path, j->opt, j->pch);
    return NULL;
}

/* Clang's parser and semantic analysis recurse once per level of an
 * expression, so a generated 35,000-term sum needs far more than the 8 MiB
 * stack that libclang gives its own parsing thread. The front end runs on
 * a thread of ours with a large stack (address space, touched only as
 * used), and libclang on that thread (LIBCLANG_NOTHREADS). */
enum { PARSE_STACK = 1024u << 20 };

FeUnit *fe_parse(Arena *a, const char *path, const FeOptions *opt)
{
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    /* The prelude is built here, not on the parse thread: saving it makes
     * LLVM install its signal handlers with a malloc'd alternate signal
     * stack on the calling thread, which ASan cannot unmap when that
     * thread ends (a CHECK failure in sanitized builds). */
    ParseJob j = { a, path, opt, find_prelude(a, opt), NULL };
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, PARSE_STACK) == 0 &&
        pthread_create(&t, &attr, parse_job, &j) == 0) {
        pthread_join(t, NULL);
        pthread_attr_destroy(&attr);
        return j.u;
    }
    return parse_unit(a, path, opt, j.pch);   /* no thread: the stack we have */
}

/* ---- launches spelled `k << < g, b >> > (args)` ------------------------------ */

/* Joins tokens i and i + 1 of the current file into `ccc` in text t, padded
 * with blanks to the same length. */
static void join_at(Fe *fe, char *t, int i, char c)
{
    unsigned b = fe->toks[i].b, e = fe->toks[i + 1].e;
    memset(t + b, ' ', e - b);
    memset(t + b, c, 3);
}

/* Respells as `__cucpu_hd` (host_defines.h: __host__ __device__, the same
 * length) the `__device__` of each extended lambda in the current file,
 * `[captures] __device__ (params) ...`, unless it says __host__ too; 1 when
 * it changed anything. A lambda that Thrust's host code calls is then
 * callable there, as it is, by other means, under nvcc's CUDA back end; a
 * kernel calls it as before. `[[attr]] __device__` (an attribute, its
 * `]]`) is a function's, not a lambda's. */
static int hd_lambdas(Fe *fe, char *t)
{
    int changed = 0;
    for (int i = 1; i < fe->ntoks; i++) {
        if (!fe_tok_is(fe, i, "__device__") || !fe_tok_is(fe, i - 1, "]")) continue;
        if (i > 1 && fe_tok_is(fe, i - 2, "]")) continue;
        if (i + 1 < fe->ntoks && fe_tok_is(fe, i + 1, "__host__")) continue;
        memcpy(t + fe->toks[i].b, "__cucpu_hd", 10);
        changed = 1;
    }
    return changed;
}

/* Joins the chevrons of spaced launches in the current file; 1 when it
 * changed anything. After `<<` `<`, the first `>>` `>` closes it (only
 * there: `>> >` also ends nested templates). */
static int join_file(Fe *fe, char *t)
{
    int changed = 0, open = 0;
    for (int i = 0; i + 1 < fe->ntoks; i++) {
        if (!open && fe_tok_is(fe, i, "<<") && fe_tok_is(fe, i + 1, "<")) { join_at(fe, t, i, '<'); open = changed = 1; i++; }
        else if (open && fe_tok_is(fe, i, ">>>")) open = 0;
        else if (open && fe_tok_is(fe, i, ">>") && fe_tok_is(fe, i + 1, ">")) { join_at(fe, t, i, '>'); open = 0; i++; }
        else if (fe_tok_is(fe, i, "<<<")) open = 1;
    }
    return changed;
}

/* nvcc accepts a launch spelled `k << < g, b >> > (args)`; clang knows only
 * `<<<`. And clang refuses a call of a `__device__` lambda from host code,
 * which Thrust makes on the CPU. When clang reported errors, the user
 * files with errors get their chevrons joined, every user file its
 * extended lambdas' `__device__` respelled (hd_lambdas; the error is
 * Thrust's header's), offsets unchanged, and clang parses
 * again from those texts; the front end then reads the edited texts. 1
 * when it reparsed. */
static int join_chevrons(Fe *fe)
{
    PtrVec files = { 0 };
    int any_error = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        CXFile f;
        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, NULL);
        int err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        any_error |= err;
        clang_disposeDiagnostic(d);
        FeSrc *s = err ? fe_src_of(fe, f) : NULL;
        for (int j = 0; s && j < files.n; j++)
            if (files.v[j] == s) s = NULL;
        if (s) pv_push(fe->a, &files, s);
    }
    /* chevrons in the files with errors; lambdas in every user file (the
     * error is reported where Thrust's header calls one) */
    struct CXUnsavedFile *un = ar_alloc(fe->a, sizeof *un * (size_t)(fe->srcs.n + 1));
    int nun = 0;
    for (int i = 0; any_error && i < fe->srcs.n; i++) {
        FeSrc *s = fe->srcs.v[i];
        int has_error = 0;
        for (int j = 0; j < files.n; j++) has_error |= files.v[j] == s;
        char *t = ar_strndup(fe->a, s->f->src.text, s->f->src.len);
        fe_enter_src(fe, s);
        int joined = has_error && join_file(fe, t), respelled = hd_lambdas(fe, t);
        if (!joined && !respelled) continue;
        s->f->src.text = t;
        un[nun].Filename = s->f->src.name;
        un[nun].Contents = t;
        un[nun++].Length = (unsigned long)s->f->src.len;
    }
    if (!nun || clang_reparseTranslationUnit(fe->tu, (unsigned)nun, un, clang_defaultReparseOptions(fe->tu))) return 0;
    /* the files' CXFile handles and tokens belong to the old parse */
    for (int i = 0; i < fe->srcs.n; i++) {
        FeSrc *s = fe->srcs.v[i];
        s->cx = clang_getFile(fe->tu, s->f->src.name);
        fe_tokenize(fe, s);
    }
    fe->main = ((FeSrc *)fe->srcs.v[0])->cx;
    fe->others.n = 0;
    fe->last_file = NULL;
    fe->excused.n = 0;
    fe->excused_done = 0;
    return 1;
}

/* ---- included files -------------------------------------------------------- */

/* An #include in a user file of another user file. */
typedef struct Include { FeSrc *from, *to; CXCursor directive; } Include;

static enum CXChildVisitResult find_includes(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    void **ctx = d;
    Fe *fe = ctx[0];
    if (clang_getCursorKind(c) != CXCursor_InclusionDirective || !fe_enter(fe, c)) return CXChildVisit_Continue;
    FeSrc *to = fe_src_of(fe, clang_getIncludedFile(c));
    if (!to) return CXChildVisit_Continue;
    Include *in = ar_alloc(fe->a, sizeof *in);
    in->from = fe->cur;
    in->to = to;
    in->directive = c;
    pv_push(fe->a, ctx[1], in);
    return CXChildVisit_Continue;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Included user files that the translation edits are written translated,
 * to shadow folder, as are the user files that include those: each #include
 * of a translated file names its copy instead (the .cu's through the folder
 * opt->shadow_dir, a copy's as a neighbour in the same folder). */
static void plan_shadows(Fe *fe, const FeOptions *opt)
{
    PtrVec incs = { 0 };
    void *ctx[2] = { fe, &incs };
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_includes, ctx);
    int n = fe->srcs.n;
    char *need = ar_alloc(fe->a, (size_t)n + 1);
    for (int i = 1; i < n; i++) need[i] = ((FeSrc *)fe->srcs.v[i])->f->facts.n > 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < incs.n; i++) {
            Include *in = incs.v[i];
            int from = 0, to = 0;
            for (int j = 0; j < n; j++) {
                if (fe->srcs.v[j] == in->from) from = j;
                if (fe->srcs.v[j] == in->to) to = j;
            }
            if (need[to] && from && !need[from]) need[from] = changed = 1;
        }
    }
    for (int i = 1; i < n; i++) {
        if (!need[i]) continue;
        FeFile *f = ((FeSrc *)fe->srcs.v[i])->f;
        f->shadow = ar_printf(fe->a, "%d_%s", fe->u->includes.n + 1, base_name(f->src.name));
        pv_push(fe->a, &fe->u->includes, f);
    }
    for (int i = 0; i < incs.n; i++) {
        Include *in = incs.v[i];
        if (!in->to->f->shadow) continue;
        fe_enter_src(fe, in->from);
        /* the file name: a string literal, or `<` ... `>` */
        unsigned b, e;
        fe_range(fe, in->directive, &b, &e);
        int last = fe_tok_at(fe, e) - 1;
        if (last < 0 || fe->toks[last].e != e) continue;
        int first = last;
        if (fe_tok_is(fe, last, ">"))
            while (first > 0 && !fe_tok_is(fe, first, "<")) first--;
        const char *dir = in->from == fe->srcs.v[0] ? (opt->shadow_dir ? opt->shadow_dir : "") : "";
        IrFact *f = fe_fact(fe, IRF_INCLUDE, fe->toks[first].b, e);
        f->u.include.dir = dir;
        f->u.include.shadow = in->to->f->shadow;
    }
}


static FeUnit *parse_unit(Arena *a, const char *path, const FeOptions *opt, const char *pch)
{
    Fe fe = { .a = a, .include_dir = opt->include_dir, .rdc = opt->rdc, .lockstep_plain = opt->lockstep_plain };
    fe.u = ar_alloc(a, sizeof *fe.u);
    fe.u->main.src.name = ar_strdup(a, path);
    fe.u->main.src.text = fe_read_file(a, path, &fe.u->main.src.len);
    if (!fe.u->main.src.text) {
        fprintf(stderr, "cucpu: error: cannot read '%s'\n", path);
        return NULL;
    }
    diag_set_file(&fe.u->main.src);
    CXIndex index = clang_createIndex(0, 0);
    enum CXErrorCode rc = parse_tu(&fe, index, path, opt, pch);
    if (rc != CXError_Success) {
        fprintf(stderr, "cucpu: error: libclang could not parse '%s' (code %d)\n", path, (int)rc);
        clang_disposeIndex(index);
        return NULL;
    }
    fe.main = clang_getFile(fe.tu, path);
    FeSrc *main_src = ar_alloc(a, sizeof *main_src);
    main_src->f = &fe.u->main;
    main_src->cx = fe.main;
    pv_push(a, &fe.srcs, main_src);
    fe_tokenize(&fe, main_src);
    fe_enter_src(&fe, main_src);
    FeUnit *u = fe.u;
    if (clang_getNumDiagnostics(fe.tu) && join_chevrons(&fe)) fe_enter_src(&fe, main_src);
    if (report_clang(&fe) == 0) {
        fe_collect_funcs(&fe);
        fe_collect_launches(&fe);
        lower_kernels(&fe);
        fe_host_facts(&fe);
        fe_enter_src(&fe, main_src);
        fe_find_team_loops(&fe);
        plan_shadows(&fe, opt);
    }
    clang_disposeTranslationUnit(fe.tu);
    clang_disposeIndex(index);
    return diag_error_count() ? NULL : u;
}
