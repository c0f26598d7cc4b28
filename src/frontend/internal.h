/*
 * internal.h: what the front end's files share. libclang types stay here.
 */
#ifndef CUCPU_FE_INTERNAL_H
#define CUCPU_FE_INTERNAL_H

#include <clang-c/Index.h>
#include "fe.h"
#include "ir/names.h"

/* A function of the main file that device code can call. */
typedef struct FeFunc {
    CXCursor cursor;         /* canonical declaration */
    CXCursor def;            /* definition, or null cursor */
    const char *name;
    int is_kernel, is_device;
    int uses_ctx;            /* reads threadIdx/blockIdx/blockDim/gridDim (transitively) */
    int has_barrier;         /* calls __syncthreads (transitively): inlined into kernels */
    int has_sync;            /* has_barrier, for a barrier or warp operation rather
                                than only lock-step stores (transitively) */
    int writes_memory;       /* stores through a pointer or array, calls atomics, or reads a clock (transitively) */
    int uses_dynshared;      /* declares a __shared__ variable (transitively): an
                                `extern` one reads cucpu_dynsmem_tls, a static
                                one is thread_local, so its kernels run the
                                blocks of an OpenMP thread one after another */
    int puns;                /* reads memory of one type through a pointer to another
                                (a cast between pointers to different types, not
                                char or void; transitively): compiled without
                                strict aliasing (funcs.c, type_pun) */
    int dyn_objects;         /* kernels: declare an object whose class template's
                                specializations read dynamic shared memory
                                (funcs.c, objects_use_dynshared) */
    PtrVec callees;          /* FeFunc* called from its body */
    int has_loop;            /* one loop a kernel may run for the whole block (loopfns.c) */
    int loop_checked;        /* has_loop is known */
    int nlaunches;           /* kernels: <<<>>> launches in the main file */
    int addr_taken;          /* kernels: named other than as a launch's callee */
    IrKernel *ir;            /* kernels with a body: the lowered kernel */
} FeFunc;

/* A token of the main file (tokens.c): [b, e) in bytes. */
typedef struct FeTok { CXTokenKind kind; unsigned b, e; } FeTok;

/* The `( ... ; ... ; ... )` of an if, for, while or switch. */
typedef struct FeHeader { unsigned lparen, rparen, semi[2]; int nsemi; } FeHeader;

/* A user file of the translation unit, as the front end reads it. */
typedef struct FeSrc {
    FeFile *f;               /* its text, edits and kernels (FeUnit) */
    CXFile cx;
    FeTok *toks;             /* tokens.c: its tokens, comments left out */
    int ntoks;
} FeSrc;

typedef struct Fe {
    Arena *a;
    FeUnit *u;
    CXTranslationUnit tu;
    CXFile main;             /* the .cu */
    const char *include_dir; /* cucpu's headers: not user files */
    PtrVec srcs;             /* FeSrc*: user files met so far, the .cu first */
    PtrVec others;           /* CXFile*: files known not to be user files */
    CXFile last_file;        /* fe_src_of's last question and answer (a */
    FeSrc *last_src;         /* cache; reset when the files are reparsed) */
    /* The file being read: cursor offsets, tokens and edits refer to it.
     * fe_enter switches it; toks, ntoks and src mirror cur. */
    FeSrc *cur;
    FeTok *toks;
    int ntoks;
    SrcFile *src;
    PtrVec funcs;            /* FeFunc* */
    PtrVec opened;           /* CXCursor*: classes made all public (lower_members.c, open_class) */
    PtrVec launches;         /* launches.c: one entry per launch site */
    PtrVec allocs;           /* launches.c: candidate private allocations */
    PtrVec symbols;          /* host.c: const char*: each __device__ or __constant__
                                variable the unit defines, scope-qualified */
    int has_main;            /* the main file defines main() */
    int rdc;                 /* FeOptions.rdc */
    int lockstep_plain;      /* FeOptions.lockstep_plain */
    int launch_unsure;       /* the launch walk gave up: prove nothing */
    PtrVec excused;          /* exchange.c: CXSourceRange* of guarded reduction
                                steps, which need no lock step */
    int excused_done;        /* excused is filled (for this parse) */
} Fe;

