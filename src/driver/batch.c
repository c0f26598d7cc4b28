/*
 * batch.c: cucpu --batch compile_commands.json [-j N] [options...]
 *
 * Translates and compiles every CUDA entry of a compilation database
 * (compdb.c says which entries and with what command), N at a time (-j,
 * default 1), each in its entry's directory and as a cucpu process of its
 * own: the command is the entry's, with this cucpu in place of nvcc, and
 * the other options of the --batch line appended.
 *
 * Each command's output goes to a log in the temporary folder. On a
 * terminal a progress bar is redrawn in place; otherwise each finished
 * entry is one line:
 *
 *   [2/3] ok      src/scale.cu
 *   [3/3] FAILED  src/bad.cu
 *
 * The summary at the end counts ok and failed entries and gives, for each
 * failure, its first diagnostic (the first line that says error or fatal),
 * whose file:line is made relative to the current folder. The exit status
 * is 1 when any entry failed. SIGINT, SIGTERM and SIGHUP stop the running
 * commands (which remove their own outputs) before batch dies of the signal.
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What happened to one entry. */
typedef struct {
    const char *log;   /* its output */
    pid_t pid;         /* while it runs */
    int status;        /* exit status (128 + signal), once done */
} Outcome;

static volatile pid_t *running_pids;  /* for the signal handler */
static volatile int nrunning_pids;

/* ---- The command line of --batch ---- */

typedef struct {
    const char *db;    /* the compilation database */
    int jobs;          /* -j */
    DrvArgs extra;     /* everything else: added to every command */
} BatchArgs;

/* The value of the option name at argv[*i] (`name V`, `name=V`, or for
 * the short -j also `-jV`), moving *i past it; NULL if it is not name. */
static const char *option_value(int argc, char **argv, int *i, const char *name,
                                int joined)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=' || (joined && a[n]))
        return a + n + (a[n] == '=');
    if (a[n])
        return NULL;
    if (*i + 1 >= argc)
        drv_fatal("Option '%s' requires an argument", name);
    return argv[++*i];
}

/* -j N: a positive count, or fatal. */
static int parse_jobs(const char *v)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < 1 || n > 1024)
        drv_fatal("'-j %s': expected a number of jobs from 1 to 1024", v);
    return (int)n;
}

static void parse_batch_args(int argc, char **argv, BatchArgs *b)
{
    memset(b, 0, sizeof *b);
    b->jobs = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = option_value(argc, argv, &i, "--batch", 0)))
            b->db = v;
        else if ((v = option_value(argc, argv, &i, "--jobs", 0)) ||
                 (v = option_value(argc, argv, &i, "-j", 1)))
            b->jobs = parse_jobs(v);
        else
            drv_args_push(&b->extra, argv[i]);
    }
}

/* ---- Running the commands ---- */

/* This executable's path, to run from any directory. */
static const char *self_path(const char *argv0)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return argv0;
    buf[n] = 0;
    return drv_strf("%s", buf);
}

