/*
 * fuse.h: what the files that find fusable host loops share (fuse.c says
 * what the team code is and when a loop qualifies). One job per file:
 *   fuse_scan.c      what a subtree does: calls, memory reads and writes,
 *                    locals assigned or addressed, jumps, launches (Facts);
 *   fuse_share.c     which locals each thread may copy (firstprivate) and
 *                    which the team shares, declarations moved before it;
 *   fuse_classify.c  each statement of a loop as private, launch, single,
 *                    moved or control flow (Node);
 *   fuse_record.c    the nodes as the IR's facts (IrHostLoop, IrHostNode);
 *   fuse.c           the loops of the main file's host functions.
 * None of them decides whether a loop fuses (passes/team.c does) or writes
 * code (codegen/host_loops.c does).
 */
#ifndef CUCPU_FE_FUSE_H
#define CUCPU_FE_FUSE_H

#include "internal.h"

/* ---- fuse_scan.c: facts about a subtree ---- */
typedef struct Facts {
    int calls;           /* calls other than dim3 constructors; new, lambdas, asm */
    int reads;           /* reads memory: a[i], *p, p->f, globals */
    int areads;          /* reads locals whose address escapes (only singles can write them) */
    int mem_writes;      /* assigns through memory */
    int jumps;           /* return, goto, labels; break/continue leaving the subtree */
    int launches;
    PtrVec assigned;     /* CXCursor*: locals assigned (=, op=, ++, --) */
    PtrVec addressed;    /* CXCursor*: locals whose address is taken or bound to a reference */
    PtrVec arrays;       /* CXCursor*: local arrays named */
} Facts;

/* addr: the function's address-taken locals, or NULL while finding them;
 * out_args: `&x` given to a CUDA runtime call that keeps no pointer does not
 * count as address taken. */
Facts *fuse_scan(Fe *fe, CXCursor c, const PtrVec *addr, int out_args);
int fuse_in_set(const PtrVec *s, CXCursor c);     /* CXCursor* sets */
void fuse_add_set(Fe *fe, PtrVec *s, CXCursor c);
int fuse_is_local(CXCursor v);                    /* a non-static local or parameter */
int fuse_is_array(CXType t);

/* ---- fuse_classify.c: the statements of a loop ---- */
/* N_MOVED: a declaration of L moved before the team */
typedef enum NodeKind { N_PRIVATE, N_LAUNCH, N_SINGLE, N_SEQ, N_LOOP, N_IF, N_MOVED } NodeKind;

typedef struct Node {
    NodeKind kind;
    unsigned begin, end;     /* the statement, its `;` included */
    int reads;               /* PRIVATE: reads memory; LOOP, IF: the header does; LAUNCH: the arguments do */
    int areads;              /* the same for locals whose address escapes */
    PtrVec kids;             /* SEQ: statements; LOOP: the body; IF: then, else */
    unsigned name, rparen;   /* LAUNCH: the kernel's name and the call's `)` */
    CXCursor decl;           /* PRIVATE, MOVED: the DeclStmt, if the statement is one */
} Node;

typedef struct Fuse {
    Fe *fe;
    IrHostLoop *loop;
    CXCursor stmt;           /* the loop L */
    unsigned lb, le;         /* its text */
    PtrVec addr_out;         /* CXCursor*: locals whose address the function takes, not
                                counting `&x` given to CUDA calls that keep no pointer */
    PtrVec addr;             /* CXCursor*: the same for loop L (set by try_loop), where every `&x` in L counts,
                                and the locals the team shares */
    PtrVec fp;               /* CXCursor*: outer locals L assigns (firstprivate) */
    PtrVec hoist;            /* CXCursor*: L's locals whose declarations move before the team */
    PtrVec decls;            /* Node*: L's declarations seen so far in this pass */
    int singles;             /* single statements in L */
    int grew;                /* this pass shared another local: classify L again */
} Fuse;

/* The loop or if statement s as a node; NULL when it cannot run in a team.
 * depth: loops around s inside L (-1 for L itself: a break in its body
 * leaves L). */
Node *fuse_control(Fuse *F, CXCursor s, int depth);

/* ---- fuse_share.c: the locals of a loop ---- */
Facts *fuse_facts(Fuse *F, CXCursor c);           /* fuse_scan with the loop's address-taken set */
int fuse_private_ok(Fuse *F, const Facts *f);     /* every thread can run it; notes firstprivates */
int fuse_single_ok(Fuse *F, const Facts *f, unsigned b, unsigned e);   /* the master can, for everyone */

/* ---- fuse_record.c ---- */
void fuse_record(Fuse *F, Node *L);                /* F->loop's facts from L */

#endif