/* loc.c: positions in the current file (Fe.cur) */
int fe_in_main(Fe *fe, CXCursor c);
FeSrc *fe_src_of(Fe *fe, CXFile f);            /* NULL: not a user file */
int fe_enter(Fe *fe, CXCursor c);              /* cur := c's file; 0 when not a user file */
void fe_enter_src(Fe *fe, FeSrc *s);
SrcLoc fe_loc(Fe *fe, CXCursor c);
SrcLoc fe_loc_at(Fe *fe, unsigned off);
IrPos fe_pos(Fe *fe, unsigned off);
void fe_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e);
int fe_spelled_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e);
int fe_plain_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e);   /* no macro in [b, e) */
int fe_written_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e); /* plain, or in a macro's arguments */
const char *fe_scope_name(Fe *fe, CXCursor c);   /* `ns::v`; NULL: not at namespace scope */
unsigned fe_stmt_end(Fe *fe, unsigned e);     /* extends over a following `;` */
char *fe_cxstr(Fe *fe, CXString s);
/* prelude.c: the path of a precompiled prelude (cuda_runtime.h) made
 * with exactly the clang command line args (without the prelude), built
 * under opt->prelude_dir when missing or stale; NULL when there is none. */
const char *fe_prelude(Arena *a, const FeOptions *opt, const char **args, int nargs);
/* Marks the prelude pch stale (its .deps goes), so that it is built again. */
void fe_prelude_drop(Arena *a, const char *pch);
char *fe_read_file(Arena *a, const char *path, size_t *len);   /* parse.c; NULL when unreadable */           /* copies into the arena and disposes */
const char *fe_name(Fe *fe, CXCursor c);
int fe_has_attr(CXCursor c, enum CXCursorKind attr);
CXCursor fe_child(CXCursor c, int i);
int fe_nchildren(CXCursor c);
CXCursor fe_strip(CXCursor c);       /* under implicit conversions and parentheses */

/* tokens.c: the only reader of the source's characters (clang_tokenize) */
void fe_tokenize(Fe *fe, FeSrc *s);
int fe_tok_at(Fe *fe, unsigned off);          /* first token starting at or after off */
int fe_tok_is(Fe *fe, int i, const char *s);  /* token i is spelled s */
int fe_tok_ident(Fe *fe, int i);              /* an identifier or keyword */
int fe_tok_directive(Fe *fe, int i);          /* a `#` first on its line */
/* The tokens in [b, e) as one C identifier: their letters, digits and
 * underscores, every other run one `_` (`a[ty][tx]` -> a_ty_tx). */
const char *fe_tok_identifier(Fe *fe, unsigned b, unsigned e);
/* The spelling of the one token that is exactly [b, e); NULL otherwise. */
const char *fe_tok_spelling(Fe *fe, unsigned b, unsigned e);
int fe_tok_match(Fe *fe, int i);              /* the bracket closing token i, or -1 */
int fe_tok_ends(Fe *fe, unsigned e, const char *s);   /* the token ending at e is s */
unsigned fe_next_tok(Fe *fe, unsigned off);   /* start of the first token at or after off */
unsigned fe_find_tok(Fe *fe, unsigned from, unsigned limit, const char *s);   /* limit: none */
int fe_stmt_header(Fe *fe, unsigned b, FeHeader *h);
int fe_template_args(Fe *fe, unsigned name, const char **args, int max);
/* The last token of c's extent into buf when it is an identifier (the
 * member named by a dependent `C<a>::f` or `obj.f`): 1, else 0. Any file. */
int fe_last_identifier(CXCursor c, char *buf, size_t n);

/* funcs.c: the call graph of device code */
FeFunc *fe_func(Fe *fe, CXCursor c);          /* NULL when not a function of the main file */
/* The name a call spells and the function it calls, also for a call in a
 * template whose callee is an overload set until instantiation. */