/* Stops the running commands, then dies of sig. */
static void on_signal(int sig)
{
    for (int i = 0; i < nrunning_pids; i++)
        if (running_pids[i] > 0)
            kill(running_pids[i], sig);
    for (int i = 0; i < nrunning_pids; i++)
        if (running_pids[i] > 0)
            waitpid(running_pids[i], NULL, 0);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Starts entry e in its directory, its output into o->log. */
static void start(const DrvBatchEntry *e, Outcome *o)
{
    pid_t pid = fork();
    if (pid < 0)
        drv_fatal("Could not start a command for '%s'", e->file);
    if (pid == 0) {
        int fd = open(o->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(127);
        close(fd);
        if (chdir(e->dir) != 0) {
            fprintf(stderr, "cucpu: error: cannot enter directory '%s'\n", e->dir);
            _exit(1);
        }
        execv(e->argv.v[0], (char *const *)e->argv.v);
        fprintf(stderr, "cucpu: error: cannot run '%s'\n", e->argv.v[0]);
        _exit(127);
    }
    o->pid = pid;
}

/* Waits for one command to end; returns the index of its entry and sets
 * *pid to the process that ended. */
static int reap(Outcome *out, int n, pid_t *ended)
{
    int status;
    pid_t pid;
    while ((pid = wait(&status)) < 0 && errno == EINTR)
        ;
    *ended = pid;
    for (int i = 0; pid > 0 && i < n; i++)
        if (out[i].pid == pid) {
            out[i].pid = 0;
            out[i].status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            return i;
        }
    drv_fatal("lost track of a command");
}

/* ---- What the user sees ---- */

/* path relative to the current folder when it lies inside it. */
static const char *shown(const char *path)
{
    static char cwd[PATH_MAX];
    if (!cwd[0] && !getcwd(cwd, sizeof cwd))
        return path;
    size_t n = strlen(cwd);
    if (strncmp(path, cwd, n) == 0 && path[n] == '/')
        return path + n + 1;
    return path;
}

/* The entry's file as the user should see it: absolute (from its
 * directory) and then relative to the current folder where possible. */
static const char *entry_file(const DrvBatchEntry *e)
{
    return shown(e->file[0] == '/' ? e->file : drv_strf("%s/%s", e->dir, e->file));
}

/* On a terminal: the bar, the counts and the entry last started. */
static void draw_bar(int done, int n, int failed, const char *now)
{
    enum { WIDTH = 30 };
    int fill = n ? done * WIDTH / n : WIDTH;
    printf("\r[%.*s%*s] %d/%d", fill, "##############################", WIDTH - fill, "",
           done, n);
    if (failed)
        printf(", %d failed", failed);
    if (now)
        printf("  %s", now);
    printf("\033[K");
    fflush(stdout);
}

/* Off a terminal: one line per finished entry. */
static void print_line(int done, int n, const DrvBatchEntry *e, int status)
{
    printf("[%d/%d] %-7s %s\n", done, n, status ? "FAILED" : "ok", entry_file(e));
    fflush(stdout);
}

/* The first line of the log that reports an error, else its first line;
 * a path at its start is made relative to the current folder. */
static const char *first_diagnostic(const DrvBatchEntry *e, const Outcome *o)
{
    FILE *f = fopen(o->log, "r");
    char line[4096], first[4096] = "";
    const char *hit = NULL;
    while (f && !hit && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!first[0] && line[0] && strncmp(line, "#$ ", 3))
            snprintf(first, sizeof first, "%s", line);
        if (strstr(line, "error") || strstr(line, "fatal"))
            hit = line;
    }
    if (f)
        fclose(f);
    if (!hit)
        hit = first[0] ? first : drv_strf("exit status %d", o->status);
    if (hit[0] != '/' && strchr(hit, ':') && strncmp(hit, "cucpu", 5))
        return shown(drv_strf("%s/%s", e->dir, hit));
    return drv_strf("%s", hit);
}

static void summary(const DrvBatchEntry *v, const Outcome *out, int n, int total)
{
    int failed = 0;
    for (int i = 0; i < n; i++)
        failed += out[i].status != 0;
    printf("cucpu --batch: %d ok, %d failed (%d CUDA %s of %d)\n", n - failed, failed, n,
           n == 1 ? "entry" : "entries", total);
    for (int i = 0; i < n; i++)
        if (out[i].status)
            printf("FAILED %s\n    %s\n", entry_file(&v[i]), first_diagnostic(&v[i], &out[i]));
}

/* Runs every entry, at most jobs at once, reporting as they end. Returns
 * the number that failed. */
static int run_all(const DrvBatchEntry *v, Outcome *out, int n, int jobs, int bar)
{
    pid_t *pids = calloc(jobs, sizeof *pids);
    int next = 0, done = 0, failed = 0, running = 0;
    if (!pids)
        drv_fatal("out of memory");
    running_pids = pids;
    nrunning_pids = jobs;
    while (done < n) {
        while (running < jobs && next < n) {
            start(&v[next], &out[next]);
            for (int s = 0; s < jobs; s++)
                if (!pids[s]) {
                    pids[s] = out[next].pid;
                    break;
                }
            running++;
            if (bar)
                draw_bar(done, n, failed, entry_file(&v[next]));
            next++;
        }
        pid_t ended;
        int i = reap(out, n, &ended);
        for (int s = 0; s < jobs; s++)
            if (pids[s] == ended)
                pids[s] = 0;
        running--;
        done++;
        failed += out[i].status != 0;
        if (bar)
            draw_bar(done, n, failed, NULL);
        else
            print_line(done, n, &v[i], out[i].status);
    }
    if (bar)
        printf("\r\033[K");
    nrunning_pids = 0;
    free(pids);
    return failed;
}

int drv_batch_main(int argc, char **argv)
{
    BatchArgs b;
    DrvBatchEntry *v;
    DrvJob tmpjob = {0};
    int total;
    parse_batch_args(argc, argv, &b);
    if (!b.db)
        drv_fatal("--batch needs a compile_commands.json");
    int n = drv_read_compdb(b.db, self_path(argv[0]), &b.extra, &v, &total);
    Outcome *out = calloc(n ? n : 1, sizeof *out);
    if (!out)
        drv_fatal("out of memory");
    for (int i = 0; i < n; i++)
        out[i].log = drv_tmpfile(&tmpjob, v[i].file, ".log");
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    int failed = run_all(v, out, n, b.jobs, isatty(1));
    summary(v, out, n, total);
    for (int i = 0; i < n; i++)
        free(v[i].argv.v);
    free(v);
    free(out);
    free(b.extra.v);
    return failed != 0;
}
