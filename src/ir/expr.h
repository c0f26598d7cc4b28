/*
 * expr.h: typed expression trees (IrExpr), what the passes reason about
 * inside a leaf.
 *
 * The front end (frontend/lower_expr.c) builds one from libclang's cursors
 * for each expression-shaped range it lowers: IF and loop conditions, loop
 * increments, DECL initializers and expression statements (IrRange.expr).
 * Every node has its type as clang spells it, a classification of that
 * type, and its place in the file. Operators, calls, uses of declarations,
 * the CUDA builtins, member accesses, subscripts, literals, casts and `?:`
 * are nodes of their own; everything else (a lambda, `new`, a dependent
 * construct of a template) is EX_OPAQUE, known only by its source range.
 *
 * The tree is for analysis only: output is still printed from the range and
 * its refs, so unchanged code keeps the user's spelling. Trees are cut at
 * IR_EXPR_MAX_DEPTH (the cut subtree is EX_OPAQUE), so walking one
 * recursively is safe however deep the source expression is.
 */
#ifndef CUCPU_IR_EXPR_H
#define CUCPU_IR_EXPR_H

#include "ir.h"

enum { IR_EXPR_MAX_DEPTH = 200 };

typedef enum IrExprKind {
    EX_BINARY,    /* l op r: arithmetic, comparison, logical, comma (op, kids[0..1]) */
    EX_ASSIGN,    /* l = r, l op= r (op: OP_ASSIGN or OP_ADD_ASSIGN...; kids[0..1]) */
    EX_UNARY,     /* op x (op, kids[0]) */
    EX_CALL,      /* name(args) (name: the callee as called; kids: the arguments) */
    EX_VAR,       /* a use of a kernel variable (var) */
    EX_DECL,      /* a use of another declaration (name; ival for an enum constant) */
    EX_BUILTIN,   /* threadIdx/blockIdx/blockDim/gridDim (builtin; dim 0..2, -1 whole) */
    EX_MEMBER,    /* kids[0].name or kids[0]->name (arrow) */
    EX_SUBSCRIPT, /* kids[0][kids[1]] */
    EX_INT,       /* integer literal (ival) */
    EX_FLOAT,     /* floating literal (fval) */
    EX_CAST,      /* a conversion of kids[0] to type (cast: how it is written) */
    EX_COND,      /* kids[0] ? kids[1] : kids[2] */
    EX_OPAQUE,    /* anything else: only its range */
} IrExprKind;

typedef enum IrOp {
    /* binary, in the order of libclang's CXBinaryOperatorKind */
    OP_NONE, OP_PTRMEM_D, OP_PTRMEM_I, OP_MUL, OP_DIV, OP_REM, OP_ADD, OP_SUB, OP_SHL, OP_SHR, OP_CMP3,
    OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE, OP_AND, OP_XOR, OP_OR, OP_LAND, OP_LOR,
    OP_ASSIGN, OP_MUL_ASSIGN, OP_DIV_ASSIGN, OP_REM_ASSIGN, OP_ADD_ASSIGN, OP_SUB_ASSIGN,
    OP_SHL_ASSIGN, OP_SHR_ASSIGN, OP_AND_ASSIGN, OP_XOR_ASSIGN, OP_OR_ASSIGN, OP_COMMA,
    /* unary, in the order of CXUnaryOperatorKind */
    OP_POST_INC, OP_POST_DEC, OP_PRE_INC, OP_PRE_DEC, OP_ADDR, OP_DEREF, OP_PLUS, OP_NEG,
    OP_NOT, OP_LNOT, OP_REAL, OP_IMAG, OP_EXTENSION, OP_COAWAIT,
    OP_NOPS
} IrOp;

/* What a type is, from clang's canonical type (0 for a dependent type). */
enum {
    IRT_INT      = 1 << 0,   /* an integer type: char, int, long, enums, bool */
    IRT_UNSIGNED = 1 << 1,   /* an unsigned integer type */
    IRT_FLOAT    = 1 << 2,   /* float, double, half */
    IRT_POINTER  = 1 << 3,   /* a pointer (an array is not) */
    IRT_BOOL     = 1 << 4,
};

/* EX_CAST: a conversion clang inserted, `(T)x`, `T(x)`, `static_cast<T>(x)`
 * and the other named casts. */
typedef enum IrCastKind { CAST_IMPLICIT, CAST_C, CAST_FUNCTIONAL, CAST_NAMED } IrCastKind;

