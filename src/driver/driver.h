/*
 * driver.h: the driver stage (drv_). The command line (main.c, options.c,
 * options.def) turns nvcc-style arguments into a DrvJob; toolchain.c runs the
 * host compiler and linker; translate.c runs one .cu file through
 * frontend -> passes -> codegen.
 */
#ifndef CUCPU_DRIVER_H
#define CUCPU_DRIVER_H

#include <stddef.h>
#include <stdio.h>

/* One translation of a .cu file into C or C++ with OpenMP. */
typedef struct DrvTranslate {
    const char *input;        /* the .cu file */
    const char *output;       /* file to write; "-" is stdout */
    const char *include_dir;  /* cucpu's CUDA headers (include/) */
    const char **cflags;      /* -I -D -U -std ... forwarded to libclang */
    int ncflags;
    int rdc;                  /* -rdc=true or -dc (FeOptions.rdc) */
    const char **xflags;      /* translator flags, verbatim: --emit-ir,
                                 --passes=..., -fno-<pass>, -fcpuify=...,
                                 --print-ir-after-all, --print-ir-after=P,
                                 --report=FILE */
    int nxflags;
} DrvTranslate;

/*
 * Translates t->input into t->output, which is C++ (every .cu is C++, as
 * with nvcc: its functions get C++ linkage and its inline functions C++
 * semantics, even when the file is also valid C). Returns 0 on success.
 * On a user error prints `file:line:col: error: ...` diagnostics, leaves
 * no output file behind and returns 1.
 */
int drv_translate(const DrvTranslate *t);
/* inproc.c: translates input to output as `cucpu --emit-source` would
 * (plus the translator flags xflags), in a process that may translate many
 * files. Returns drv_translate's code: 0, or 1 after diagnostics. */
int drv_translate_inproc(const char *input, const char *output, const char **xflags, int nxflags);

/* Returns 1 when flag is a translator flag that drv_translate understands. */
int drv_is_translator_flag(const char *flag);

/* ---- The command line (options.c, options.def) ---- */

/* A growable argument vector; v is NULL-terminated for execvp. */
typedef struct DrvArgs {
    const char **v;
    int n, cap;
} DrvArgs;

typedef enum DrvMode {
    DRV_MODE_LINK,        /* default: build an executable */
    DRV_MODE_COMPILE,     /* -c -dc -dw: one object per input */
    DRV_MODE_EMIT_SOURCE, /* --emit-source, -cuda: translated source only */
    DRV_MODE_EMIT_IR,     /* --emit-ir: the translator prints IR */
    DRV_MODE_PREPROCESS,  /* -E: host preprocessor on translated source */
    DRV_MODE_DLINK,       /* -dlink: an empty object */
    DRV_MODE_LIB,         /* -lib: a static library */
    DRV_MODE_DEPS         /* -M -MM: Make dependencies only */
} DrvMode;

typedef enum DrvInputKind {
    DRV_IN_CU,   /* translated, then compiled */
    DRV_IN_C,    /* compiled with the C compiler */
    DRV_IN_CXX,  /* compiled with the C++ compiler */
    DRV_IN_LINK  /* .o .a .so: given to the linker */
} DrvInputKind;

typedef struct DrvInput {
    const char *path;
    DrvInputKind kind;
    int by_extension;  /* while parsing: no -x, kind comes from the name */
} DrvInput;

