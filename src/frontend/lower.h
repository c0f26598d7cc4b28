/*
 * lower.h: the lowering of a kernel body to the per-thread IR, shared by
 * the lower_*.c files (private to them; the front end's entry point is
 * fe_lower_kernel in internal.h).
 *
 * What each file does:
 *   lower.c            statements in general, the kernel entry point
 *   lower_vars.c       variables: the cursor-to-IrVar map, types, __shared__ variables
 *   lower_scan.c       leaves: a statement's text range and the refs inside it
 *   lower_access.c     memory accesses for the effect analysis
 *   lower_expr.c       typed expression trees (ir/expr.h) from cursors
 *   lower_settle.c     the refs' facts moved onto the trees (expr_ok)
 *   lower_warp_ops.c   the table of warp primitives and cooperative-groups calls
 *   lower_members.c    classes: member uses, and member functions inlined on an object
 *   lower_stmts.c      if, for, while, do and declarations that hold barriers
 *   lower_inline.c     functions with barriers inlined at their calls, templates
 *   lower_warp.c       warp primitives and lock-step volatile stores
 *   lower_warp_tree.c  a loop of shuffles that folds a warp, lowered whole
 *   lower_cub.c        CUB's block- and warp-level collectives (BlockReduce, BlockScan, WarpReduce,
 *                      WarpScan, BlockLoad/Store, BlockExchange, BlockRadixSort, BlockDiscontinuity,
 *                      BlockHistogram)
 *   lower_normalize.c  barrier and warp calls hoisted out of expressions
 */
#ifndef CUCPU_FRONTEND_LOWER_H
#define CUCPU_FRONTEND_LOWER_H

#include "internal.h"

typedef struct VarMap { CXCursor c; IrVar *v; } VarMap;
typedef struct LoopCtx { int id; int barrier; int is_switch; } LoopCtx;

/* Loops nested deeper than this in one kernel are refused (the thread
 * loops' codegen keeps a stack of the enclosing loops). */
enum { MAX_LOOP_DEPTH = 60 };

typedef struct Lower {
    Fe *fe;
    IrKernel *k;
    VarMap *map;
    int nmap, capmap;
    LoopCtx loops[MAX_LOOP_DEPTH];
    int nloops;
    int ret_loop;            /* inlining: `return` breaks this loop; -1 in the kernel */
    IrVar *ret_var;          /* inlining: where `return e` stores e, or NULL */
    int depth;               /* inlining depth */
    FeFunc *func;            /* the kernel */
    PtrVec hoisted;          /* Hoisted*: barrier calls moved out of their expressions */
    PtrVec tsubst;           /* TSubst*: template parameters of the inlined function */
    PtrVec inlined;          /* IrVar*: parameters and locals of inlined functions */
    int ntemps;              /* cucpu_ret_<n> temporaries made */
    int in_lockstep;         /* scanning the parts of a lock-step store */
    CXCursor lockstep_store; /* that store: its value's scan reads, not stores */
    int lambda_by_ref;       /* scanning a group operation's lambda: its captures become `[&]` */
    /* inlining a member function (members.c's job in a smaller world): the
     * object, a `C &cucpu_this_N` local bound to the call's object (NULL
     * in a static member), the class (its template pattern) whose names
     * the body uses unqualified, and that class as the kernel spells it */
    IrVar *this_var;
    CXCursor this_class;
    const char *this_class_text;
    int this_dependent;      /* this_class_text names the kernel's template parameters */
    int this_is_ptr;         /* this_var is a pointer (`p->f()`), not a reference */
    int nthis;
    int alt;                 /* the alternative lowering: loop functions inlined, their loop a FOR (loopfns.c) */
} Lower;

/* A call of a function with a barrier inside an expression: normalization
 * runs it first, as a statement, storing its value into `var`; the
 * expression then reads var where the call stood. */
typedef struct Hoisted { CXCursor call; IrVar *var; } Hoisted;

