/*
 * main.c: cucpu, a drop-in nvcc for the CPU. Reads the command line
 * (options.c), then runs one of the phases below, nvcc-style:
 *
 *   link (default)  every input to an object in the temporary directory,
 *                   then one link with libcucpu_rt into -o (a.out)
 *   -c              one object per input: -o, or <base>.o in the cwd (or
 *                   in -odir)
 *   --emit-source   the translated C++: -o, or <base>.cpu.cpp
 *   --emit-ir       the translator prints IR to -o or stdout
 *   -E              the host preprocessor's view of the translated source
 *   -lib, -dlink    a static library; an empty device-link object
 *   -M, -MM         Make dependencies (-MD/-MMD: along with -c), found by
 *                   the host preprocessor reading the .cu as C++
 *   --batch FILE    every CUDA entry of a compile_commands.json (batch.c)
 *
 * A .cu input goes through drv_translate() into the temporary directory and
 * is compiled from there (with -iquote <its folder>, so its quoted includes
 * resolve as before); .c/.cpp inputs go straight to the host compiler.
 * On any failure the outputs this run began are removed and cucpu exits 1.
 */
#define _GNU_SOURCE
#include "driver/driver.h"
#include "ir/names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *self;  /* argv[0], for the -v echo of translations */

/* Returns "<basename of path without its extension><suffix>". */
static char *base_with(const char *path, const char *suffix)
{
    const char *slash = strrchr(path, '/');
    const char *b = slash ? slash + 1 : path;
    const char *dot = strrchr(b, '.');
    int n = dot && dot != b ? (int)(dot - b) : (int)strlen(b);
    return drv_strf("%.*s%s", n, b, suffix);
}

/* Returns the folder of path ("." when it has none). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return ".";
    if (slash == path)
        return "/";
    return drv_strndup(path, (size_t)(slash - path));
}

/* Removes what this run started to write and exits 1. */
static _Noreturn void fail(void)
{
    drv_remove_outputs();
    exit(1);
}

/* ---- Translation ---- */

/* Prints the translation as the equivalent cucpu command under -v. It
 * names the architecture as nvcc's cicc line does (`-arch compute_75`),
 * where CMake looks for the default CMAKE_CUDA_ARCHITECTURES. */
static void echo_translate(const DrvJob *job, const DrvTranslate *t)
{
    DrvArgs cmd = {0};
    if (!job->verbose && !job->dryrun)
        return;
    drv_args_push(&cmd, self);
    drv_args_push(&cmd, "--emit-source");
    drv_args_push(&cmd, "-arch");
    drv_args_push(&cmd, drv_strf("compute_%d", drv_arch(job) / 10));
    if (t->rdc)
        drv_args_push(&cmd, "-rdc=true");
    for (int i = 0; i < t->nxflags; i++)
        drv_args_push(&cmd, t->xflags[i]);
    for (int i = 0; i < t->ncflags; i++)
        drv_args_push(&cmd, t->cflags[i]);
    drv_args_push(&cmd, t->input);
    drv_args_push(&cmd, "-o");
    drv_args_push(&cmd, t->output);
    drv_echo(&cmd);
    free(cmd.v);
}

/* The translator's -I/-D/-U/... flags plus -std=, built once. */
static const DrvArgs *translator_cflags(const DrvJob *job)
{
    static DrvArgs cflags;
    static int done;
    if (!done) {
        drv_predefines(job, &cflags, 1);
        drv_args_append(&cflags, &job->cflags);
        drv_host_wrapper_cflags(job, &cflags);
        if (job->std) {
            drv_args_push(&cflags, drv_strf("-std=%s", job->std));
        }
        done = 1;
    }
    return &cflags;
}

/* Runs drv_translate on input into out. Returns 0, or 1 on failure.
 * Under --dryrun nothing runs. */
static int translate(const DrvJob *job, const char *input, const char *out)
{
    const DrvArgs *cf = translator_cflags(job);
    DrvTranslate t = {input, out, drv_include_dir(), cf->v, cf->n, job->rdc,
                      job->xflags.v, job->xflags.n};
    echo_translate(job, &t);
    return job->dryrun ? 0 : drv_translate(&t) != 0;
}

