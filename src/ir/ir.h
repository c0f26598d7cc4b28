/*
 * ir.h: the structured parallel IR (ir_), shared by every stage after the
 * front end.
 *
 * A kernel is a tree of statements. The front end produces the per-thread
 * program: what one CUDA thread runs, with BARRIER nodes where it calls
 * __syncthreads(). The split pass turns it into the block-level program:
 * GRID_FOR { SHARED...; BLOCK_FOR {...}; uniform control flow around more
 * BLOCK_FORs }.
 *
 * Leaves keep the user's source: a TEXT node names a byte range of the .cu
 * file, and every place inside it that a later stage may need to rewrite
 * (a variable reference, a return, a call that needs the thread context) is
 * an IrRef. The printer copies the range and applies the refs, so code that
 * nothing changed keeps its spelling.
 */
#ifndef CUCPU_IR_H
#define CUCPU_IR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* ---- arenas (arena.c) ---------------------------------------------------- */
typedef struct Arena Arena;
Arena *ar_new(void);
void ar_free(Arena *a);
void *ar_alloc(Arena *a, size_t n);                 /* zero-filled; dies on OOM */
char *ar_strdup(Arena *a, const char *s);
char *ar_strndup(Arena *a, const char *s, size_t n);
char *ar_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *ar_vprintf(Arena *a, const char *fmt, va_list ap);

/* Growable array of pointers, storage from an arena. */
typedef struct PtrVec { void **v; int n, cap; } PtrVec;
void pv_push(Arena *a, PtrVec *pv, void *p);

/* ---- source positions and diagnostics (diag.c) ---------------------------- */
typedef struct SrcLoc { const char *file; unsigned line, col, off; } SrcLoc;

/* The main source file: name and bytes, for printing and carets. */
typedef struct SrcFile { const char *name; const char *text; size_t len; } SrcFile;