const char *fe_call_name(Fe *fe, CXCursor call);
int fe_call_unknown(CXCursor call);              /* a call clang resolved to nothing: effects unknown */
FeFunc *fe_callee(Fe *fe, CXCursor call);
void fe_collect_funcs(Fe *fe);
const char *fe_builtin_name(CXCursor ref);    /* "threadIdx"... for the builtin variables */
int fe_is_barrier_call(Fe *fe, CXCursor call);
int fe_is_launch(CXCursor call);
int fe_is_sync_call(CXCursor call);            /* __syncthreads and its reductions */
int fe_is_warp_call(Fe *fe, CXCursor call);    /* __shfl_sync, __ballot_sync, ... */
int fe_is_assign_operator_call(CXCursor call); /* a class's operator=, +=, ++, ... */
/* A store through a volatile lvalue that other threads can see (an
 * assignment, compound assignment, ++ or --), or an exchange (below): legacy
 * warp-synchronous code, which the lanes of a warp run in lock step. _stmt: c is in a statement's
 * place under parent. */
int fe_is_lockstep(Fe *fe, CXCursor c);
int fe_is_lockstep_stmt(Fe *fe, CXCursor c, CXCursor parent);
/* exchange.c: a store to an element of memory other threads see, whose
 * statement reads another element of the same variable (`s[i] += s[i ^ 8];`):
 * run in lock step too, as the GPU's warp runs it. */
int fe_is_exchange(Fe *fe, CXCursor c);
/* f (declared at c) is inlined into kernels but also stays for the host: a
 * __host__ __device__ function whose only barriers are lock-step stores */
int fe_host_kept(const FeFunc *f, CXCursor c);
CXCursor fe_store_target(CXCursor c);    /* the lvalue an assignment, ++ or -- stores to */
const char *fe_assign_operator(CXCursor c);   /* "+=" for a call of a class's operator+= */

/* coop.c: the calls of <cooperative_groups.h> that synchronize or exchange */
typedef enum FeGroup { GROUP_NONE, GROUP_BLOCK, GROUP_GRID, GROUP_TILE, GROUP_COALESCED, GROUP_ANY } FeGroup;
typedef enum FeCoopKind {
    COOP_NONE, COOP_CTX, COOP_BLOCK_SYNC, COOP_GRID_SYNC, COOP_WARP_SYNC, COOP_WARP_OP, COOP_COALESCED
} FeCoopKind;
typedef struct FeCoop {
    FeCoopKind kind;
    const char *name;        /* the function or method: "shfl_down", "reduce", ... */
    FeGroup group;           /* the group it acts on (the object, or the first argument) */
    int width;               /* a tile's size; 32 otherwise */
    int member;              /* g.f(...) rather than f(g, ...) */
    CXCursor object;         /* the group expression, or a null cursor */
} FeCoop;
int fe_coop_call(Fe *fe, CXCursor call, FeCoop *out);
const char *fe_coop_dependent(Fe *fe, CXCursor call);
/* fe_coop_dependent's reduce, inclusive_scan and exclusive_scan: lowered
 * where the template is lowered (warp_call), the group from its first
 * argument's type. Returns the name, or NULL. */
const char *fe_coop_dependent_collective(Fe *fe, CXCursor call);
const char *fe_coop_functor(Fe *fe, CXType t);   /* "cooperative_groups::plus<T>", or NULL */
const char *fe_coop_dependent_member(Fe *fe, CXCursor call, CXCursor *obj);
FeGroup fe_group_named(const char *type_spelling, int *width);

/* cub.c: calls of block- and warp-level CUB collectives (a member
 * function of cub::BlockReduce, BlockScan, WarpReduce, BlockLoad,
 * BlockStore, BlockExchange, BlockRadixSort, BlockDiscontinuity,
 * BlockHistogram or WarpScan) */
