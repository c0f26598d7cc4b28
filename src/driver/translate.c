/*
 * translate.c: one .cu file through the pipeline:
 *   fe_parse (libclang -> per-thread IR + host edits)
 *   pass_run on each kernel (passes.def)
 *   cg_file (C/C++ + OpenMP), or the IR text with --emit-ir.
 * The output is written to a temporary file and renamed into place, so a
 * failed translation never leaves a partial file behind.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "codegen/cg.h"
#include "driver.h"
#include "passes/passes.h"

typedef struct XOpts {
    int emit_ir;
    int lockstep_plain;       /* --lockstep-plain-memory */
    PassOptions passes;
    CgOptions cg;
    const char *report;
} XOpts;

int drv_is_translator_flag(const char *f)
{
    if (!strcmp(f, "--emit-ir") || !strcmp(f, "--emit-ir=typed") || !strcmp(f, "--print-ir-after-all") ||
        !strcmp(f, "--check") || !strcmp(f, "--reference") || !strcmp(f, "--implicit-barriers") ||
        !strcmp(f, "--lockstep-plain-memory"))
        return 1;
    if (!strncmp(f, "--passes=", 9) || !strncmp(f, "--print-ir-after=", 17) || !strncmp(f, "--report=", 9)) return 1;
    if (!strncmp(f, "-fcpuify=", 9)) return 1;
    if (!strncmp(f, "-fno-", 5) && pass_exists(f + 5)) return 1;
    return 0;
}

/* Checks that every name of the comma list (given as flag) is a pass of
 * passes.def or "none" (the required passes only); a misspelt pass would
 * otherwise run nothing, silently. Returns 0, or 1 after an error that
 * lists the passes. */
static int check_pass_names(const char *flag, const char *list)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, p);
        if (n && (n >= sizeof name || (!pass_exists(name) && strcmp(name, "none")))) {
            fprintf(stderr, "cucpu: error: unknown pass '%.*s' in %s%s\n", (int)n, p, flag, list);
            fputs("cucpu: note: the passes are:\n", stderr);
            pass_print_help(stderr);
            return 1;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

static int parse_xflags(const DrvTranslate *t, XOpts *x)
{
    for (int i = 0; i < t->nxflags; i++) {
        const char *f = t->xflags[i];
        if (!strcmp(f, "--emit-ir")) x->emit_ir = 1;
        else if (!strcmp(f, "--emit-ir=typed")) x->emit_ir = 2;   /* with the typed trees */
        else if (!strcmp(f, "--check")) x->cg.check = 1;
        else if (!strcmp(f, "--reference")) x->cg.reference = 1;
        else if (!strcmp(f, "--implicit-barriers")) x->passes.implicit_barriers = 1;
        else if (!strcmp(f, "--lockstep-plain-memory")) x->lockstep_plain = 1;
        else if (!strcmp(f, "--print-ir-after-all")) x->passes.print_after_all = 1;
        else if (!strncmp(f, "--print-ir-after=", 17)) {
            x->passes.print_after = f + 17;
            if (check_pass_names("--print-ir-after=", f + 17)) return 1;
        } else if (!strncmp(f, "--passes=", 9)) {
            x->passes.pipeline = f + 9;
            if (check_pass_names("--passes=", f + 9)) return 1;
        }
        else if (!strncmp(f, "--report=", 9)) x->report = f + 9;
        else if (!strncmp(f, "-fno-", 5) && x->passes.ndisabled < 32) x->passes.disabled[x->passes.ndisabled++] = f + 5;
        else if (!strncmp(f, "-fcpuify=", 9)) {
            const char *s = f + 9;
            if (!strcmp(s, "inner-serial")) x->cg.schedule = CG_INNER_SERIAL;
            else if (!strcmp(s, "inner-parallel")) x->cg.schedule = CG_INNER_PARALLEL;
            else if (!strcmp(s, "flat")) x->cg.schedule = CG_FLAT;
            else {
                fprintf(stderr, "cucpu: error: unknown schedule '%s' (expected inner-serial, inner-parallel or flat)\n", s);
                return 1;
            }
        } else {
            fprintf(stderr, "cucpu: error: unknown translator flag '%s'\n", f);
            return 1;
        }
    }
    return 0;
}

/* Writes len bytes straight into path: a device or fifo (/dev/null), which
 * a rename would replace by a regular file. */
static int write_special(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    int bad = !f || fwrite(text, 1, len, f) != len;
    if (f) bad |= fclose(f) != 0;
    if (bad) fprintf(stderr, "cucpu: error: cannot write '%s'\n", path);
    return bad;
}

/* Writes len bytes to path through a temporary file (regular files). */
static int write_output(const char *path, const char *text, size_t len)
{
    struct stat st;
    if (strcmp(path, "-") && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return write_special(path, text, len);
    if (!strcmp(path, "-")) {
        if (fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0) return 0;
        fputs("cucpu: error: cannot write to standard output\n", stderr);
        return 1;
    }
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    snprintf(tmp, n, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) { fprintf(stderr, "cucpu: error: cannot write '%s'\n", path); free(tmp); return 1; }
    FILE *f = fdopen(fd, "wb");
    int bad = fwrite(text, 1, len, f) != len;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path)) {
        unlink(tmp);
        fprintf(stderr, "cucpu: error: cannot write '%s'\n", path);
        free(tmp);
        return 1;
    }
    free(tmp);
    return 0;
}