void diag_set_file(const SrcFile *f);
/* Drops the files diag_set_file named (their arena is about to go). */
void diag_forget_files(void);
/* Prints `file:line:col: error: msg`, the source line and a caret; counts it. */
void diag_error(SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* `file:line:col: warning: msg` with the line and caret; not counted. */
void diag_warning(SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int diag_error_count(void);
/* Forgets the files, errors and sink of earlier translations, for a
 * process that translates many files (driver/inproc.c). */
void diag_reset(void);
/* diag_set_sink: fn also gets every error and note, its message formatted
 * and the text of its source line (NULL when unknown); NULL stops it. */
typedef void DiagSink(void *ctx, SrcLoc loc, const char *kind, const char *msg, const char *line);
void diag_set_sink(DiagSink *fn, void *ctx);
/* Our own bugs: names the stage and aborts. */
_Noreturn void cucpu_bug(const char *where, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define CUCPU_UNREACHABLE() cucpu_bug(__func__, "unreachable")

/* ---- variables -------------------------------------------------------------- */
enum {
    IRV_PARAM    = 1 << 0,  /* kernel parameter */
    IRV_LOCAL    = 1 << 1,  /* per-thread local */
    IRV_SHARED   = 1 << 2,  /* __shared__ (static size) */
    IRV_DYNSHARED= 1 << 3,  /* extern __shared__ T x[] */
    IRV_VARYING  = 1 << 4,  /* value may differ between threads of a block */
    IRV_PRIVATE  = 1 << 5,  /* kept per thread across a barrier: x[tid] */
    IRV_BLOCKVAR = 1 << 6,  /* a uniform loop variable owned by the block */
    IRV_ADDRTAKEN= 1 << 7,
    IRV_WRITTEN  = 1 << 8,  /* assigned somewhere in the kernel */
    IRV_SYNTH    = 1 << 9,  /* made by the translator, always kept per thread */
    IRV_RECOMPUTE= 1 << 10, /* recomputed from its initializer in later thread loops */
    IRV_SCALAR   = 1 << 11, /* uniform and kept across barriers in one variable per block */
    IRV_QUALIFIED= 1 << 12, /* declared const or volatile: its declaration prints as written */
    IRV_ALIASED  = 1 << 13, /* a reference or a lambda may read it later under another name */
    IRV_REFERENCE= 1 << 14, /* declared as a reference (T &, T &&) */
    IRV_VOLATILE = 1 << 15, /* volatile: itself, or for arrays its elements */
    IRV_LAMBDA   = 1 << 16, /* a closure, initialized by a lambda: never stored per thread,
                               re-created from its initializer where used after a barrier */
    IRV_LAMBDA_COPIES = 1 << 17, /* a closure that captures something by value */
    IRV_EXCHANGE = 1 << 18, /* a warp operation's operand array: 32 elements past the
                               block's last thread, so a shuffle may load a lane past
                               it unconditionally and select (cucpu_warp.h) */
};

typedef struct IrVar IrVar;
struct IrVar {
    const char *name;      /* name in the output (the user's, unless renamed) */
    const char *type;      /* unqualified type, e.g. "float", "int *", "T" */
    const char *elem_type; /* for arrays: the innermost element type */
    const char *dims;      /* for arrays: "[16][17]" as written by clang */
    unsigned tflags;       /* the class of type, IRT_* of expr.h (integer,
                              unsigned, floating, pointer, bool), from clang;
                              0 for arrays, classes, references, dependent
                              types and variables the translator makes */
    SrcLoc loc;
    unsigned flags;
    int id;
    int nsegs;             /* analysis: number of thread segments using it */
    int last_seg;
    int is_restrict;       /* a __restrict__ pointer parameter */
    struct IrIdx *def;     /* the initializer as an index expression, if any */
    int in_loop;           /* declared inside a loop of the kernel */
    int decl_ctl;          /* uniformity: varying conditions around its declaration */
    long size;             /* bytes, from clang; 0 when unknown (templates) */
    long elem_size;        /* arrays: bytes of one element, from clang; 0 when unknown */
    struct IrStmt *decl;   /* the DECL that defines it, when there is one */
    unsigned long long distinct; /* params: bit j set when every launch passes a
                                    different allocation for parameter j (id j) */
};

/* ---- references inside source text ---------------------------------------- */
typedef enum IrRefKind {
    REF_VAR,       /* a use of var */
    REF_BUILTIN,   /* threadIdx/blockIdx/blockDim/gridDim (kept as written) */
    REF_CALLCTX,   /* insert the thread context into a call: at `(`+1 */
    REF_RETURN,    /* a `return;` statement, range covers it */
    REF_BREAK,     /* break of a barrier loop */
    REF_CONTINUE,  /* continue of a barrier loop */
    REF_DELETE,    /* text removed in the output (qualifiers, shared decls) */
    REF_REPLACE,   /* text replaced by `text` */
    REF_CALL,      /* a call of function `text` (analysis only) */
} IrRefKind;

typedef struct IrRef {
    IrRefKind kind;
    unsigned begin, end;   /* byte offsets in the main file */
    IrVar *var;            /* REF_VAR */
    const char *text;      /* REF_REPLACE, REF_CALLCTX (args to insert) */
    int loop;              /* REF_BREAK/CONTINUE: id of the target loop */
    int has_args;          /* REF_CALLCTX: the call already has arguments */
    int value_return;      /* REF_BREAK at the `;` of an inlined `return v;`
                              (the value went to the result before it):
                              printed as `; <jump> }` */
    int is_write;          /* REF_VAR: assigned, incremented or address taken */
    int in_macro;          /* REF_VAR: spelled inside a macro body, cannot be rewritten */
    int capture;           /* REF_VAR: a lambda's capture by copy `[v]`; when v is kept
                              per thread it prints as `v = v[cucpu_tid]` */
    int copied;            /* REF_VAR: inside a lambda that captures var by copy: a
                              use of the closure's copy, printed as the plain name */
    int dim;               /* REF_BUILTIN: 0..2 for .x/.y/.z, -1 when used whole */
    const char *spelled;   /* REF_VAR: the name as the source spells it there (one
                              token), NULL when [begin, end) is not one token;
                              codegen prints var->name where a pass renamed it */
    const char *pre, *post;/* REF_VAR: a use the translator inserts (the object
                              of an inlined member function: `pre var post`
                              in place of [begin, end), e.g. `this` or before
                              an implicit member's name) */
} IrRef;

/* An array index as the front end saw it, for the memory-effect analysis.
 * Sums and products of constants, thread ids, uniform builtins and
 * variables; anything else is IX_OPAQUE (unknown). */
/* The uniform builtins an index may read (threadIdx is IX_TID). */
typedef enum IrBuiltin { IRB_BLOCK_IDX, IRB_BLOCK_DIM, IRB_GRID_DIM } IrBuiltin;

typedef enum IrIdxKind { IX_CONST, IX_TID, IX_SYM, IX_VAR, IX_ADD, IX_SUB, IX_MUL, IX_OPAQUE } IrIdxKind;
typedef struct IrIdx {
    IrIdxKind kind;
    long c;                /* IX_CONST */
    int dim;               /* IX_TID: 0 x, 1 y, 2 z */
    const char *text;      /* IX_SYM: "blockIdx.x", ... (as printed) */
    IrBuiltin builtin;     /* IX_SYM: which one; dim is its component */
    struct IrVar *var;     /* IX_VAR */
    struct IrIdx *l, *r;   /* IX_ADD, IX_SUB, IX_MUL */
} IrIdx;

/* One load or store of an array element: base[idx0][idx1]... */
typedef struct IrAccess {
    struct IrVar *base;    /* a __shared__ array or a pointer parameter */
    int write;
    int addr_only;         /* only its address is taken (&s[i]): a callee such
                              as an atomic or a pointer does the access */
    int nidx;
    IrIdx *idx[4];
    unsigned begin, end;   /* the subscript expression in the file */
    SrcLoc loc;            /* where it starts (--check reports it) */
    int spelled;           /* written in the statement, where --check wraps
                              [sbegin, send) (a macro argument too; not a
                              macro body) */
    unsigned sbegin, send;
    const char *ident;     /* the access as an identifier, `a[ty][tx]` -> a_ty_tx
                              (forward names its register after it) */
} IrAccess;

/* A comparison l op r of two index expressions; CMP_EQ (`l == r`) and
 * CMP_DIV (`l % r == 0`) only in the && form of a guard. */
typedef enum IrCmp { CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_EQ, CMP_DIV } IrCmp;
typedef struct IrCompare { IrCmp op; IrIdx *l, *r; } IrCompare;

/* A leading declaration `v = C ? X : Y` of a bounded thread loop whose
 * condition C is a comparison on the innermost thread id t (clamps.c):
 * for t in [max(par.clamp_lows), min(par.clamp_limits)) it takes `branch`
 * in every thread, and that copy of the loop prints `v = (type)(branch);`. */
typedef struct IrClamp {
    struct IrStmt *decl;
    const struct IrExpr *branch;
    const char *type;      /* the type of `C ? X : Y` (the branch converts to it) */
} IrClamp;

/* A barrier-free `if (C) return;` (exit: C is an || of comparisons) or
 * `if (C) S` without else (C is an && of them), as the front end saw it;
 * the bounds pass may turn it into thread loop bounds. */
typedef struct IrGuard {
    int exit;
    struct IrExpr *cond;             /* C as a typed tree (cmps derive from it) */
    unsigned then_begin, then_end;   /* S, for the second form */
    SrcLoc then_loc;
    PtrVec cmps;                     /* IrCompare* */
    int flag_test;                   /* `if (F) S`: C is a bare use of a
                                        variable (no cmps; flags.c) */
    struct IrExpr *sets;             /* the && form whose S is a compound
                                        statement that opens with `F = c;`,
                                        c an integer literal: that
                                        assignment (flags.c) */
    unsigned sets_end;               /* past the `;` of that statement */
} IrGuard;

/* A byte range of the main file with the refs inside it, or (when lit is
 * set) text made up by the translator. */
typedef struct IrRange {
    unsigned begin, end;
    const SrcFile *src;    /* the file [begin, end) is in; NULL: the kernel's
                              (a function inlined from a header is not) */
    SrcLoc loc;
    PtrVec refs;           /* IrRef*, sorted by begin */
    const char *lit;
    int terminated;        /* ends with the `;` or `}` of a statement */
    PtrVec accesses;       /* IrAccess* */
    int unknown_read;      /* reads memory the analysis cannot name */
    int unknown_write;     /* writes memory the analysis cannot name */
    int irregular;         /* holds a loop that may exit early (break,
                              return, goto): a search */
    int tid_text;          /* translator text among its refs reads cucpu_tid */
    int block_state;       /* calls a function that reads the block's own
                              state (its dynamic shared memory): the same
                              for a block's threads, not for the grid */
    struct IrExpr *expr;   /* the range as a typed expression tree (expr.h):
                              a condition, increment, initializer or
                              expression statement; NULL for the others */
    int made;              /* the translator made it from IR, without
                              source text: expr is all of it (MADE_EXPR),
                              or expr and a `;` (MADE_STMT); codegen
                              prints the tree (ir_expr_c). MADE_CLEAR:
                              the statement's `clears` says it all */
    int expr_ok;           /* expr says everything the analyses ask about
                              the range (lower_settle.c): its uses of
                              variables (writes marked), builtins and calls;
                              the refs inside its EX_OPAQUE nodes stand for
                              those nodes. 0: the analyses read the refs */
    int nonlocal;          /* names a variable that is neither the kernel's
                              (a local, a parameter) nor constant: a
                              __device__ or static variable, which has no
                              ref (split.c's stable conditions) */
} IrRange;

enum { MADE_EXPR = 1, MADE_STMT = 2, MADE_CLEAR = 3 /* no tree: the clear loop of IR_TEXT's clears */ };
/* r is the translator's, not the source's: text (lit) or a made tree. */
static inline int ir_range_made(const IrRange *r) { return r->lit || r->made; }

/* A warp tree (frontend/lower_warp_tree.c): its steps, so that passes can
 * print it again. lanes[i]: the lanes of each warp that step i computes
 * (lanes.c; all 32 unless a later read needs fewer). */
typedef struct IrTree {
    int xor_;              /* shfl_xor steps; 0: shfl_down */
    int n;                 /* steps */
    int offs[32];          /* each step's delta or lane mask */
    int width;             /* segment width (a tile's size) */
    const char *op;        /* cucpu_op_add, ... */
    unsigned lanes[32];
    int demand;            /* lanes.c narrowed it: lanes[] apply (with blockDim.y and .z 1) */
    struct IrVar *var;     /* the per-thread array it folds (the exchange array;
                              inplace.c: the operand's own) */
} IrTree;

/* ---- statements -------------------------------------------------------------- */
typedef enum IrStmtKind {
#define OP(name, payload, doc) IR_##name,
#include "ops.def"
#undef OP
    IR_NKINDS
} IrStmtKind;

typedef struct IrStmt IrStmt;
struct IrStmt {
    IrStmtKind kind;
    SrcLoc loc;
    int has_barrier;        /* a BARRIER is somewhere inside */
    union {
        struct { PtrVec list; int scope; } seq;             /* IR_SEQ */
        struct { IrRange r; int block_level;
                 IrAccess *store; unsigned rhs_begin, rhs_end;
                 struct IrVar *set_var; struct IrExpr *rhs;
                 IrGuard *guard, *when; int guard_to_bounds;
                 struct IrVar *any_active; int warp_level;
                 const char *clears;
                 const char *tree_ranged; IrStmt *tree_range; struct IrVar *tree_var;
                 struct IrTree *tree; struct IrVar *tree_back; } text;
                                                              /* IR_TEXT; block_level: runs once per
                                                                 block between thread loops; store: the
                                                                 statement is `store = rhs;`; set_var: it
                                                                 is `set_var = rhs;` for a local (rhs: its
                                                                 typed tree, part of r.expr); guard: see
                                                                 IrGuard; when: any `if (C) S` without
                                                                 else (cond and S's range only; no cmps);
                                                                 guard_to_bounds: the thread loop
                                                                 bounds do its test (print S or nothing);
                                                                 any_active: block level, leaves the
                                                                 enclosing loop when no thread's flag is
                                                                 1 (a predicated loop, split.c);
                                                                 warp_level: block-level text of a warp
                                                                 operation; clears: it sets every slot
                                                                 of that per-thread array to 0
                                                                 (ir_clear_per_thread);
                                                                 tree_ranged: a warp tree's steps
                                                                 (lower_warp_tree.c) over the threads
                                                                 cucpu_wb to cucpu_we only, printed when
                                                                 tree_range, the thread loop that stores
                                                                 its operand tree_var, has bounds that
                                                                 name them (bounds.c); tree: its steps
                                                                 (IrTree; printed from it, lit and
                                                                 tree_ranged are the front end's
                                                                 first text); tree_back: the statement is
                                                                 `x = tree_back[cucpu_tid]`, reading a
                                                                 tree's result back into x */
        struct { IrVar *var; IrRange decl; IrRange init; int has_init;
                 int assign_only; int direct_init; int list_init; } decl;    /* IR_DECL, IR_SHARED; assign_only: `var = init`
                                                                 (a value returned by an inlined function);
                                                                 direct_init: `T v(args)` or `T v{list}` */
        struct { IrRange cond; IrStmt *then, *els; } ifs;    /* IR_IF */
        struct { IrStmt *init; IrRange cond, inc; int has_cond, has_inc;
                 IrStmt *body; int id; int uniform;
                 IrStmt *step; struct IrVar *active; } loop;  /* IR_FOR, IR_WHILE, IR_DO; step: the
                                                                 per-thread increment of a split for;
                                                                 active: a predicated loop's per-thread
                                                                 state (0 done, 1 running, 2 continued) */
        struct { int id; int eliminated; int warp; int keep; int sweep; } barrier;
                                                              /* IR_BARRIER; warp: only the threads of a
                                                                 warp meet (a warp operation); keep: the
                                                                 exchange of a warp operation depends on
                                                                 it, barrier-elim must not remove it;
                                                                 sweep: added by the sweep pass, orders
                                                                 nothing (split predicates it) */
        struct { IrRange r; int loop; } jump;                /* IR_RETURN, IR_BREAK, IR_CONTINUE */
        struct { IrStmt *body; int seg; int simd; int inner; int after_barrier;
                 PtrVec recompute;
                 PtrVec limits; PtrVec lows; PtrVec conds;
                 struct IrIdx *stride, *offset; int if_bounds;
                 PtrVec clamps, clamp_lows, clamp_limits;
                 PtrVec regs, regs_out; } par;                    /* IR_GRID_FOR, IR_BLOCK_FOR; simd: the
                                                                 thread loop may run as SIMD lanes;
                                                                 inner: the threadIdx component of the
                                                                 innermost thread loop (0 x, 1 y, 2 z);
                                                                 recompute: IrVar* to re-derive first;
                                                                 limits (IrIdx*: the innermost thread id
                                                                 stays below each) and conds (IrCompare*
                                                                 that hold for every thread that runs):
                                                                 the bounds pass; lows (IrIdx*): the
                                                                 innermost thread id starts at the
                                                                 largest; stride, offset: it
                                                                 runs only the innermost thread ids t
                                                                 with (t + offset) % stride == 0;
                                                                 regs (IrVar*): per-thread arrays each
                                                                 iteration keeps in a local, loaded
                                                                 first; regs_out: those stored back
                                                                 at its end (registers.c) */
    } u;
};

/* A kernel's parameter as the launcher names it. */
typedef struct IrParam {
    const char *name;        /* as the user wrote it */
    int copied;              /* the body assigns it: the launcher's is renamed, and each
                                thread starts from a copy under the user's name */
} IrParam;

typedef struct IrKernel {
    const char *name;
    const SrcFile *src;      /* the main file the ranges point into */
    SrcLoc loc;              /* its name */
    int qualified_name;      /* the definition names it `C::k` (no attribute may precede it) */
    int puns;                /* reads one type through a pointer to another: compiled without strict aliasing */
    int nparams;
    unsigned body_begin, body_end;  /* the kernel's { ... } in the main file */
    PtrVec vars;             /* IrVar*: params, locals, shared */
    PtrVec shared;           /* IrStmt* IR_SHARED, hoisted out of the body */
    IrStmt *body;            /* per-thread program, then block-level program */
    int nbarriers, nloops, nsegs;
    int nbarriers_removed;   /* by barrier-elim */
    int uses_dynshared;
    int calls_block_storage; /* calls a __device__ function whose __shared__
                                variables live per OpenMP thread (thread_local,
                                cucpu_dynsmem_tls): a block's threads must all
                                run on one OpenMP thread */
    int has_return;          /* some `return` inside the body */
    int has_goto;            /* a goto or label inside the body */
    int nwarp_ops;           /* warp operations lowered (shuffles, votes, lock step) */
    int grid_sync;           /* calls grid.sync(): all blocks run at once, one
                                OpenMP thread each */
    int npredicated;         /* ifs and loops predicated per thread (split) */
    int is_template;
    int flat;                /* collapse: grid and block loops form one parallel loop */
    int balance;             /* balance: threads do unequal work; deal iterations round-robin */
    int bounds;              /* bounds: the thread body's guard became thread loop bounds */
    int recompute;           /* recompute: privatize chooses store vs recompute by min cut */
    int nstored, nrecomputed, nscalars;   /* what privatize decided */
    long stored_bytes;       /* per thread */
    int private_heap;        /* privatize: the per-thread arrays are too large
                                (or of unknown size) for an OpenMP thread's
                                stack at 1024 threads: allocated on the heap,
                                once per OpenMP thread and launch */
    int nhoisted;            /* by licm */
    int nforwarded;          /* loads replaced by a register value (forward) */
    int ndead_stores;        /* stores that forwarding made dead */
    IrStmt *prologue;        /* SEQ run once per launch before the grid loop (licm) */
    PtrVec params;           /* IrParam*: the launcher's parameters, in order */
    int unnamed_param;       /* one of them has no name (the team entry cannot pass it on) */
    int team_ok;             /* team: may run inside an existing OpenMP team */
    int team;                /* codegen: a fused host loop calls its team entry */
    int nsweeps;             /* sweep: loops run for the whole block at once */
    PtrVec defines;          /* const char*: what follows `#define ` on each line
                                of the body that defines a macro, in order;
                                codegen puts them before the launcher */
    PtrVec undefs;           /* const char*: names the body #undef's; after it */
    struct IrKernel *alt;    /* the same kernel lowered with its loop functions
                                inlined (front end, loopfns.c), or NULL; the
                                sweep pass may take it in place of this one */
} IrKernel;

/* ---- host loops whose launches may share one OpenMP team ------------------------
 * Facts the front end records about a host loop of the .cu that launches
 * kernels (frontend/fuse.c says when a loop qualifies and what each kind
 * means); the team pass decides whether it runs in one team (fused), and
 * codegen/host_loops.c writes the team code. */
typedef struct IrPos { unsigned off, line; } IrPos;   /* a byte offset and its line */

typedef enum IrHostKind {
    IRH_PRIVATE,   /* every thread runs it (same values in each) */
    IRH_LAUNCH,    /* a kernel launch: calls the kernel's team entry */
    IRH_SINGLE,    /* the master thread runs it between barriers */
    IRH_SEQ,       /* statements in order (kids) */
    IRH_LOOP,      /* a for/while/do every thread runs (its body: kids) */
    IRH_IF,        /* an if every thread runs (then, else: kids) */
    IRH_MOVED,     /* a declaration of the loop moved before the team */
} IrHostKind;

typedef struct IrHostNode {
    IrHostKind kind;
    IrPos begin, end;        /* the statement, its `;` included */
    int reads;               /* a thread may read memory here that a launch or
                                a single statement could write (PRIVATE; LOOP
                                and IF: the header; LAUNCH: the arguments) */
    PtrVec kids;             /* IrHostNode* */
    IrPos name, rparen;      /* LAUNCH: the kernel's name and the call's `)` */
    IrPos open;              /* SINGLE: where a wrapper around it opens (the
                                start of its line when only blanks precede it) */
    const char *indent;      /* the blanks before open on its line */
} IrHostNode;

typedef struct IrHostLoop {
    SrcLoc loc;
    PtrVec kernels;          /* IrKernel* it launches, each once, in order */
    IrHostNode *root;        /* the loop itself (IRH_LOOP) */
    IrPos open;              /* where the team's region opens */
    const char *indent;
    PtrVec firstprivate;     /* const char*: outer locals each thread copies,
                                written back by the master thread */
    PtrVec moved;            /* IrHostNode* IRH_MOVED, in order */
    int fused;               /* the team pass: it runs in one team */
} IrHostLoop;

IrStmt *ir_stmt(Arena *a, IrStmtKind k, SrcLoc loc);
/* Block-level text that sets every thread's slot of the per-thread array
 * `array` to 0 (a warp operation's mask, a predicated loop's flags). */
IrStmt *ir_clear_per_thread(Arena *a, SrcLoc loc, const char *array);
/* The part [b, e) of r: its refs and accesses inside, its flags. */
IrRange ir_sub_range(Arena *a, const IrRange *r, unsigned b, unsigned e);
const char *ir_kind_name(IrStmtKind k);
void ir_seq_push(Arena *a, IrStmt *seq, IrStmt *s);
/* ---- generic traversal, from ops.def's RANGE/KID/KIDS ----------------------- */
/* The ranges a statement holds itself (not its nested statements'); at
 * most IR_MAX_RANGES, stored in out in walk order. Returns how many. */
enum { IR_MAX_RANGES = 2 };
int ir_own_ranges(IrStmt *s, IrRange **out);
/* The statements nested directly in s, in walk order: ir_nkids counts the
 * slots (a KIDS list counts its length), ir_kid(s, i) is slot i, NULL for
 * an empty KID. */
int ir_nkids(const IrStmt *s);
IrStmt *ir_kid(const IrStmt *s, int i);
/* ir_walk: visits s and everything nested in it, pre(s) before s's kids
 * and post(s) after them (either may be NULL). pre returns IR_WALK_SKIP to
 * leave s's kids out, IR_WALK_STOP to end the walk (post is not called for
 * statements left open). Iterative: nesting depth costs heap, not stack.
 * Returns 1 when stopped. */
typedef enum IrWalk { IR_WALK_GO, IR_WALK_SKIP, IR_WALK_STOP } IrWalk;
int ir_walk(IrStmt *s, IrWalk (*pre)(IrStmt *s, void *ctx), void (*post)(IrStmt *s, void *ctx), void *ctx);
/* Calls fn on s and on every statement nested in it, outer first. */
void ir_each_stmt(IrStmt *s, void (*fn)(IrStmt *s, void *ctx), void *ctx);
/* Calls fn on every range of s and of the statements nested in it, in
 * walk order; stops when fn returns nonzero and returns that value. */
int ir_each_range(IrStmt *s, int (*fn)(IrRange *r, void *ctx), void *ctx);
/* Calls fn on every thread loop (BLOCK_FOR) of s, outermost, in order. */
void ir_each_thread_loop(IrStmt *s, void (*fn)(IrStmt *loop, void *ctx), void *ctx);

/* print.c: a warp tree's steps as C (cucpu_warp.h's cucpu_tree_*), given
 * piece by piece to put; ranged: over the warps of threads cucpu_wb to
 * cucpu_we (bounds.c) rather than the block's. --emit-ir and codegen
 * print trees with it. */
void ir_tree_c(const IrTree *t, int ranged, void (*put)(void *ctx, const char *s), void *ctx);
/* print.c: the stable text form used by --emit-ir and the tests. */
void ir_print_kernel(FILE *out, const SrcFile *src, const IrKernel *k);
/* The same, with the typed tree (expr.h) of each condition, increment,
 * initializer and expression statement on a line `; cond (...)` before
 * its statement when with_trees is set (--emit-ir=typed). */
void ir_print_kernel_typed(FILE *out, const SrcFile *src, const IrKernel *k, int with_trees);
/* verify.c: structural checks; on failure calls cucpu_bug naming `after`. */
void ir_verify_kernel(const IrKernel *k, const char *after);

#endif