/* Everything the command line asked for. */
typedef struct DrvJob {
    DrvMode mode;
    DrvInput *inputs;
    int ninputs;
    const char *output;   /* -o, or NULL */
    const char *opt;      /* "-O2" unless -O given */
    const char *std;      /* the user's -std value ("c++14"), or NULL */
    const char *ccbin;    /* -ccbin, or NULL */
    DrvArgs cflags;       /* -I -D -U -isystem -include: translator and host */
    DrvArgs xflags;       /* translator flags, in order */
    DrvArgs hostflags;    /* -g, -Xcompiler, forwarded flags: host compiles */
    DrvArgs linkflags;    /* -L -l -Xlinker -shared: the link */
    DrvArgs runargs;      /* -run-args, for -run */
    const char *dep_kind;   /* "-M" or "-MM" under -M -MM -MD -MMD, or NULL */
    const char *dep_file;   /* -MF */
    const char *dep_target; /* -MT */
    int dep_phony;          /* -MP */
    const char *odir;       /* -odir: folder of default objects and of
                               dependency targets */
    int fmad;               /* -fmad (default 1): FMA contraction in kernels */
    int rdc;                /* -rdc=true or -dc: relocatable device code */
    int device_debug;       /* -G: kernels at -O0 with -g */
    const char *keep_dir;   /* -keep-dir: where the temporary folder goes */
    const char *report_profile; /* --report-profile: a profile for --report */
    int verbose, dryrun, keep, run;
    int arch;               /* -arch/-gencode: 750 for sm_75; 0 if none */
} DrvJob;

/* Appends s (not copied) to a. Dies on out-of-memory. */
void drv_args_push(DrvArgs *a, const char *s);
/* Frees what drv_parse_args allocated for job. */
void drv_job_free(DrvJob *job);

/* Appends every element of b to a. */
void drv_args_append(DrvArgs *a, const DrvArgs *b);

/* Prints `cucpu fatal   : <msg>` to stderr and exits 1 (after cleanup). */
_Noreturn void drv_fatal(const char *fmt, ...);
/* Strings the driver builds (paths, command arguments) live until it exits:
 * they come from one arena, reachable to the end, never freed one by one.
 * drv_strf formats; drv_strndup copies at most n bytes. Both die on OOM. */
char *drv_strf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *drv_strndup(const char *s, size_t n);

/* optfile.c: replaces each --options-file/-optf F (a comma list) in
 * *argc and *argv by the words of the files; dies on a file it cannot read. */
void drv_expand_option_files(int *argc, char ***argv);
/* Appends the words of text, split as a POSIX shell splits them (quotes
 * and backslashes, no expansions), to out. */
void drv_split_words(const char *text, DrvArgs *out);

/* ---- The --report (report.c, report_store.c, report_html.c) ---- */

struct IrKernel;
struct cJSON;
/* The diagnostics of one translation, collected for its report entry. */
typedef struct DrvReportLog DrvReportLog;
/* Starts collecting every diagnostic (diag_set_sink) into a new log. */
DrvReportLog *drv_report_log(void);
/* Merges the entry of file into the report at path: whether it was
 * translated, what each kernel became and what each pass did, and log's
 * diagnostics (log is freed and collecting stops). Returns 0, or 1 after a
 * message when the report cannot be written. */
int drv_write_report(const char *path, const char *file, int translated, const char *schedule,
                     const char *const *passes, int npasses, struct IrKernel *const *kernels,
                     int nkernels, DrvReportLog *log);
/* Merges entry (an object with "file"; taken over) into the report at
 * path, replacing the entry of the same file: under a lock, so that
 * several cucpu processes may share one report. The report is
 * {"files": [...], "profile": {...}}, written as JSON, or as an HTML page
 * that embeds it when path ends in .html. Returns 0, or 1 after a message. */
int drv_report_store(const char *path, struct cJSON *entry);
/* Adds the CUCPU_PROFILE=json:FILE profile at profile to the report at
 * path (the HTML page plots it). Returns 0, or 1 after a message. */
int drv_report_add_profile(const char *path, const char *profile);
/* Records, in file's entry of the report at path, the source lines of
 * loops that the host compiler vectorized. */