typedef enum FeCubClass {
    CUB_NONE, CUB_BLOCK_REDUCE, CUB_BLOCK_SCAN, CUB_WARP_REDUCE, CUB_BLOCK_LOAD, CUB_BLOCK_STORE,
    CUB_BLOCK_EXCHANGE, CUB_BLOCK_RADIX_SORT, CUB_WARP_SCAN, CUB_BLOCK_DISCONTINUITY, CUB_BLOCK_HISTOGRAM
} FeCubClass;
typedef struct FeCub {
    FeCubClass cls;
    const char *cls_name;    /* "cub::BlockReduce", ... */
    const char *method;      /* "Sum", "ExclusiveSum", ... */
    CXCursor decl;           /* the member function called */
    CXCursor object;         /* the object expression */
    const char *type;        /* T, the class's first template argument (canonical spelling) */
    int width;               /* WarpReduce's and WarpScan's LOGICAL_WARP_THREADS; 0 elsewhere */
} FeCub;
int fe_cub_call(Fe *fe, CXCursor call, FeCub *out);   /* out may be NULL */

/* lower.c: kernel bodies to the per-thread IR */
int fe_is_warp_op(const char *name);
IrKernel *fe_lower_kernel(Fe *fe, FeFunc *f);
/* directives.c: the #define and #undef lines inside k's body (current file) */
void fe_kernel_directives(Fe *fe, IrKernel *k);
int fe_wants_loop_alt(FeFunc *f);   /* loopfns.c */

/* launches.c: pointer parameters that every launch proves distinct */
void fe_collect_launches(Fe *fe);
void fe_mark_distinct(Fe *fe, FeFunc *f, IrKernel *k);   /* sets IrVar.distinct */

/* shifts.c: a shift of device code, which gets the GPU's meaning as the
 * call fn(a, n) of op's helper: insert fn (`cucpu_shl(`) at open, replace
 * [op_b, op_e) by `,`, insert `)` at close. 0 when c is no such shift or
 * need not or cannot be rewritten. */
typedef struct FeShift { unsigned open, op_b, op_e, close; IrShift op; const char *fn; } FeShift;
int fe_gpu_shift(Fe *fe, CXCursor c, FeShift *s);
int fe_gpu_clock(Fe *fe, CXCursor c, unsigned *b, unsigned *e);
int fe_gpu_f2i(Fe *fe, CXCursor c, unsigned *b, unsigned *e, const char **fn);   /* (int)f saturating */   /* clock() -> cucpu_clock() */

/* indirect.c: kernels used other than by a launch that names them */
int fe_launch_through_pointer(CXCursor call);        /* its callee is no function's name */
void fe_token_launch(Fe *fe, CXCursor call);          /* `<<<` -> `->* cucpu_config(` */
void fe_kernel_ref(Fe *fe, CXCursor ref);             /* k -> k's stub, outside launches */
void fe_kernel_registrations(Fe *fe, PtrVec *names);  /* the kernels the unit's constructor registers */

/* host.c: facts about code outside kernel bodies */
void fe_host_facts(Fe *fe);
/* A fact of the current file about [b, e), appended to its list. */
IrFact *fe_fact(Fe *fe, IrFactKind k, unsigned b, unsigned e);
/* 1 when a fact of f touches [b, e) (some edit of it may lie inside). */
int fe_facts_touch(const FeFile *f, unsigned b, unsigned e);
/* fe_fact, or the fact of kind k about [b, e) made before (a macro's body). */
IrFact *fe_fact_once(Fe *fe, IrFactKind k, unsigned b, unsigned e);
/* shared_macro.c: a __shared__ declaration spelled in a macro's body;
 * 1 when it handled c (facts or an error) */
int fe_shared_decl_in_macro(Fe *fe, CXCursor c, int in_function);

/* params.c: the launcher's parameters (IrKernel.params) */
void fe_launch_params(Fe *fe, FeFunc *f, IrKernel *k);

/* fuse*.c: host loops whose launches can share one OpenMP team */
void fe_find_team_loops(Fe *fe);

#endif