/* Translates a .cu into the temporary directory. Returns the path of the
 * translated file (C++, ending in .cpp); fails on error. */
static const char *translate_to_tmp(const DrvJob *job, const char *input)
{
    const char *out = drv_tmpfile(job, input, ".cpp");
    if (translate(job, input, out))
        fail();
    return out;
}

/* ---- Objects ---- */

/* Compiles the translated .cu src of input in into obj, with GCC's notes
 * on vectorized loops going into the --report. */
static int compile_reported(const DrvJob *job, const DrvInput *in, const char *src,
                            const char *obj, const char *report)
{
    DrvJob with = *job;
    DrvArgs flags = {0};
    const char *notes = drv_tmpfile(job, in->path, ".vec.txt");
    drv_args_append(&flags, &job->hostflags);
    drv_args_push(&flags, drv_strf("-fopt-info-vec-optimized=%s", notes));
    with.hostflags = flags;
    int rc = drv_compile(&with, src, in->kind, dir_of(in->path), obj);
    free(flags.v);
    if (rc || job->dryrun)
        return rc;
    int *lines, n = drv_vectorized_lines(notes, in->path, &lines);
    rc = drv_report_add_vectorized(report, in->path, lines, n);
    free(lines);
    return rc;
}

/* Compiles one source input into obj. Sets *used_cxx when C++ was used. */
static void build_object(const DrvJob *job, const DrvInput *in,
                         const char *obj, int *used_cxx)
{
    const char *src = in->path, *srcdir = NULL, *report = drv_report_path(job);
    if (in->kind == DRV_IN_CU) {
        src = translate_to_tmp(job, in->path);
        srcdir = dir_of(in->path);
    }
    *used_cxx |= in->kind != DRV_IN_C;
    drv_claim_output(obj);
    if (in->kind == DRV_IN_CU && report && drv_host_is_gcc(job)) {
        if (compile_reported(job, in, src, obj, report))
            fail();
    } else if (drv_compile(job, src, in->kind, srcdir, obj))
        fail();
}

/* Every input as an object in *objs: sources compiled to temporaries,
 * .o/.a/.so as given. Returns 1 when the link needs C++. */
static int objects_of(const DrvJob *job, DrvArgs *objs)
{
    int used_cxx = 0;
    for (int i = 0; i < job->ninputs; i++) {
        const DrvInput *in = &job->inputs[i];
        if (in->kind == DRV_IN_LINK) {
            drv_args_push(objs, in->path);
            used_cxx = 1;  /* we cannot tell; C++ linking is always safe */
            continue;
        }
        const char *obj = drv_tmpfile(job, in->path, ".o");
        build_object(job, in, obj, &used_cxx);
        drv_args_push(objs, obj);
    }
    return used_cxx;
}

/* ---- The phases ---- */

/* Default: compile everything, link with the runtime into -o or a.out. */
static void do_link(const DrvJob *job)
{
    DrvArgs objs = {0};
    int use_cxx = objects_of(job, &objs);
    const char *out = job->output ? job->output : "a.out";
    drv_claim_output(out);
    if (drv_link(job, &objs, use_cxx, out))
        fail();
    free(objs.v);
}

/* -run: runs the program just built with the -run-args. Exits with its
 * status. */
static _Noreturn void run_program(const DrvJob *job)
{
    DrvArgs cmd = {0};
    const char *out = job->output ? job->output : "a.out";
    drv_args_push(&cmd, drv_strf("%s%s", strchr(out, '/') ? "" : "./", out));
    drv_args_append(&cmd, &job->runargs);
    exit(drv_run_program(job, &cmd));
}

/* "<odir>/name", or name without -odir. */
static const char *in_odir(const DrvJob *job, const char *name)
{
    return job->odir ? drv_strf("%s/%s", job->odir, name) : name;
}

/* The target of in's dependency rule, as nvcc names it: -MT, else -o, else
 * <base>.o; under -odir always inside that folder. */