int drv_report_add_vectorized(const char *path, const char *file, const int *lines, int n);
/* Writes the report root as an HTML page to f (report_html.c). */
void drv_report_html(FILE *f, const struct cJSON *root);
/* The --report=FILE of the job's translator flags, or NULL. */
const char *drv_report_path(const DrvJob *job);
/* report_plot.c: the profile's plots (nothing without a profile). */
void drv_report_plots(FILE *f, const struct cJSON *root);
/* Writes s to f escaped for HTML text and attribute values. */
void drv_html_text(FILE *f, const char *s);
/* vecinfo.c: the lines of file that GCC's -fopt-info-vec-optimized
 * output optinfo says have a vectorized loop, in a new array *lines
 * (free it); returns how many. */
int drv_vectorized_lines(const char *optinfo, const char *file, int **lines);

/* ---- Batch mode (compdb.c, batch.c) ---- */

/* One CUDA entry of a compilation database, as a cucpu command. */
typedef struct DrvBatchEntry {
    const char *dir;   /* the entry's "directory": the command runs there */
    const char *file;  /* its "file", as the entry names it */
    DrvArgs argv;      /* the command: self, then the arguments */
} DrvBatchEntry;

/* Reads the compilation database at path and returns how many of its
 * entries are CUDA entries, with their commands (self and the entry's
 * arguments, then extra) in a new array *entries; *total gets the number
 * of all entries. Dies on a file it cannot read, JSON that does not parse
 * (`path:line:col: error:`) or an entry without directory, file or
 * command. */
int drv_read_compdb(const char *path, const char *self, const DrvArgs *extra,
                    DrvBatchEntry **entries, int *total);

/* cucpu --batch FILE [-j N] [options]: runs every CUDA entry of FILE with
 * the options added, N at a time, with progress and a summary. Returns the
 * exit status: 1 when an entry failed. */
int drv_batch_main(int argc, char **argv);

/* Parses argv into *job; prints help/version and exits for -h/-V; dies on
 * unknown options or missing input files with nvcc's wording. */
void drv_parse_args(int argc, char **argv, DrvJob *job);

/* ---- Predefined macros (predef.c) ---- */

/* The CUDA release whose nvcc cucpu stands in for (__CUDACC_VER_*__,
 * --version; cuda_runtime_api.h's CUDART_VERSION 12000 says the same). */
#define DRV_CUDA_MAJOR 12
#define DRV_CUDA_MINOR 0
#define DRV_CUDA_BUILD 76

/* Records the architecture that an -arch (is_gencode 0) or -gencode value
 * names; the lowest one given is kept. */
void drv_note_arch(DrvJob *job, const char *val, int is_gencode);
/* The architecture the compile targets: 750 for sm_75 (the default). */
int drv_arch(const DrvJob *job);
/* Appends the -D/-U flags that nvcc's predefined macros and the user's
 * OpenMP choice call for, for the translator's parse (for_translator 1)
 * or a host compile (0). They go before the user's -D/-U. */
void drv_predefines(const DrvJob *job, DrvArgs *out, int for_translator);

/* ---- The toolkit cucpu presents (toolkit.c) ---- */

/* Where cucpu's headers and libcucpu_rt.a are, installed layout first. */
const char *drv_include_dir(void);
const char *drv_lib_dir(void);
/* The cache of precompiled preludes (frontend/prelude.c), NULL for none:
 * $CUCPU_PRELUDE_DIR ("" turns it off), $XDG_CACHE_HOME/cucpu or
 * $HOME/.cache/cucpu. */
const char *drv_prelude_dir(void);
/* The CUDA-toolkit-shaped folder (nvcc's TOP): the install prefix, or the
 * build tree. Its lib/ holds the libcudart stand-ins. */
const char *drv_toolkit_root(void);
/* Appends what every link adds after the user's objects and libraries:
 * -L<root>/lib, libcucpu_rt.a, the host compiler's OpenMP runtime, -lm.
 * nvcc -v prints the same words as LIBRARIES=. */
void drv_runtime_libs(const DrvJob *job, DrvArgs *out);
/* Prints nvcc's -v environment lines (TOP=, INCLUDES=, LIBRARIES=, ...) to
 * stderr, which CMake reads to learn the toolkit and the link line. */