/* Inlining a function template: each use of parameter `param` (named
 * `name`) prints as `text`, the argument of this call. */
typedef struct TSubst { CXCursor param; const char *name; const char *text; } TSubst;


/* A growable list of cursors, storage from the arena. */
typedef struct CurVec { CXCursor *v; int n, cap; } CurVec;

typedef CurVec Kids;

/* Scanning one leaf: the range it fills and what it saw. */
typedef struct Scan {
    Lower *L;
    IrRange *r;
    CurVec writes;           /* variables stored into */
    CurVec stores;           /* lvalues stored into */
    CurVec rows;             /* inner subscripts of recorded multi-dimensional accesses */
    CurVec bases;            /* array names of recorded accesses */
    int in_lambda;           /* inside a lambda's body: its jumps are its own */
    PtrVec copies;           /* IrVar*: what the lambdas around the scan capture
                                by copy by name (`[v]`): their body reads the copy */
} Scan;

/* The parts of an if, for, while or switch. Each child is told apart by
 * its cursor kind and by where it starts relative to the tokens `(`, `;`
 * and `)` of the header. */
typedef struct Parts {
    CXCursor init;      /* init-statement: if (init; c), switch, for */
    CXCursor condvar;   /* condition variable: if (T v = e), while, for */
    CXCursor cond;      /* condition expression, unless condvar stands for it */
    CXCursor inc;       /* for: increment */
    CXCursor body, els; /* if: then and else; loops: the body */
} Parts;

/* The warp primitives: each lowers to a warp barrier with an exchange
 * through per-thread arrays (lower_warp); `helper` (cucpu_warp.h) reads
 * the exchanged values of the caller's warp. */
typedef enum WarpKind {
    W_SHFL_IDX, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL, W_UNI, W_ACTIVEMASK,
    W_MATCH_ANY, W_MATCH_ALL, W_REDUCE, W_SYNCWARP, W_CG_REDUCE, W_CG_ISCAN, W_CG_ESCAN, W_COALESCED,
    W_PARTITION, W_CUB
} WarpKind;
typedef struct WarpOp WarpOp;
struct WarpOp { const char *name; WarpKind kind; int has_mask; IrName helper; /* NM_COUNT: none */ };

typedef struct WarpCall WarpCall;
/* A call of a warp primitive or a cooperative-groups member. */
struct WarpCall {
    const WarpOp *op;
    int a0;                  /* the value argument */
    int width;               /* the group's width; 0: the primitive's own argument */
    FeCoop coop;             /* coop.kind != COOP_NONE: a cooperative-groups call */
    FeCub cub;               /* op->kind == W_CUB: a CUB collective (lower_cub) */
    const char *fo;          /* W_CG_REDUCE: the operator's text, when not an argument */
};

/* f is inlined at its calls: it has a barrier, or it is a loop function
 * in the alternative lowering (lower_stmts.c) */
int inlines(const Lower *L, const FeFunc *f);

/* lower_vars.c */
IrVar *lookup(Lower *L, CXCursor c);
int after_dims(Lower *L, CXCursor d, int *first);
const char *subst_type(Lower *L, const char *t);
const char *tsubst_of(Lower *L, CXCursor ref);
IrVar *synth_var(Lower *L, const char *name, const char *type, SrcLoc loc, unsigned flags);
IrVar *new_var(Lower *L, CXCursor d, unsigned flags);
IrVar *shared_var(Lower *L, CXCursor d);

/* lower_scan.c */
void cv_push(Arena *a, CurVec *cv, CXCursor c);
IrRef *add_ref(Scan *s, IrRefKind k, unsigned b, unsigned e);
void shared_use(Scan *s, CXCursor c, IrVar *v, CXCursor parent);
void scan_call(Scan *s, CXCursor c);
void note_reference_bind(Lower *L, CXCursor arg);
int find_loop(Lower *L, int want_switch_ok);
void push_loop(Lower *L, int id, int barrier, int is_switch);
int cmp_ref(const void *a, const void *b);
void scan_range(Lower *L, CXCursor c, unsigned b, unsigned e, IrRange *r);
IrStmt *text_leaf(Lower *L, CXCursor c);
/* Adds the refs of c, one more statement inside r's range, to r. */
void scan_more(Lower *L, CXCursor c, IrRange *r);

