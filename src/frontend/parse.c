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

static char *read_file(Arena *a, const char *path, size_t *len)
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
            SrcLoc loc = { fe->u->src.name, line, col, off };
            if (f && !clang_File_isEqual(f, fe->main)) loc.file = fe_cxstr(fe, clang_getFileName(f));
            char *msg = fe_cxstr(fe, clang_getDiagnosticSpelling(d));
            diag_error(loc, "%s", msg);
            errors++;
        }
        clang_disposeDiagnostic(d);
    }
    return errors;
}

static const char **clang_args(Arena *a, const FeOptions *opt, int *n)
{
    static const char *const fixed[] = { "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
        "--cuda-path=/nonexistent-cuda", "-Wno-unknown-cuda-version", "-Wno-everything",
        "-include", "cuda_runtime.h", "-std=c++17", "-D__CUCPU__=1", "-D__CUDACC__=1", "-D__NVCC__=1" };
    int nf = (int)(sizeof fixed / sizeof *fixed);
    const char **v = ar_alloc(a, sizeof(char *) * (size_t)(nf + opt->ncflags + 2));
    int k = 0;
    for (int i = 0; i < nf; i++) v[k++] = fixed[i];
    v[k++] = ar_printf(a, "-I%s", opt->include_dir);
    for (int i = 0; i < opt->ncflags; i++) v[k++] = opt->cflags[i];
    *n = k;
    return v;
}

static int cmp_edit(const void *a, const void *b)
{
    const FeEdit *x = *(FeEdit *const *)a, *y = *(FeEdit *const *)b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    int xi = x->kind == ED_INSERT, yi = y->kind == ED_INSERT;
    if (xi != yi) return xi ? -1 : 1;
    return (x->end < y->end) - (x->end > y->end);   /* enclosing edits first */
}

static void lower_kernels(Fe *fe)
{
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (!f->is_kernel || clang_Cursor_isNull(f->def)) continue;
        IrKernel *k = fe_lower_kernel(fe, f);
        fe_mark_distinct(fe, f, k);
        f->ir = k;
        k->launch_args = fe_launch_args(fe, f, k);
        pv_push(fe->a, &fe->u->kernels, k);
        FeEdit *ed = ar_alloc(fe->a, sizeof *ed);
        ed->kind = ED_KERNEL;
        ed->begin = k->body_begin;
        ed->end = k->body_end;
        ed->kernel = k;
        pv_push(fe->a, &fe->u->edits, ed);
    }
}

static FeUnit *parse_unit(Arena *a, const char *path, const FeOptions *opt);

typedef struct ParseJob { Arena *a; const char *path; const FeOptions *opt; FeUnit *u; } ParseJob;

static void *parse_job(void *p)
{
    ParseJob *j = p;
    j->u = parse_unit(j->a, j->path, j->opt);
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
    ParseJob j = { a, path, opt, NULL };
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, PARSE_STACK) == 0 &&
        pthread_create(&t, &attr, parse_job, &j) == 0) {
        pthread_join(t, NULL);
        pthread_attr_destroy(&attr);
        return j.u;
    }
    return parse_unit(a, path, opt);   /* no thread: the stack we have */
}

static FeUnit *parse_unit(Arena *a, const char *path, const FeOptions *opt)
{
    Fe fe = { .a = a };
    fe.u = ar_alloc(a, sizeof *fe.u);
    fe.u->src.name = ar_strdup(a, path);
    fe.u->src.text = read_file(a, path, &fe.u->src.len);
    if (!fe.u->src.text) {
        fprintf(stderr, "cucpu: error: cannot read '%s'\n", path);
        return NULL;
    }
    diag_set_file(&fe.u->src);
    int nargs;
    const char **args = clang_args(a, opt, &nargs);
    CXIndex index = clang_createIndex(0, 0);
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, path, args, nargs, NULL, 0,
        CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing, &fe.tu);
    if (rc != CXError_Success) {
        fprintf(stderr, "cucpu: error: libclang could not parse '%s' (code %d)\n", path, (int)rc);
        clang_disposeIndex(index);
        return NULL;
    }
    fe.main = clang_getFile(fe.tu, path);
    FeUnit *u = fe.u;
    if (report_clang(&fe) == 0) {
        fe_tokenize(&fe);
        fe_collect_funcs(&fe);
        fe_collect_launches(&fe);
        lower_kernels(&fe);
        fe_host_edits(&fe);
        fe_find_team_loops(&fe);
        if (u->edits.n > 1) qsort(u->edits.v, (size_t)u->edits.n, sizeof(void *), cmp_edit);
    }
    clang_disposeTranslationUnit(fe.tu);
    clang_disposeIndex(index);
    return diag_error_count() ? NULL : u;
}
