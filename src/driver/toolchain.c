/*
 * toolchain.c: the host side of the driver. Finds cucpu's headers and
 * runtime library, picks the host C and C++ compilers, owns the temporary
 * directory, and runs the compile, preprocess, link and archive commands.
 *
 * Compilers: cc and c++ by default; CUCPU_CC / CUCPU_CXX replace them (and
 * may hold words, e.g. "ccache gcc"); -ccbin replaces both, naming the C++
 * compiler (or a directory holding g++ and gcc) the way nvcc does.
 *
 * Failure policy: every output file this run starts to write is claimed;
 * drv_fatal() and drv_remove_outputs() delete the claimed files, so a failed
 * build never leaves a partial object or executable behind. The temporary
 * directory goes at exit unless -keep.
 */
#define _GNU_SOURCE
#include "driver/driver.h"
#include "ir/ir.h"
#include "ir/names.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char *tmp_dir;        /* NULL until first needed */
static int tmp_keep;
static int tmp_count;        /* makes temporary names unique */
static DrvArgs claimed;      /* outputs this run has started to write */
static volatile pid_t child;  /* the command running, or 0 */
static volatile int child_group;  /* 1 when it leads a process group */

/* The arena of drv_strf and drv_strndup, made on first use. */
static Arena *strings(void)
{
    static Arena *a;
    if (!a)
        a = ar_new();
    return a;
}

char *drv_strf(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    char *s = ar_vprintf(strings(), f, ap);
    va_end(ap);
    return s;
}

char *drv_strndup(const char *s, size_t n)
{
    return ar_strndup(strings(), s, strnlen(s, n));
}

void drv_fatal(const char *f, ...)
{
    va_list ap;
    fputs("cucpu fatal   : ", stderr);
    va_start(ap, f);
    vfprintf(stderr, f, ap);
    va_end(ap);
    fputc('\n', stderr);
    drv_remove_outputs();
    exit(1);
}

/* 1 when path is a directory (-ccbin names a folder or a compiler). */
static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- Temporary files and claimed outputs ---- */

static int rm_entry(const char *path, const struct stat *st, int flag,
                    struct FTW *ftw)
{
    (void)st; (void)flag; (void)ftw;
    remove(path);
    return 0;
}