/* lower_expr.c */
struct IrExpr *expr_of(Lower *L, CXCursor c);   /* NULL for a null cursor */
IrIdx *idx_of(Lower *L, CXCursor c);             /* expr_of as an index expression */
unsigned expr_type_class(CXType t);              /* IRT_* (ir/expr.h) of t */

/* lower_settle.c: the refs' facts moved onto each leaf's tree (expr_ok) */
void settle_trees(IrKernel *k);

/* lower_access.c */
int same_node(CXCursor a, CXCursor b);
int is_store(Scan *s, CXCursor c);
void spelled_access(Scan *s, CXCursor c, IrAccess *a);
void record_access(Scan *s, CXCursor c, CXCursor parent);
int is_write_use(Scan *s, CXCursor use, CXCursor parent);

/* lower_warp_ops.c */
int warp_call(Lower *L, CXCursor call, WarpCall *w);
int is_warp_call(Lower *L, CXCursor call);
const WarpOp *coop_op(const char *name);
const char *sync_reduction(const char *n);

/* lower_members.c */
int is_class_kind(enum CXCursorKind k);
CXCursor class_pattern(CXCursor c);
int member_of(CXCursor decl, CXCursor cls);
void object_use(Scan *s, CXCursor c, int is_this);
void class_name_ref(Scan *s, CXCursor c, int what);
int implicit_member_call(Lower *L, CXCursor c);
int member_context(Lower *L, CXCursor call, FeFunc *f, IrStmt *seq);

/* lower_stmts.c */
int has_barrier(Lower *L, CXCursor c);
Kids kids_of(Lower *L, CXCursor c);
void expr_range(Lower *L, CXCursor c, IrRange *r);
int contains(CXCursor outer, CXCursor inner, Fe *fe);
IrStmt *lower_if(Lower *L, CXCursor c);
int new_loop(Lower *L);
IrStmt *lower_for(Lower *L, CXCursor c);
IrStmt *lower_while(Lower *L, CXCursor c, IrStmtKind kind);
IrStmt *lower_decl(Lower *L, CXCursor c);

/* lower_inline.c */
IrStmt *lower_inline(Lower *L, CXCursor call, FeFunc *f, IrVar *ret);
IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x);
int is_sync_reduction(Lower *L, CXCursor e);
FeFunc *barrier_callee(Lower *L, CXCursor e);
void note_assignment(IrStmt *s);

/* lower_warp.c */
const char *warp_result_type(Lower *L, CXCursor call, const WarpCall *w);
IrStmt *lower_warp(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret);
IrStmt *lower_lockstep(Lower *L, CXCursor e);
IrStmt *warp_barrier(Lower *L, SrcLoc loc, int keep);

/* lower_warp_tree.c */
IrStmt *lower_warp_tree(Lower *L, CXCursor c, const Parts *p);

/* lower_cub.c */
IrStmt *lower_cub(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret);
void set_exchange(Lower *L, IrStmt *seq, IrVar *v, const CXCursor *arg, const char *lit);
void range_replace(Lower *L, IrRange *r, unsigned b, unsigned e, const char *text);

/* lower_normalize.c */
IrStmt *hoist_calls(Lower *L, CXCursor e);
IrStmt *then_stmt(Lower *L, IrStmt *pre, IrStmt *s);

/* lower.c */
IrStmt *lower_expr_stmt(Lower *L, CXCursor c);
IrStmt *lower_stmt(Lower *L, CXCursor c);
IrStmt *lower_compound(Lower *L, CXCursor c, int scope);

#endif