static const char *dep_target(const DrvJob *job, const DrvInput *in)
{
    const char *t = job->dep_target;
    if (!t)
        t = job->output && job->mode != DRV_MODE_DEPS ? job->output
                                                        : base_with(in->path, ".o");
    return in_odir(job, t);
}

/* -MD/-MMD: the dependencies of in, whose object is obj, go to -MF or to
 * obj with its extension replaced by .d. */
static void compile_deps(const DrvJob *job, const DrvInput *in, const char *obj)
{
    const char *dfile = job->dep_file;
    if (!dfile) {
        const char *slash = strrchr(obj, '/');
        int n = slash ? (int)(slash - obj + 1) : 0;
        dfile = drv_strf("%.*s%s", n, obj, base_with(obj, ".d"));
    }
    drv_claim_output(dfile);
    if (drv_depend(job, in, dep_target(job, in), dfile))
        fail();
}

/* -c: one object per source input (and its .d under -MD/-MMD): -o, else
 * <base>.o in -odir or the current folder. */
static void do_compile(const DrvJob *job)
{
    int used_cxx = 0;
    for (int i = 0; i < job->ninputs; i++) {
        const DrvInput *in = &job->inputs[i];
        if (in->kind == DRV_IN_LINK)
            continue;
        const char *obj = job->output ? job->output : in_odir(job, base_with(in->path, ".o"));
        build_object(job, in, obj, &used_cxx);
        if (job->dep_kind)
            compile_deps(job, in, obj);
    }
}

/* -M/-MM: dependencies of each source to -MF, -o or stdout; target
 * <base>.o unless -MT (in -odir when given). */
static void do_deps(const DrvJob *job)
{
    const char *dfile = job->dep_file ? job->dep_file : job->output;
    for (int i = 0; i < job->ninputs; i++) {
        const DrvInput *in = &job->inputs[i];
        if (in->kind == DRV_IN_LINK)
            continue;
        if (dfile)
            drv_claim_output(dfile);
        if (drv_depend(job, in, dep_target(job, in), dfile))
            fail();
    }
}

/* -lib: objects archived into -o or a.a. */
static void do_lib(const DrvJob *job)
{
    DrvArgs objs = {0};
    objects_of(job, &objs);
    const char *out = job->output ? job->output : "a.a";
    drv_claim_output(out);
    if (drv_archive(job, &objs, out))
        fail();
    free(objs.v);
}

/* -dlink: nothing to link on a CPU; an empty object keeps Makefiles going. */
static void do_dlink(const DrvJob *job)
{
    const char *src = drv_tmpfile(job, "dlink", ".c");
    const char *out = job->output ? job->output : "a_dlink.o";
    FILE *f = fopen(src, "w");
    if (!f || fprintf(f, "typedef int %s;\n", NM(DLINK_EMPTY)) < 0 || fclose(f))
        drv_fatal("Could not write '%s'", src);
    drv_claim_output(out);
    if (drv_compile(job, src, DRV_IN_C, NULL, out))
        fail();
}

/* --emit-source / -cuda: the translated source of each .cu. */
static void do_emit_source(const DrvJob *job)
{
    for (int i = 0; i < job->ninputs; i++) {
        const DrvInput *in = &job->inputs[i];
        if (in->kind != DRV_IN_CU)
            continue;
        const char *out = job->output ? job->output : base_with(in->path, ".cpu.cpp");
        drv_claim_output(out);
        /* straight to the output (the translator writes through a temporary
         * file and rename): translated included files go beside it, in
         * <out>.inc/, where its #include lines name them */
        if (translate(job, in->path, out))
            fail();
    }
}

/* --emit-ir: the translator writes the IR to -o or stdout itself. */
static void do_emit_ir(const DrvJob *job)
{
    const char *out = job->output ? job->output : "-";
    for (int i = 0; i < job->ninputs; i++) {
        if (job->inputs[i].kind != DRV_IN_CU)
            continue;
        drv_claim_output(out);
        if (translate(job, job->inputs[i].path, out))
            fail();
    }
}