/* atexit: removes the temporary directory, or says where it was kept. */
static void tmp_cleanup(void)
{
    if (!tmp_dir)
        return;
    if (tmp_keep)
        fprintf(stderr, "cucpu: keeping temporary files in %s\n", tmp_dir);
    else
        nftw(tmp_dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    tmp_dir = NULL;
}

/* Stops the running command's process group (the host compiler and what it
 * started: cc1plus, as, ld) with sig, so that nothing writes an output after
 * it was removed; a command that ignores sig for 2 s is killed. Only
 * async-signal-safe calls: it runs in a signal handler. */
static void stop_child(int sig)
{
    pid_t c = child, target = child_group ? -child : child;
    if (c <= 0)
        return;
    kill(target, sig);
    for (int i = 0; i < 200; i++) {
        if (waitpid(c, NULL, WNOHANG) != 0)
            return;
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    kill(target, SIGKILL);
    while (waitpid(c, NULL, 0) < 0 && errno == EINTR)
        ;
}

/* On a fatal signal: stop the command, clean up as at a failed exit, then
 * die of the signal. */
static void on_signal(int sig)
{
    stop_child(sig);
    drv_remove_outputs();
    tmp_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* Installs on_signal for the signals that end a build (once). */
static void catch_signals(void)
{
    static int done;
    if (done)
        return;
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        signal(fatal_signals[i], on_signal);
    done = 1;
}

static void block_signals(int how, sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        sigaddset(&set, fatal_signals[i]);
    sigprocmask(how, &set, old);
}

const char *drv_tmpdir(const DrvJob *job)
{
    if (tmp_dir)
        return tmp_dir;
    const char *base = job->keep_dir ? job->keep_dir : getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    char *tmpl = drv_strf("%s/cucpu-XXXXXX", base);
    if (!mkdtemp(tmpl))
        drv_fatal("Could not create a temporary directory in %s", base);
    tmp_dir = tmpl;
    tmp_keep = job->keep;
    atexit(tmp_cleanup);
    catch_signals();
    return tmp_dir;
}

const char *drv_tmpfile(const DrvJob *job, const char *src, const char *suffix)
{
    const char *slash = strrchr(src, '/');
    return drv_strf("%s/%d_%s%s", drv_tmpdir(job), tmp_count++,
               slash ? slash + 1 : src, suffix);
}

/* 1 when path is a regular file or nothing: what a failure may remove. A
 * directory, a device (/dev/null, /dev/full) or a fifo named by -o is the
 * user's and stays, whatever happens. */
static int removable(const char *path)
{
    struct stat st;
    return lstat(path, &st) != 0 ? errno == ENOENT : S_ISREG(st.st_mode);
}

void drv_claim_output(const char *path)
{
    if (strcmp(path, "-") != 0 && removable(path))
        drv_args_push(&claimed, path);
}

/* Async-signal-safe (on_signal calls it): lstat and unlink only. */
void drv_remove_outputs(void)
{
    for (int i = 0; i < claimed.n; i++)
        if (removable(claimed.v[i]))
            unlink(claimed.v[i]);
    claimed.n = 0;
}

/* ---- Running commands ---- */

/* Prints s to stderr, quoted for a POSIX shell when it needs it. */
static void print_word(const char *s)
{
    if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789-_=+./,:@%") == strlen(s)) {
        fputs(s, stderr);
        return;
    }
    fputc('\'', stderr);
    for (; *s; s++)
        fputs(*s == '\'' ? "'\\''" : (char[]){*s, 0}, stderr);
    fputc('\'', stderr);
}

void drv_print_words(const DrvArgs *words)
{
    for (int i = 0; i < words->n; i++) {
        print_word(words->v[i]);
        if (i + 1 < words->n)
            fputc(' ', stderr);
    }
}

void drv_echo(const DrvArgs *cmd)
{
    fputs("#$ ", stderr);
    drv_print_words(cmd);
    fputc('\n', stderr);
}

/* Runs cmd; own_group puts it in a process group of its own, which a
 * signal to cucpu stops as a whole (stop_child). The signals stay blocked
 * from fork until child is set, so none finds a command it cannot stop. */
static int run(const DrvJob *job, const DrvArgs *cmd, int own_group)
{
    if (job->verbose || job->dryrun)
        drv_echo(cmd);
    if (job->dryrun)
        return 0;
    fflush(stdout);
    catch_signals();
    sigset_t old;
    block_signals(SIG_BLOCK, &old);
    pid_t pid = fork();
    if (pid < 0)
        drv_fatal("Could not start '%s'", cmd->v[0]);
    if (pid == 0) {
        if (own_group)
            setpgid(0, 0);
        for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
            signal(fatal_signals[i], SIG_DFL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        execvp(cmd->v[0], (char *const *)cmd->v);
        fprintf(stderr, "cucpu fatal   : Could not run '%s'\n", cmd->v[0]);
        _exit(127);
    }
    if (own_group)
        setpgid(pid, pid);   /* also here: the child may not have run yet */
    child_group = own_group;
    child = pid;
    sigprocmask(SIG_SETMASK, &old, NULL);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        ;
    child = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int drv_run(const DrvJob *job, const DrvArgs *cmd)
{
    return run(job, cmd, 1);
}

/* The program -run starts stays in cucpu's process group: it may read the
 * terminal, which a background group may not. */
int drv_run_program(const DrvJob *job, const DrvArgs *cmd)
{
    return run(job, cmd, 0);
}

/* ---- Choosing the host compilers ---- */

/* Appends the words of s (split at blanks) to out. */
static void push_words(DrvArgs *out, const char *s)
{
    char *copy = drv_strf("%s", s);
    for (char *w = strtok(copy, " \t"); w; w = strtok(NULL, " \t"))
        drv_args_push(out, w);
}

/* Replaces, in the last path component of path, the first `from` by `to`.
 * Returns NULL when `from` is not there. */
static char *swap_name(const char *path, const char *from, const char *to)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *hit = strstr(base, from);
    if (!hit)
        return NULL;
    return drv_strf("%.*s%s%s", (int)(hit - path), path, to, hit + strlen(from));
}

/* From -ccbin X: the C compiler (want_cxx 0) or the C++ compiler (1). */
static const char *from_ccbin(const char *x, int want_cxx)
{
    static const char *pairs[][2] = {{"mpicxx", "mpicc"}, {"clang++", "clang"}, {"g++", "gcc"},
                                     {"icpx", "icx"}, {"icpc", "icc"},
                                     {"c++", "cc"}};
    char *s;
    if (is_dir(x))
        return drv_strf("%s/%s", x, want_cxx ? "g++" : "gcc");
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if ((s = swap_name(x, pairs[i][0], pairs[i][1])))
            return want_cxx ? x : s;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if ((s = swap_name(x, pairs[i][1], pairs[i][0])))
            return want_cxx ? s : x;
    return want_cxx ? x : "cc";
}

/* Starts cmd with the host C or C++ compiler. */
static void push_compiler(const DrvJob *job, DrvArgs *cmd, int is_cxx)
{
    const char *env = getenv(is_cxx ? "CUCPU_CXX" : "CUCPU_CC");
    if (job->ccbin)
        drv_args_push(cmd, from_ccbin(job->ccbin, is_cxx));
    else if (env && *env)
        push_words(cmd, env);
    else
        drv_args_push(cmd, is_cxx ? "c++" : "cc");
}

/* ---- Command lines ---- */

/* Returns 1 when std names a C++ standard (c++17, gnu++14). */
static int is_cxx_std(const char *std)
{
    return strstr(std, "++") != NULL;
}

/* The -std flag for a host compile of C (is_cxx 0) or C++ (1). */
static const char *std_flag(const DrvJob *job, int is_cxx)
{
    if (job->std && is_cxx_std(job->std) == is_cxx)
        return drv_strf("-std=%s", job->std);
    return is_cxx ? "-std=gnu++17" : "-std=gnu11";
}

/* The file the command word w runs: w itself when it holds a slash, else
 * the first match on PATH, with symbolic links resolved (cc -> gcc-12). */
static char *resolve_command(const char *w)
{
    char buf[PATH_MAX];
    if (strchr(w, '/'))
        return realpath(w, buf) ? drv_strf("%s", buf) : drv_strf("%s", w);
    const char *path = getenv("PATH");
    char *copy = drv_strf("%s", path ? path : "/usr/bin:/bin");
    for (char *d = strtok(copy, ":"); d; d = strtok(NULL, ":")) {
        char *cand = drv_strf("%s/%s", *d ? d : ".", w);
        if (access(cand, X_OK) == 0 && realpath(cand, buf))
            return drv_strf("%s", buf);
    }
    return drv_strf("%s", w);
}

/* 1 for the MPI compiler wrappers (mpicc, mpicxx, mpic++, mpiCC; Open
 * MPI's resolve to opal_wrapper). */
static int is_mpi_wrapper(const char *base)
{
    return strncmp(base, "mpi", 3) == 0 || strcmp(base, "opal_wrapper") == 0;
}

/* What an MPI wrapper would run to compile a C++ file: its -show line
 * (Open MPI and MPICH both answer it), the compiler first. Asked once per
 * wrapper; "" when it does not answer. */
static const char *mpi_show(const char *wrapper)
{
    static const char *asked, *answer;
    if (asked && strcmp(asked, wrapper) == 0)
        return answer;
    char line[PATH_MAX] = "";
    FILE *f = NULL;
    if (!strchr(wrapper, '\''))
        f = popen(drv_strf("'%s' -show -c cucpu.cpp 2>/dev/null", wrapper), "r");
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = 0;
        pclose(f);
    }
    line[strcspn(line, "\n")] = 0;
    asked = drv_strf("%s", wrapper);
    answer = drv_strf("%s", line);
    return answer;
}

/* The compiler an MPI wrapper runs, resolved, or NULL. */
static const char *mpi_wrapped_compiler(const char *wrapper)
{
    char first[PATH_MAX];
    return sscanf(mpi_show(wrapper), "%4095s", first) == 1 ? resolve_command(first) : NULL;
}

void drv_host_wrapper_cflags(const DrvJob *job, DrvArgs *out)
{
    DrvArgs cmd = {0}, words = {0};
    push_compiler(job, &cmd, 1);
    const char *real = cmd.n ? resolve_command(cmd.v[cmd.n - 1]) : "";
    const char *base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
    if (cmd.n && is_mpi_wrapper(base))
        push_words(&words, mpi_show(cmd.v[cmd.n - 1]));
    for (int i = 1; i < words.n; i++) {
        const char *w = words.v[i];
        if (!strcmp(w, "-isystem") && i + 1 < words.n)
            drv_args_push(out, drv_strf("-isystem%s", words.v[++i]));
        else if (w[0] == '-' && strchr("IDU", w[1]) && w[2])
            drv_args_push(out, w);
    }
    free(cmd.v);
    free(words.v);
}

/* 1 when the compiler that cmd starts with is GCC (by name, after links):
 * the only compiler whose loop-placement options we pass. */
static int compiler_is_gcc(const DrvArgs *cmd, int first)
{
    for (int i = first; i < cmd->n; i++) {
        const char *w = cmd->v[i];
        if (!strcmp(w, "ccache") || !strcmp(w, "distcc") || strstr(w, "/ccache"))
            continue;   /* wrappers: look at the compiler behind them */
        const char *real = resolve_command(w);
        const char *slash = strrchr(real, '/');
        const char *base = slash ? slash + 1 : real;
        if (is_mpi_wrapper(base) && (real = mpi_wrapped_compiler(w)))
            base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
        return (strstr(base, "gcc") || strstr(base, "g++")) && !strstr(base, "clang");
    }
    return 0;
}

int drv_host_is_gcc(const DrvJob *job)
{
    DrvArgs cmd = {0};
    push_compiler(job, &cmd, 1);
    int gcc = compiler_is_gcc(&cmd, 0);
    free(cmd.v);
    return gcc;
}

/* The OpenMP runtime of the C++ compiler, by name: -fopenmp links it, but
 * a build system that links with the compiler alone (CMake) needs it named. */
const char *drv_openmp_lib(const DrvJob *job)
{
    DrvArgs cmd = {0};
    push_compiler(job, &cmd, 1);
    const char *lib = drv_host_is_gcc(job) ? "-lgomp" : NULL;
    for (int i = 0; !lib && i < cmd.n; i++)
        if (strstr(cmd.v[i], "clang"))
            lib = "-lomp";
    free(cmd.v);
    return lib;
}

/* 1 when the host -O level optimizes (not -O0, -Os or -Og). */
static int host_optimizes(const DrvJob *job)
{
    const char *o = job->opt;
    return strcmp(o, "-O0") && strcmp(o, "-Os") && strcmp(o, "-Og");
}

/* Short hot loops of translated kernels (a search, a reduction) run as fast
 * as the front end delivers them when they sit in one 32-byte fetch block;
 * GCC aligns jump targets and loops to 16 bytes only, so the speed of the
 * same machine code changed by a third with where the linker put it. The
 * user's own -Xcompiler flags come later and win. x86-64 hosts, GCC, and
 * optimized code: a translated .cu always has it (its kernels build at -O3)
 * unless -G. */
static void push_placement_flags(const DrvJob *job, DrvArgs *cmd, int first,
                                 DrvInputKind kind)
{
#if defined(__x86_64__)
    int optimized = kind == DRV_IN_CU ? !job->device_debug : host_optimizes(job);
    if (!optimized || !compiler_is_gcc(cmd, first))
        return;
    drv_args_push(cmd, "-falign-loops=32");
    drv_args_push(cmd, "-falign-jumps=32");
#else
    (void)job; (void)cmd; (void)first; (void)kind;
#endif
}

/* 1 when kernels may use FMA instructions: x86-64 needs the fma target,
 * which the baseline lacks; we give it when the machine that builds has it
 * (the machine that runs, as a rule). Elsewhere (AArch64) FMA is baseline. */
static int fma_target(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

/* Kernels compile as nvcc's device code does, whatever the host -O:
 * optimized (-O3), and with FMA contraction (-fmad=true) as on the GPU;
 * under -G at -O0 with -g. The contraction flag covers the whole translated
 * file, but host functions have no FMA instructions to contract into; the
 * level and the fma target go on the launchers only, through the
 * CUCPU_KERNEL_OPT attribute that codegen puts before each launcher's name.
 * Clang has no per-function -O3: there kernels follow the host -O, and -G
 * marks them optnone. */
static void push_kernel_flags(const DrvJob *job, DrvArgs *cmd, int first)
{
    int gcc = compiler_is_gcc(cmd, first);
    const char *level = "", *nsa = "", *fma = "";
    drv_args_push(cmd, job->fmad ? "-ffp-contract=fast" : "-ffp-contract=off");
    if (job->device_debug)
        drv_args_push(cmd, "-g");
    if (job->device_debug)
        level = nsa = gcc ? "optimize(\"O0\")" : "optnone";
    else if (gcc) {
        level = "optimize(\"O3\")";
        /* CUCPU_KERNEL_OPT_NSA: for functions that read one type's bytes
         * through a pointer to another (8 bfloat16 in a uint4, a float's
         * bits through unsigned *), where nvcc gives what the bytes say and
         * gcc's strict-aliasing rule may drop the stores (HeCBench fma).
         * Only for those: without strict aliasing gcc reloads the
         * parameters of an OpenMP region at each iteration and vectorizes
         * no thread loop. */
        nsa = "optimize(\"O3\", \"no-strict-aliasing\")";
    } else
        drv_args_push(cmd, "-fno-strict-aliasing");   /* clang has no optimize attribute */
    if (job->fmad && !job->device_debug && fma_target())
        fma = "target(\"fma\")";
    const char *names[2] = { NM(KERNEL_OPT), NM(KERNEL_OPT_NSA) }, *levels[2] = { level, nsa };
    for (int i = 0; i < 2; i++) {
        const char *sep = *levels[i] && *fma ? ", " : "";
        if (*levels[i] || *fma)
            drv_args_push(cmd, drv_strf("-D%s=__attribute__((%s%s%s))", names[i], levels[i], sep, fma));
    }
}

/* compiler -fopenmp -O [placement] -std [kernel flags] [-iquote srcdir]
 * -I<ours> user flags. kind DRV_IN_CU: src is a translated .cu (C++). */
static void push_compile_flags(const DrvJob *job, DrvArgs *cmd,
                               DrvInputKind kind, const char *srcdir)
{
    int first = cmd->n, is_cxx = kind != DRV_IN_C;
    push_compiler(job, cmd, is_cxx);
    drv_args_push(cmd, "-fopenmp");
    drv_args_push(cmd, job->opt);
    push_placement_flags(job, cmd, first, kind);
    drv_args_push(cmd, std_flag(job, is_cxx));
    if (kind == DRV_IN_CU)
        push_kernel_flags(job, cmd, first);
    if (srcdir) {
        drv_args_push(cmd, "-iquote");
        drv_args_push(cmd, srcdir);
    }
    drv_args_push(cmd, drv_strf("-I%s", drv_include_dir()));
    drv_predefines(job, cmd, 0);
    drv_args_append(cmd, &job->cflags);
    drv_args_append(cmd, &job->hostflags);
}

int drv_compile(const DrvJob *job, const char *src, DrvInputKind kind,
                const char *srcdir, const char *obj)
{
    DrvArgs cmd = {0};
    push_compile_flags(job, &cmd, kind, srcdir);
    drv_args_push(&cmd, "-c");
    drv_args_push(&cmd, src);
    drv_args_push(&cmd, "-o");
    drv_args_push(&cmd, obj);
    int rc = drv_run(job, &cmd) != 0;
    free(cmd.v);
    return rc;
}

int drv_preprocess(const DrvJob *job, const char *src, DrvInputKind kind,
                   const char *srcdir, const char *out)
{
    DrvArgs cmd = {0};
    push_compile_flags(job, &cmd, kind, srcdir);
    drv_args_push(&cmd, "-E");
    drv_args_push(&cmd, src);
    if (strcmp(out, "-") != 0) {
        drv_args_push(&cmd, "-o");
        drv_args_push(&cmd, out);
    }
    int rc = drv_run(job, &cmd) != 0;
    free(cmd.v);
    return rc;
}

/* The host preprocessor lists the headers (as gcc -M writes them, into a
 * temporary file); drv_write_deps rewrites them in nvcc's layout. A .cu is
 * read as C++ with __CUDACC__, untranslated. */
int drv_depend(const DrvJob *job, const DrvInput *in, const char *target,
               const char *depfile)
{
    DrvArgs cmd = {0};
    const char *raw = drv_tmpfile(job, in->path, ".d");
    push_compile_flags(job, &cmd, in->kind == DRV_IN_C ? DRV_IN_C : DRV_IN_CXX, NULL);
    if (in->kind == DRV_IN_CU) {
        drv_args_push(&cmd, "-x");
        drv_args_push(&cmd, "c++");
        drv_args_push(&cmd, "-D__CUDACC__");
    }
    drv_args_push(&cmd, job->dep_kind);
    drv_args_push(&cmd, "-MF");
    drv_args_push(&cmd, raw);
    drv_args_push(&cmd, "-MT");
    drv_args_push(&cmd, DRV_DEP_MARK);
    drv_args_push(&cmd, in->path);
    int rc = drv_run(job, &cmd) != 0;
    free(cmd.v);
    if (rc || job->dryrun)
        return rc;
    return drv_write_deps(raw, target, job->dep_phony, depfile ? depfile : "-");
}

int drv_link(const DrvJob *job, const DrvArgs *objs, int use_cxx,
             const char *out)
{
    DrvArgs cmd = {0};
    push_compiler(job, &cmd, use_cxx);
    drv_args_push(&cmd, "-fopenmp");
    drv_args_append(&cmd, &job->hostflags);
    drv_args_append(&cmd, objs);
    drv_args_append(&cmd, &job->linkflags);
    drv_runtime_libs(job, &cmd);
    drv_args_push(&cmd, "-o");
    drv_args_push(&cmd, out);
    int rc = drv_run(job, &cmd) != 0;
    free(cmd.v);
    return rc;
}

int drv_archive(const DrvJob *job, const DrvArgs *objs, const char *out)
{
    DrvArgs cmd = {0};
    const char *ar = getenv("AR");
    if (!job->dryrun && removable(out))
        unlink(out);   /* ar adds to an archive; start afresh */
    drv_args_push(&cmd, ar && *ar ? ar : "ar");
    drv_args_push(&cmd, "rcs");
    drv_args_push(&cmd, out);
    drv_args_append(&cmd, objs);
    int rc = drv_run(job, &cmd) != 0;
    free(cmd.v);
    return rc;
}
