/*
 * options.c: nvcc's command line, read into a DrvJob.
 *
 * The options live in options.def. Matching an argument against the table
 * goes in three rounds so that no option shadows another: first exact names
 * (`-lineinfo`, `-arch=sm_80`, `-arch sm_80`), then joined short forms
 * (`-lm`, `-I/usr/include`, `-O3`), then translator prefixes (`-fno-licm`).
 * Anything else that drv_is_translator_flag() accepts is a translator flag;
 * anything else starting with '-' is `Unknown option`, as nvcc says it.
 * Inputs are classified by extension, or by the last `-x`.
 */
#define _POSIX_C_SOURCE 200809L
#include "driver/driver.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { ARG_NONE, ARG_VAL, ARG_JVAL, ARG_PREFIX } ArgKind;
typedef enum { CAT_MODE, CAT_HOST, CAT_FORWARD, CAT_XLATE, CAT_IGNORE } Category;

#define SECTION(title, blurb)
typedef enum {
#define OPT(id, s, l, arg, cat, meta, help) DRV_OPT_##id,
#include "driver/options.def"
#undef OPT
    DRV_OPT_COUNT
} OptId;

typedef struct {
    OptId id;
    const char *sname, *lname;
    ArgKind arg;
    Category cat;
    const char *meta, *help;
} OptInfo;