typedef struct IrExpr IrExpr;
struct IrExpr {
    IrExprKind kind;
    const char *type;        /* clang's spelling, e.g. "int", "float *", "T" */
    unsigned tflags;         /* IRT_* */
    unsigned begin, end;     /* the expression in its file */
    unsigned pbegin, pend;   /* the same with the parentheses around it, if any */
    SrcLoc loc;
    IrOp op;                 /* EX_BINARY, EX_ASSIGN, EX_UNARY */
    int nkids;
    IrExpr **kids;
    IrVar *var;              /* EX_VAR */
    const char *name;        /* EX_CALL, EX_DECL, EX_MEMBER */
    IrBuiltin builtin;       /* EX_BUILTIN other than threadIdx */
    int tid;                 /* EX_BUILTIN: it is threadIdx */
    int dim;                 /* EX_BUILTIN: 0..2 for .x .y .z, -1 when used whole */
    int arrow;               /* EX_MEMBER: `->` */
    int cast;                /* EX_CAST: how it is written (IrCastKind) */
    int has_value;           /* EX_DECL: an enum constant (ival); EX_INT: ival known */
    long long ival;          /* EX_INT, EX_DECL of an enum constant */
    double fval;             /* EX_FLOAT */
    int write;               /* EX_VAR: this use stores into var (assigned,
                                incremented, its address taken, passed to a
                                reference parameter), as the front end found */
    int ctx;                 /* EX_CALL: the call passes the thread context
                                (its callee reads threadIdx or a group) */
    int settled;             /* front end: matched with a ref (lower_settle.c) */
};

/* The spelling of op: "+", "<=", "+=", "post++", ... */
const char *ir_op_name(IrOp op);
/* e under the casts clang inserted (implicit ones only). */
const IrExpr *ir_expr_bare(const IrExpr *e);
/* The integer literal v (of type int), made by the translator at loc. */
IrExpr *ir_expr_int(Arena *a, long long v, SrcLoc loc);
/* 1 when e is the integer literal v (under implicit conversions). */
int ir_expr_is_int(const IrExpr *e, long long v);
/* e as an index expression (IrIdx) for the memory-effect and bounds
 * analyses: sums and products of constants, thread ids, uniform builtins
 * and variables; any other node is IX_OPAQUE. Trees deeper than the
 * analyses walk (64 levels) are cut there. NULL e gives NULL. */
IrIdx *ir_expr_idx(Arena *a, const IrExpr *e);
/* Appends to out the comparisons (<, <=, >, >=) of e joined by `join`
 * (OP_LOR or OP_LAND) as IrCompare*. Returns 0 when e is not such a chain
 * of at most 8, or is deeper than 8 levels. */
int ir_expr_compares(Arena *a, const IrExpr *e, IrOp join, PtrVec *out);
/* Every use of variable `from` in e reads `to` instead (versions.c). */
void ir_expr_retarget(IrExpr *e, const IrVar *from, IrVar *to);
/* A copy of node e (sharing its kids) for a new owner, e itself becoming
 * a use of v: the value of e now comes from v (forward.c). */
IrExpr *ir_expr_take(Arena *a, IrExpr *e, IrVar *v);
/* The innermost node of root spelled [b, e) (with or without its
 * parentheses) becomes a use of v, keeping its type. Returns 0 when there
 * is none (nothing changes). */
int ir_expr_to_var(IrExpr *root, unsigned b, unsigned e, IrVar *v);
/* A tree the translator made (IrRange.made) as C: integer literals,
 * variables (var prints one), operators and calls. */
typedef struct IrCOut {
    void (*put)(void *ctx, const char *s);
    void (*var)(void *ctx, const IrVar *v);
    void *ctx;
} IrCOut;
void ir_expr_c(const IrExpr *e, const IrCOut *o);
/* New nodes for made trees: a use of v, op x, l op r, name(). */
IrExpr *ir_expr_var(Arena *a, IrVar *v, SrcLoc loc);
IrExpr *ir_expr_unary(Arena *a, IrOp op, IrExpr *x);
IrExpr *ir_expr_binary(Arena *a, IrOp op, IrExpr *l, IrExpr *r);
IrExpr *ir_expr_call0(Arena *a, const char *name, SrcLoc loc);
/* A made range holding e (how: MADE_EXPR or MADE_STMT). */
IrRange ir_made_range(IrExpr *e, int how, SrcLoc loc);
/* The compact text form: `(< (var i int) (var n int))`; src holds the
 * text of opaque nodes (their source, blanks squeezed). */
void ir_expr_print(FILE *out, const SrcFile *src, const IrExpr *e);

#endif
