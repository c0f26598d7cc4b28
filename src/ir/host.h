/*
 * host.h: facts about the host side of a file (IrFact), the front end's
 * record of what the output must change outside kernel bodies.
 *
 * The front end reads the source and records *where* and *what*: a launch
 * site with the ranges of its `<<<...>>>` and configuration expressions, a
 * CUDA qualifier to drop, a __shared__ declaration, a shift of device code,
 * a call that needs the thread context. It writes no output text.
 * Codegen (codegen/host_edits.c) turns each fact into the edits of the
 * output file, and is the only stage that spells generated code.
 *
 * Every position is a byte offset of the fact's file with its line (IrPos),
 * so codegen can put the compiler back on the .cu's lines after an edit.
 * A fact's [b, e) is the source it concerns; every edit it makes lies
 * inside it (an insertion may sit at either end). b == e: an insertion
 * point. Facts are kept in the order the front end made them: insertions
 * at one offset apply in that order (the thread context of `f(a << n)`
 * before the shift's `cucpu_shl(`).
 */
#ifndef CUCPU_IR_HOST_H
#define CUCPU_IR_HOST_H

#include "ir.h"

typedef enum IrFactKind {
    IRF_KERNEL_BODY,     /* a kernel's { body }: its launcher replaces it (u.kernel) */
    IRF_LAUNCH_PARAMS,   /* a kernel's parameter list gains the launch configuration (u.params) */
    IRF_CTX_PARAMS,      /* a __device__ function's gains the thread context (u.params) */
    IRF_CTX_ARGS,        /* a call of such a function passes it (u.params; b: after its `(`) */
    IRF_KERNEL_OPT,      /* a __device__ function's definition, compiled as kernels are (b: its start) */
    IRF_LAUNCH,          /* `k<<<g, b, s, st>>>(args)` becomes a call of k's launcher (u.launch;
                            [b, e): from `<<<` to after the arguments' `(`) */
    IRF_LAUNCH_TOKENS,   /* a launch through a pointer or a macro: only its `<<<` and `>>>`
                            change (u.tokens; [b, e): `<<<` ... `>>>`) */
    IRF_KERNEL_REF,      /* a kernel's name used other than as a launch's callee ([b, e): as spelled) */
    IRF_INLINED_FUNC,    /* a function with a barrier, inlined into kernels, goes (u.name;
                            [b, e): its definition and `;`) */
    IRF_QUALIFIER,       /* a CUDA qualifier (its arguments and trailing blanks) goes */
    IRF_SHARED_MOVED,    /* a file-scope __shared__ declaration went into its kernels */
    IRF_SHARED_TLS,      /* a static __shared__ of a __device__ function becomes thread_local
                            (u.is_static: already `static`; b: the declaration's start) */
    IRF_SHARED_DYN,      /* an `extern __shared__ T a[]` of a __device__ function points into
                            the block's dynamic shared memory (u.shared) */
    IRF_SHARED_DYN_MACRO,/* the same, spelled in a macro's body (u.macro_dyn; b: the name's
                            token, which becomes `*name`; [brackets, e): its `[]`, which
                            become the initializer) */
    IRF_SHIFT,           /* a shift of device code with the GPU's meaning (u.shift;
                            [b, e): the whole shift) */
    IRF_CLOCK,           /* clock() of device code reads the cycle counter ([b, e): `clock`) */
    IRF_F2I,             /* a float converted to int in device code saturates like the GPU's
                            ([b, e): the operand; u.name: the intrinsic and its `(`) */
    IRF_REGISTER,        /* the unit's constructor at the end of the .cu (u.reg) */
    IRF_PARAM_COPY,      /* a kernel parameter the body assigns: the launcher's is renamed
                            (u.name; [b, e): the parameter's name) */
    IRF_CLASS_OPEN,      /* a class whose member functions kernels inline opens with
                            `public:` (b: after its `{`) */
    IRF_ACCESS,          /* ... and its `private`/`protected` labels become public */
    IRF_INCLUDE,         /* an #include of a file translated into the shadow folder (u.include;
                            [b, e): the file name with its quotes or <>) */
} IrFactKind;

/* The shifts of device code (include/cucpu_shift.h). */
typedef enum IrShift { IRS_SHL, IRS_SHR, IRS_SHL_ASSIGN, IRS_SHR_ASSIGN } IrShift;

typedef struct IrFact {
    IrFactKind kind;
    IrPos b, e;
    union {
        IrKernel *kernel;                  /* KERNEL_BODY */
        const char *name;                  /* INLINED_FUNC: the function; PARAM_COPY: the parameter */
        int is_static;                     /* SHARED_TLS */
        struct {
            int is_void;                   /* [b, e) is the `void` of `(void)`, else b == e, after `(` */
            int more;                      /* parameters or arguments follow b */
        } params;                          /* LAUNCH_PARAMS, CTX_PARAMS, CTX_ARGS */
        struct {
            IrPos cfg_e;                   /* [b, cfg_e): `<<<g, b, s>>>`; e: after the arguments' `(` */
            int more;                      /* the launch has arguments */
            unsigned conf_b[4], conf_e[4]; /* grid, block, shared bytes, stream as written; b == e: left out */
            int widen[2];                  /* grid, block: a number, made a dim3 */
        } launch;
        struct { IrPos open_e, close_b; } tokens;   /* [b, open_e): `<<<`; [close_b, e): `>>>` */
        struct { const char *type, *name; } shared; /* SHARED_DYN: element type and variable */
        struct { const char *name; IrPos brackets; } macro_dyn;   /* SHARED_DYN_MACRO */
        struct {
            IrShift op;
            IrPos op_b, op_e;              /* the operator */
        } shift;
        struct {
            PtrVec kernels;                /* const char*: kernels the unit defines, scope-qualified */
            PtrVec symbols;                /* const char*: __device__ and __constant__ variables */
        } reg;
        struct {
            const char *dir;               /* how the file names the shadow folder ("" beside it) */
            const char *shadow;            /* the translated copy's name in it */
        } include;
    } u;
} IrFact;

#endif