static const OptInfo opt_table[] = {
#define OPT(id, s, l, arg, cat, meta, help) \
    {DRV_OPT_##id, s, l, ARG_##arg, CAT_##cat, meta, help},
#include "driver/options.def"
#undef OPT
};
#undef SECTION

/* --help, in options.def's order: a section title (option -1) or an option. */
typedef struct {
    const char *title, *blurb;
    int option;
} HelpItem;

static const HelpItem help_items[] = {
#define OPT(id, s, l, arg, cat, meta, help) {NULL, NULL, DRV_OPT_##id},
#define SECTION(title, blurb) {title, blurb, -1},
#include "driver/options.def"
#undef OPT
#undef SECTION
};

static const char *cat_names[] = {"mode", "host", "forward", "translator", "ignored"};

/* Parser state: the argument list and where we are in it. */
typedef struct {
    int argc, i;
    char **argv;
    DrvInputKind lang; /* from -x, when have_lang */
    int have_lang;
    int help, version, table;
    int fwd_cc, fwd_ld; /* -forward-unknown-to-host-compiler / -linker */
} Parser;

void drv_args_push(DrvArgs *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = realloc(a->v, a->cap * sizeof *a->v);
        if (!a->v) {
            fputs("cucpu fatal   : out of memory\n", stderr);
            exit(1);
        }
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

void drv_args_append(DrvArgs *a, const DrvArgs *b)
{
    for (int i = 0; i < b->n; i++)
        drv_args_push(a, b->v[i]);
}

/* Returns a new string a followed by b. */
static char *cat2(const char *a, const char *b)
{
    return drv_strf("%s%s", a, b);
}

/* ---- Matching one argument ---- */

/* Returns the value after "name=" or "name" + separator; NULL if no match.
 * *next is set when the value is the following argument. */
static int match_exact(const OptInfo *o, const char *name, const char *arg,
                       const char **val, int *next)
{
    size_t n = strlen(name);
    if (o->arg == ARG_PREFIX || strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == 0) {
        *next = o->arg != ARG_NONE;
        return 1;
    }
    if (arg[n] == '=' && o->arg != ARG_NONE) {
        *val = arg + n + 1;
        return 1;
    }
    return 0;
}

/* Finds the table entry for arg. Sets *val (inline value), *next (value is
 * the next argument). Returns NULL when nothing matches. */
static const OptInfo *find_option(const char *arg, const char **val, int *next)
{
    size_t best = 0;
    const OptInfo *hit = NULL;
    *val = NULL;
    *next = 0;
    for (size_t k = 0; k < DRV_OPT_COUNT; k++) {
        const OptInfo *o = &opt_table[k];
        if ((o->sname && match_exact(o, o->sname, arg, val, next)) ||
            (o->lname && match_exact(o, o->lname, arg, val, next)))
            return o;
    }
    for (size_t k = 0; k < DRV_OPT_COUNT; k++) {
        const OptInfo *o = &opt_table[k];
        size_t n = o->sname ? strlen(o->sname) : 0;
        if ((o->arg == ARG_JVAL || o->arg == ARG_PREFIX) && n > best &&
            strncmp(arg, o->sname, n) == 0) {
            best = n;
            hit = o;
        }
    }
    if (hit && hit->arg == ARG_JVAL)
        *val = arg + best;
    return hit;
}

/* ---- Applying an option ---- */

/* Splits a -Xcompiler/-Xlinker value at commas and blanks into *out,
 * each piece preceded by `prefix` when prefix is not NULL. Double quotes
 * group, as in nvcc, and are dropped: FindCUDA passes -Xcompiler ,"-g"
 * and -Xcompiler "-DA=1,2" keeps its comma. */
static void split_list(const char *val, const char *prefix, DrvArgs *out)
{
    size_t cap = strlen(val) + 1;
    char *piece = malloc(cap);
    if (!piece)
        drv_fatal("out of memory");
    for (const char *p = val; *p;) {
        size_t n = 0;
        int quoted = 0;
        for (; *p && (quoted || !strchr(", \t", *p)); p++) {
            if (*p == '"')
                quoted = !quoted;
            else
                piece[n++] = *p;
        }
        if (n) {
            if (prefix)
                drv_args_push(out, prefix);
            drv_args_push(out, drv_strndup(piece, n));
        }
        p += *p != 0;
    }
    free(piece);
}

/* Splits a list option's value (-I/a,/b, -DA=1,B=2) at every comma, as
 * nvcc does, and pushes "<flag><piece>" (or flag, piece as two words when
 * flag ends in a blank) onto out for each non-empty piece. */
static void push_list(DrvArgs *out, const char *flag, const char *val)
{
    size_t fl = strlen(flag);
    int two = fl && flag[fl - 1] == ' ';
    for (const char *p = val; *p; p += *p == ',') {
        size_t n = strcspn(p, ",");
        if (n && two) {
            drv_args_push(out, drv_strndup(flag, fl - 1));
            drv_args_push(out, drv_strndup(p, n));
        } else if (n)
            drv_args_push(out, drv_strf("%s%.*s", flag, (int)n, p));
        p += n;
    }
}

/* -Xcompiler pieces that are -I/-D/-U also reach the translator. */
static void note_xcompiler(DrvJob *job, const char *val)
{
    DrvArgs pieces = {0};
    split_list(val, NULL, &pieces);
    for (int i = 0; i < pieces.n; i++) {
        const char *s = pieces.v[i];
        drv_args_push(&job->hostflags, s);
        if (s[0] == '-' && strchr("IDU", s[1]) && s[2])
            drv_args_push(&job->cflags, s);
    }
    free(pieces.v);
}

/* CUDA's own libraries do not exist here; libcucpu_rt stands in for them. */
static int is_cuda_lib(const char *lib)
{
    static const char *names[] = {"cudart", "cudart_static", "cuda",
                                  "cudadevrt", "nvToolsExt", NULL};
    for (int i = 0; names[i]; i++)
        if (strcmp(lib, names[i]) == 0)
            return 1;
    return 0;
}

/* -l<a>,<b>: each library but CUDA's own, to the link. */
static void push_libs(DrvJob *job, const char *val)
{
    DrvArgs libs = {0};
    push_list(&libs, "", val);
    for (int i = 0; i < libs.n; i++)
        if (!is_cuda_lib(libs.v[i]))
            drv_args_push(&job->linkflags, cat2("-l", libs.v[i]));
    free(libs.v);
}

/* -fmad=true, -rdc=true|false, in nvcc's words when neither. */
static int parse_bool(const char *val)
{
    if (strcmp(val, "true") == 0)
        return 1;
    if (strcmp(val, "false") == 0)
        return 0;
    drv_fatal("'%s': expected true or false", val);
}

/* -ptx, -cubin, -fatbin: GPU code only, which a CPU build cannot give. */
static _Noreturn void no_gpu_output(const char *what)
{
    drv_fatal("-%s is not supported: cucpu builds for the CPU, and there is no %s "
              "to write; use -c for an object file or --emit-source for the "
              "translated C++", what, what);
}

/* Sets the input language from -x: cu, c, c++, none. */
static void set_lang(Parser *p, const char *val)
{
    p->have_lang = 1;
    if (strcmp(val, "cu") == 0)
        p->lang = DRV_IN_CU;
    else if (strcmp(val, "c") == 0)
        p->lang = DRV_IN_C;
    else if (strcmp(val, "c++") == 0 || strcmp(val, "cpp") == 0)
        p->lang = DRV_IN_CXX;
    else if (strcmp(val, "none") == 0)
        p->have_lang = 0;
    else
        drv_fatal("Value '%s' is not defined for option 'x'", val);
}

/* Applies a MODE option. */
static void apply_mode(Parser *p, DrvJob *job, OptId id, const char *val)
{
    switch (id) {
    case DRV_OPT_OUTPUT: job->output = val; break;
    case DRV_OPT_ODIR: job->odir = val; break;
    case DRV_OPT_PTX: no_gpu_output("ptx");
    case DRV_OPT_CUBIN: no_gpu_output("cubin");
    case DRV_OPT_FATBIN: no_gpu_output("fatbin");
    case DRV_OPT_DEVICE_C: job->rdc = 1; job->mode = DRV_MODE_COMPILE; break;
    case DRV_OPT_COMPILE:
    case DRV_OPT_DEVICE_W: job->mode = DRV_MODE_COMPILE; break;
    case DRV_OPT_DLINK: job->mode = DRV_MODE_DLINK; break;
    case DRV_OPT_LIB: job->mode = DRV_MODE_LIB; break;
    case DRV_OPT_EMIT_SOURCE: job->mode = DRV_MODE_EMIT_SOURCE; break;
    case DRV_OPT_PREPROCESS: job->mode = DRV_MODE_PREPROCESS; break;
    case DRV_OPT_LANG: set_lang(p, val); break;
    case DRV_OPT_DEPS:
    case DRV_OPT_DEPS_NONSYS:
        job->mode = DRV_MODE_DEPS;
        job->dep_kind = id == DRV_OPT_DEPS ? "-M" : "-MM";
        break;
    case DRV_OPT_DEPS_CC: job->dep_kind = "-M"; break;
    case DRV_OPT_DEPS_NONSYS_CC: job->dep_kind = "-MM"; break;
    case DRV_OPT_DEPS_FILE: job->dep_file = val; break;
    case DRV_OPT_DEPS_TARGET: job->dep_target = val; break;
    case DRV_OPT_DEPS_PHONY: job->dep_phony = 1; break;
    case DRV_OPT_LINK: job->mode = DRV_MODE_LINK; break;
    case DRV_OPT_RUN: job->run = 1; break;
    case DRV_OPT_RUN_ARGS: split_list(val, NULL, &job->runargs); break;
    case DRV_OPT_KEEP:
    case DRV_OPT_SAVE_TEMPS: job->keep = 1; break;
    case DRV_OPT_KEEP_DIR: job->keep_dir = val; break;
    case DRV_OPT_REPORT_PROFILE: job->report_profile = val; break;
    case DRV_OPT_BATCH:
    case DRV_OPT_JOBS: drv_fatal("-j is for --batch (cucpu --batch compile_commands.json -j N)");
    case DRV_OPT_VERBOSE: job->verbose = 1; break;
    case DRV_OPT_DRYRUN: job->dryrun = 1; break;
    case DRV_OPT_VERSION: p->version = 1; break;
    case DRV_OPT_HELP: p->help = 1; break;
    case DRV_OPT_OPT_TABLE: p->table = 1; break;
    default: break;
    }
}

/* Applies a HOST option. */
static void apply_host(DrvJob *job, OptId id, const char *val)
{
    switch (id) {
    case DRV_OPT_INCLUDE: push_list(&job->cflags, "-I", val); break;
    case DRV_OPT_DEFINE: push_list(&job->cflags, "-D", val); break;
    case DRV_OPT_UNDEFINE: push_list(&job->cflags, "-U", val); break;
    case DRV_OPT_ISYSTEM: push_list(&job->cflags, "-isystem ", val); break;
    case DRV_OPT_PREINCLUDE: push_list(&job->cflags, "-include ", val); break;
    case DRV_OPT_STD: job->std = val; break;
    case DRV_OPT_OPTIMIZE: job->opt = cat2("-O", val); break;
    case DRV_OPT_DEBUG: drv_args_push(&job->hostflags, "-g"); break;
    case DRV_OPT_DEVICE_DEBUG: job->device_debug = 1; break;
    case DRV_OPT_FMAD: job->fmad = parse_bool(val); break;
    case DRV_OPT_RDC: job->rdc = parse_bool(val); break;
    case DRV_OPT_LIBDIR: push_list(&job->linkflags, "-L", val); break;
    case DRV_OPT_LIBRARY: push_libs(job, val); break;
    case DRV_OPT_CCBIN: job->ccbin = val; break;
    case DRV_OPT_XCOMPILER: note_xcompiler(job, val); break;
    case DRV_OPT_XLINKER: split_list(val, "-Xlinker", &job->linkflags); break;
    case DRV_OPT_SHARED: drv_args_push(&job->linkflags, "-shared"); break;
    case DRV_OPT_ARCH:
    case DRV_OPT_GENCODE: drv_note_arch(job, val, id == DRV_OPT_GENCODE); break;
    default: break;
    }
}

/* Applies one matched option with its value (NULL for flags). */
static void apply_option(Parser *p, DrvJob *job, const OptInfo *o,
                         const char *arg, const char *val)
{
    switch (o->cat) {
    case CAT_MODE: apply_mode(p, job, o->id, val); break;
    case CAT_HOST: apply_host(job, o->id, val); break;
    case CAT_FORWARD:
        drv_args_push(&job->hostflags, o->sname ? o->sname : arg);
        break;
    case CAT_XLATE:
        if (o->id == DRV_OPT_EMIT_IR || o->id == DRV_OPT_EMIT_IR_TYPED)
            job->mode = DRV_MODE_EMIT_IR;
        drv_args_push(&job->xflags, arg);
        break;
    case CAT_IGNORE: break;
    }
}

/* ---- Inputs ---- */

/* Returns the extension of path (after the last '.' of its last component). */
static const char *extension(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash : path, '.');
    return dot ? dot + 1 : "";
}

/* Classifies an input file by its extension; dies on the unknown. */
static DrvInputKind classify(const char *path)
{
    static const char *cxx[] = {"cpp", "cc", "cxx", "C", "c++", "cp", NULL};
    static const char *obj[] = {"o", "a", "so", "obj", "lo", NULL};
    const char *ext = extension(path);
    if (strcmp(ext, "cu") == 0)
        return DRV_IN_CU;
    if (strcmp(ext, "c") == 0)
        return DRV_IN_C;
    for (int i = 0; cxx[i]; i++)
        if (strcmp(ext, cxx[i]) == 0)
            return DRV_IN_CXX;
    for (int i = 0; obj[i]; i++)
        if (strcmp(ext, obj[i]) == 0)
            return DRV_IN_LINK;
    if (strstr(path, ".so."))
        return DRV_IN_LINK;
    drv_fatal("Don't know what to do with '%s'", path);
}

/* Adds an input file to the job, of the -x language in force; one without
 * is classified by extension once the whole line is read, so
 * that -v prints nvcc's environment lines before any complaint about it. */
static void add_input(Parser *p, DrvJob *job, const char *path)
{
    job->inputs = realloc(job->inputs, (job->ninputs + 1) * sizeof *job->inputs);
    if (!job->inputs)
        drv_fatal("out of memory");
    job->inputs[job->ninputs].path = path;
    job->inputs[job->ninputs].kind = p->lang;
    job->inputs[job->ninputs].by_extension = !p->have_lang;
    job->ninputs++;
}

static void classify_inputs(DrvJob *job)
{
    for (int i = 0; i < job->ninputs; i++)
        if (job->inputs[i].by_extension)
            job->inputs[i].kind = classify(job->inputs[i].path);
}

/* ---- Help and version ---- */

/* The argument's name in --help and the table ("" for a flag). */
static const char *arg_hint(const OptInfo *o)
{
    return o->arg == ARG_NONE ? "" : o->meta ? o->meta : "arg";
}

/* Prints text from column indent, wrapped before column 80 at blanks. */
static void help_text(const char *text, int indent)
{
    const int width = 80 - indent;
    while (*text) {
        int n = (int)strlen(text);
        if (n > width) {
            n = width;
            while (n > 0 && text[n] != ' ')
                n--;
            if (n == 0)
                n = (int)strcspn(text, " ");
        }
        printf("%*s%.*s\n", indent, "", n, text);
        text += n;
        text += strspn(text, " ");
    }
}

/* Prints one option as nvcc's --help does: the long form with its
 * argument, the short form in parentheses at column 52, then the help
 * text, indented, ending in a full stop. */
static void help_option(const OptInfo *o)
{
    char name[128], shortname[96];
    const char *hint = arg_hint(o);
    const char *lead = o->lname ? o->lname : o->sname;
    if (o->arg == ARG_PREFIX)
        snprintf(name, sizeof name, "%s<%s>", lead, hint);
    else
        snprintf(name, sizeof name, "%s%s%s%s", lead, *hint ? " <" : "", hint, *hint ? ">" : "");
    snprintf(shortname, sizeof shortname, "(%s)", o->sname ? o->sname : "");
    if (!o->sname || !o->lname)
        printf("%s\n", name);
    else if (strlen(name) >= 52)
        printf("%s\n%52s%s\n", name, "", shortname);
    else
        printf("%-52s%s\n", name, shortname);
    char *text = drv_strf("%s%s", o->help, o->help[strlen(o->help) - 1] == '.' ? "" : ".");
    help_text(text, 8);
    printf("\n");
}

/* Prints a section title, underlined as nvcc does, and its blurb. */
static void help_section(const HelpItem *h)
{
    size_t n = strlen(h->title);
    printf("%s\n", h->title);
    for (size_t i = 0; i < n; i++)
        putchar('=');
    printf("\n");
    if (h->blurb) {
        help_text(h->blurb, 0);
        printf("\n");
    }
}

/* Prints the usage and every option of options.def, section by section:
 * nvcc's layout, with the GPU-only options that cucpu accepts and ignores
 * in a section of their own, last. */
static void print_help(void)
{
    printf("\nUsage  : cucpu [options] <inputfile>\n\n");
    help_text("cucpu compiles CUDA for the CPU: it translates each .cu file into C++ "
              "with OpenMP and builds it with the host compiler (c++ -fopenmp; see "
              "-ccbin, CUCPU_CC, CUCPU_CXX). Its options are nvcc's: a build line "
              "written for nvcc works unchanged. Inputs ending in .c, .cpp, .o, .a "
              "and .so go to the host compiler and linker as with nvcc.", 0);
    printf("\n");
    for (size_t k = 0; k < sizeof help_items / sizeof *help_items; k++) {
        if (help_items[k].option < 0)
            help_section(&help_items[k]);
        else
            help_option(&opt_table[help_items[k].option]);
    }
}

/* Prints options.def as a Markdown table for docs/. */
static void print_table(void)
{
    printf("| Short | Long | Argument | Category | Meaning |\n"
           "|---|---|---|---|---|\n");
    for (size_t k = 0; k < DRV_OPT_COUNT; k++) {
        const OptInfo *o = &opt_table[k];
        printf("| `%s` | `%s` | %s | %s | %s |\n", o->sname ? o->sname : "",
               o->lname ? o->lname : "", arg_hint(o), cat_names[o->cat], o->help);
    }
}

/* nvcc's --version, which build systems read: CMake needs the words
 * "nvcc: NVIDIA (R) Cuda compiler driver" to treat the compiler as nvcc,
 * and takes the first V<x.y.z> as the CUDA version (FindCUDA the last
 * "release x.y"). cucpu presents itself as the nvcc of the CUDA release
 * whose macros it predefines (predef.c); its own version comes last, in
 * words that neither pattern reads. */
static void print_version(void)
{
    printf("cucpu: CUDA compiler driver for the CPU (CUDA -> C++ + OpenMP)\n"
           "Stands in for: nvcc: NVIDIA (R) Cuda compiler driver\n"
           "Cuda compilation tools, release %d.%d, V%d.%d.%d\n"
           "cucpu version %s\n", DRV_CUDA_MAJOR, DRV_CUDA_MINOR,
           DRV_CUDA_MAJOR, DRV_CUDA_MINOR, DRV_CUDA_BUILD, CUCPU_VERSION);
}

/* ---- The parser ---- */

/* An option not in the table: a translator flag, forwarded to the host
 * under -forward-unknown-to-host-*, or an error. */
static void parse_unknown(Parser *p, DrvJob *job, const char *arg)
{
    if (drv_is_translator_flag(arg))
        drv_args_push(&job->xflags, arg);
    else if (p->fwd_cc || p->fwd_ld) {
        if (p->fwd_cc)
            drv_args_push(&job->hostflags, arg);
        if (p->fwd_ld && !p->fwd_cc)
            drv_args_push(&job->linkflags, arg);
    } else
        drv_fatal("Unknown option '%s'", arg);
}

/* The -forward-unknown-* flags apply to the whole command line: find them
 * before parsing. */
static void prescan(Parser *p)
{
    for (int i = 1; i < p->argc; i++) {
        const char *a = p->argv[i] + (p->argv[i][0] == '-' && p->argv[i][1] == '-');
        if (strcmp(a, "-forward-unknown-to-host-compiler") == 0)
            p->fwd_cc = 1;
        else if (strcmp(a, "-forward-unknown-to-host-linker") == 0)
            p->fwd_ld = 1;
        else if (strcmp(a, "-forward-unknown-opts") == 0)
            p->fwd_cc = p->fwd_ld = 1;
    }
}

/* Handles argument p->argv[p->i], an option. Dies if unknown. */
static void parse_option(Parser *p, DrvJob *job)
{
    const char *arg = p->argv[p->i], *val;
    int next;
    const OptInfo *o = find_option(arg, &val, &next);
    if (o && o->cat == CAT_XLATE && o->arg == ARG_PREFIX &&
        !drv_is_translator_flag(arg))
        o = NULL;
    if (!o) {
        parse_unknown(p, job, arg);
        return;
    }
    if (next) {
        if (p->i + 1 >= p->argc)
            drv_fatal("Option '%s' requires an argument", arg);
        val = p->argv[++p->i];
    }
    apply_option(p, job, o, arg, val);
}

void drv_parse_args(int argc, char **argv, DrvJob *job)
{
    drv_expand_option_files(&argc, &argv);
    Parser p = {.argc = argc, .argv = argv};
    memset(job, 0, sizeof *job);
    job->opt = "-O2";
    job->fmad = 1;
    prescan(&p);
    for (p.i = 1; p.i < argc; p.i++) {
        if (argv[p.i][0] == '-' && argv[p.i][1])
            parse_option(&p, job);
        else
            add_input(&p, job, argv[p.i]);
    }
    if (job->verbose || job->dryrun)
        drv_print_env(job);
    classify_inputs(job);
    if (p.help || p.version || p.table) {
        if (p.version)
            print_version();
        if (p.help)
            print_help();
        if (p.table)
            print_table();
        exit(0);
    }
    if (job->ninputs == 0 && !job->report_profile)
        drv_fatal("No input files specified; use option --help for more information");
}

void drv_job_free(DrvJob *job)
{
    DrvArgs *lists[] = { &job->cflags, &job->xflags, &job->hostflags, &job->linkflags, &job->runargs };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        free(lists[i]->v);
        lists[i]->v = NULL;
        lists[i]->n = lists[i]->cap = 0;
    }
    free(job->inputs);
    job->inputs = NULL;
}