/* -E: the host preprocessor on each (translated) source, to -o or stdout. */
static void do_preprocess(const DrvJob *job)
{
    const char *out = job->output ? job->output : "-";
    for (int i = 0; i < job->ninputs; i++) {
        const DrvInput *in = &job->inputs[i];
        const char *src = in->path, *srcdir = NULL;
        if (in->kind == DRV_IN_LINK)
            continue;
        if (in->kind == DRV_IN_CU) {
            src = translate_to_tmp(job, in->path);
            srcdir = dir_of(in->path);
        }
        drv_claim_output(out);
        if (drv_preprocess(job, src, in->kind, srcdir, out))
            fail();
    }
}

/* Non-link phases write one file per input: -o needs a single input. */
static void check_single_output(const DrvJob *job)
{
    int sources = 0;
    for (int i = 0; i < job->ninputs; i++)
        sources += job->inputs[i].kind != DRV_IN_LINK;
    if (job->output && sources > 1 &&
        (job->mode == DRV_MODE_COMPILE || job->mode == DRV_MODE_EMIT_SOURCE ||
         job->mode == DRV_MODE_DEPS ||
         job->mode == DRV_MODE_PREPROCESS || job->mode == DRV_MODE_EMIT_IR))
        drv_fatal("A single input file is required for a non-link phase "
                  "when an outputfile is specified");
}

/* Refuses an output that is an input (--emit-source a.cu -o a.cu would
 * overwrite the source) or a directory (a failed link must not touch it),
 * before anything is written. */
static void check_outputs(const DrvJob *job)
{
    const char *outs[] = {job->output, job->dep_file};
    for (size_t k = 0; k < sizeof outs / sizeof *outs; k++) {
        struct stat so, si;
        if (!outs[k] || !strcmp(outs[k], "-") || stat(outs[k], &so) != 0)
            continue;
        if (S_ISDIR(so.st_mode))
            drv_fatal("Output file '%s' is a directory", outs[k]);
        for (int i = 0; i < job->ninputs; i++)
            if (stat(job->inputs[i].path, &si) == 0 && si.st_dev == so.st_dev &&
                si.st_ino == so.st_ino)
                drv_fatal("Output file '%s' is the input file '%s'", outs[k],
                          job->inputs[i].path);
    }
}

/* --report-profile FILE: the profile goes into the --report. Returns 0;
 * fails on error. */
static int add_profile(const DrvJob *job)
{
    const char *report = drv_report_path(job);
    if (!report)
        drv_fatal("--report-profile needs --report=FILE");
    if (!job->dryrun && drv_report_add_profile(report, job->report_profile))
        fail();
    return 0;
}

/* 1 when the command line asks for batch mode (--batch FILE). */
static int is_batch(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--batch") || !strncmp(argv[i], "--batch=", 8))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    DrvJob job;
    self = argv[0];
    if (is_batch(argc, argv))
        return drv_batch_main(argc, argv);
    drv_parse_args(argc, argv, &job);
    check_single_output(&job);
    check_outputs(&job);
    if (job.report_profile && add_profile(&job) == 0 && job.ninputs == 0) {
        drv_job_free(&job);
        return 0;
    }
    switch (job.mode) {
    case DRV_MODE_LINK:
        do_link(&job);
        if (job.run)
            run_program(&job);
        break;
    case DRV_MODE_COMPILE: do_compile(&job); break;
    case DRV_MODE_EMIT_SOURCE: do_emit_source(&job); break;
    case DRV_MODE_EMIT_IR: do_emit_ir(&job); break;
    case DRV_MODE_PREPROCESS: do_preprocess(&job); break;
    case DRV_MODE_DLINK: do_dlink(&job); break;
    case DRV_MODE_LIB: do_lib(&job); break;
    case DRV_MODE_DEPS: do_deps(&job); break;
    }
    drv_job_free(&job);
    /* What went to stdout (-E, -M, --emit-ir, --emit-source -o -) must have
     * reached it: a full disk is an error, not a silent success. */
    if (fflush(stdout) != 0 || ferror(stdout))
        drv_fatal("Could not write to standard output");
    return 0;
}