void drv_print_env(const DrvJob *job);

/* ---- The host toolchain (toolchain.c) ---- */

/* Creates (once) and returns the temporary directory; removed at exit
 * unless job->keep. */
const char *drv_tmpdir(const DrvJob *job);

/* Returns a fresh path "<tmpdir>/<base of src><suffix>" (never reused). */
const char *drv_tmpfile(const DrvJob *job, const char *src, const char *suffix);

/* Records that this run is writing path, so drv_fatal/failure removes it.
 * Only regular files are ever removed: a directory or device named by -o
 * is left alone. */
void drv_claim_output(const char *path);

/* Removes every claimed output file (used on failure). */
void drv_remove_outputs(void);

/* Prints cmd to stderr as nvcc -v does: "#$ " and shell-quoted words. */
void drv_echo(const DrvArgs *cmd);
/* Prints the words to stderr, shell-quoted, separated by blanks. */
void drv_print_words(const DrvArgs *words);
/* "-lgomp" for GCC, "-lomp" for Clang, else NULL: the OpenMP runtime that
 * the host C++ compiler's -fopenmp links. */
const char *drv_openmp_lib(const DrvJob *job);
/* 1 when the host C++ compiler is GCC (after wrappers and links). */
int drv_host_is_gcc(const DrvJob *job);
/* The -I/-D/-U flags that the host C++ compiler adds by itself when it is
 * an MPI wrapper (mpicxx -show), for the translator's parse; none else. */
void drv_host_wrapper_cflags(const DrvJob *job, DrvArgs *out);

/* Runs cmd (printing it under -v or --dryrun; not running it under
 * --dryrun). Returns the exit status, 0 for success. */
int drv_run(const DrvJob *job, const DrvArgs *cmd);

/* drv_run for the program -run starts: in cucpu's own process group, so
 * that it may use the terminal. */
int drv_run_program(const DrvJob *job, const DrvArgs *cmd);

/* Compiles src into obj. kind is DRV_IN_C or DRV_IN_CXX for a source as
 * given, DRV_IN_CU for a translated .cu (C++, kernels built as nvcc builds
 * device code: see push_kernel_flags); srcdir is added with -iquote when
 * the file was translated into the temporary directory. Returns 0/1. */
int drv_compile(const DrvJob *job, const char *src, DrvInputKind kind,
                const char *srcdir, const char *obj);

/* Runs the host preprocessor on src, writing to out ("-" is stdout). */
int drv_preprocess(const DrvJob *job, const char *src, DrvInputKind kind,
                   const char *srcdir, const char *out);

/* Writes Make dependencies of in as the rule `target : in headers...` to
 * depfile ("-" or NULL: stdout), in nvcc's layout; the host preprocessor
 * finds the headers (as C++ for a .cu). */
int drv_depend(const DrvJob *job, const DrvInput *in, const char *target,
               const char *depfile);

/* ---- Make dependencies (deps.c) ---- */

/* The target drv_depend asks the host preprocessor for, then replaces. */
#define DRV_DEP_MARK "cucpu-dependency-target"

/* Rewrites raw, a rule for DRV_DEP_MARK as gcc -M writes it, into out ("-"
 * is stdout) as nvcc writes it: `target : source \`, then one header per
 * line indented by four spaces; with phony, an empty rule per header (-MP).
 * Returns 0, or 1 after a message when raw cannot be read or out written. */
int drv_write_deps(const char *raw, const char *target, int phony,
                   const char *out);

/* Links objs into out with libcucpu_rt (C++ linker when use_cxx). */
int drv_link(const DrvJob *job, const DrvArgs *objs, int use_cxx,
             const char *out);

/* Archives objs into the static library out. */
int drv_archive(const DrvJob *job, const DrvArgs *objs, const char *out);

#endif