static int emit_ir(const FeUnit *u, const char *out, int typed)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    for (int i = 0; i < u->kernels.n; i++) ir_print_kernel_typed(f, ((IrKernel *)u->kernels.v[i])->src, u->kernels.v[i], typed == 2);
    fclose(f);
    int rc = write_output(out, text, len);
    free(text);
    return rc;
}

/* The translated .cu, and the translated copies of the user files it
 * includes in the folder <output>.inc (see fe.h, FeUnit.includes). */
static int write_files(const char *output, const FeUnit *u, const CgOptions *cg, Arena *a)
{
    if (u->includes.n && !strcmp(output, "-")) {
        const FeFile *f = u->includes.v[0];
        fprintf(stderr, "cucpu: error: '%s' needs translating too: name an output file (-o) to write it beside\n", f->src.name);
        return 1;
    }
    int rc = 0;
    if (u->includes.n) {
        const char *dir = ar_printf(a, "%s.inc", output);
        if (mkdir(dir, 0777) && errno != EEXIST) {
            fprintf(stderr, "cucpu: error: cannot create '%s': %s\n", dir, strerror(errno));
            return 1;
        }
        for (int i = 0; i < u->includes.n && !rc; i++) {
            const FeFile *f = u->includes.v[i];
            Buf b = { 0 };
            cg_file(&b, u, f, cg);
            rc = write_output(ar_printf(a, "%s/%s", dir, f->shadow), b.s, b.n);
            buf_free(&b);
        }
    }
    Buf b = { 0 };
    cg_file(&b, u, &u->main, cg);
    if (!rc) rc = write_output(output, b.s, b.n);
    buf_free(&b);
    return rc;
}

/* Writes the report entry of t: u's kernels, or none when u is NULL (the
 * translation failed); log's diagnostics. Returns 0, or 1 after a message. */
static int write_report(const DrvTranslate *t, const XOpts *x, const FeUnit *u, DrvReportLog *log)
{
    static const char *const sched[] = { "inner-serial", "inner-parallel", "flat" };
    const char *names[64];
    int n = pass_enabled_names(&x->passes, names, 64);
    return drv_write_report(x->report, t->input, u != NULL, sched[x->cg.schedule], names, n,
                            u ? (IrKernel *const *)u->kernels.v : NULL, u ? u->kernels.n : 0, log);
}

int drv_translate(const DrvTranslate *t)
{
    XOpts x = { 0 };
    if (parse_xflags(t, &x)) return 1;
    /* --check runs the required passes only, so that no optimization
     * (forwarding a value, removing a barrier) hides a bug */
    if (x.cg.check) x.passes.pipeline = "none";
    if (x.cg.check && x.cg.reference) {
        fputs("cucpu: error: --check and --reference cannot be combined\n", stderr);
        return 1;
    }
    Arena *a = ar_new();
    /* translated included files go to <output>.inc/, beside the output */
    const char *slash = strrchr(t->output, '/');
    const char *shadow_dir = ar_printf(a, "%s.inc/", slash ? slash + 1 : t->output);
    FeOptions fo = { .include_dir = t->include_dir, .shadow_dir = shadow_dir, .cflags = t->cflags, .ncflags = t->ncflags,
                      .rdc = t->rdc, .prelude_dir = drv_prelude_dir(), .lockstep_plain = x.lockstep_plain };
    /* the report's entry keeps the diagnostics, of a failed file too */
    DrvReportLog *log = x.report ? drv_report_log() : NULL;
    FeUnit *u = fe_parse(a, t->input, &fo);
    int rc = 1, translated = 0;
    if (!u) goto done;
    x.passes.src = &u->main.src;
    /* --reference prints the front end's per-thread program: no pass runs */
    for (int i = 0; i < u->kernels.n && !x.cg.reference; i++)
        if (pass_run(u->kernels.v[i], a, &x.passes)) goto done;
    if (!x.cg.reference) pass_team_loops(&u->loops, x.cg.schedule != CG_INNER_PARALLEL);
    for (int i = 0; i < u->kernels.n && x.cg.reference; i++)
        if (cg_reference_check(u->kernels.v[i])) goto done;
    translated = 1;
    if (x.report && write_report(t, &x, u, log)) {
        log = NULL;
        goto done;
    }
    log = NULL;
    if (x.emit_ir) {
        rc = emit_ir(u, t->output, x.emit_ir);
        goto done;
    }
    rc = write_files(t->output, u, &x.cg, a);
done:
    if (log && !translated)
        write_report(t, &x, NULL, log);
    diag_forget_files();
    ar_free(a);
    return rc;
}
