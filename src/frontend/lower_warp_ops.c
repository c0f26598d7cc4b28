/*
 * lower_warp_ops.c: the table of warp primitives and cooperative-groups calls.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

static const WarpOp *warp_op(const char *n);

static const WarpOp warp_ops[] = {
    { "__shfl_sync", W_SHFL_IDX, 1, NM_SHFL_IDX },
    { "__shfl_up_sync", W_SHFL_UP, 1, NM_SHFL_UP },
    { "__shfl_down_sync", W_SHFL_DOWN, 1, NM_SHFL_DOWN },
    { "__shfl_xor_sync", W_SHFL_XOR, 1, NM_SHFL_XOR },
    { "__shfl", W_SHFL_IDX, 0, NM_SHFL_IDX },
    { "__shfl_up", W_SHFL_UP, 0, NM_SHFL_UP },
    { "__shfl_down", W_SHFL_DOWN, 0, NM_SHFL_DOWN },
    { "__shfl_xor", W_SHFL_XOR, 0, NM_SHFL_XOR },
    { "__ballot_sync", W_BALLOT, 1, NM_WARP_BALLOT },
    { "__ballot", W_BALLOT, 0, NM_WARP_BALLOT },
    { "__any_sync", W_ANY, 1, NM_WARP_ANY },
    { "__any", W_ANY, 0, NM_WARP_ANY },
    { "__all_sync", W_ALL, 1, NM_WARP_ALL },
    { "__all", W_ALL, 0, NM_WARP_ALL },
    { "__uni_sync", W_UNI, 1, NM_WARP_UNI },
    { "__activemask", W_ACTIVEMASK, 0, NM_WARP_ACTIVEMASK },
    { "__match_any_sync", W_MATCH_ANY, 1, NM_WARP_MATCH_ANY },
    { "__match_all_sync", W_MATCH_ALL, 1, NM_WARP_MATCH_ALL },
    { "__reduce_add_sync", W_REDUCE, 1, NM_WARP_REDUCE_ADD },
    { "__reduce_min_sync", W_REDUCE, 1, NM_WARP_REDUCE_MIN },
    { "__reduce_max_sync", W_REDUCE, 1, NM_WARP_REDUCE_MAX },
    { "__reduce_and_sync", W_REDUCE, 1, NM_WARP_REDUCE_AND },
    { "__reduce_or_sync", W_REDUCE, 1, NM_WARP_REDUCE_OR },
    { "__reduce_xor_sync", W_REDUCE, 1, NM_WARP_REDUCE_XOR },
    { "__syncwarp", W_SYNCWARP, 0, NM_COUNT },
};

/* The same operations on a cooperative group (coop.c): a tile's lanes are
 * a segment of its warp, of the tile's width. */
static const WarpOp coop_ops[] = {
    { "shfl", W_SHFL_IDX, 0, NM_SHFL_IDX },
    { "shfl_up", W_SHFL_UP, 0, NM_SHFL_UP },
    { "shfl_down", W_SHFL_DOWN, 0, NM_SHFL_DOWN },
    { "shfl_xor", W_SHFL_XOR, 0, NM_SHFL_XOR },
    { "ballot", W_BALLOT, 0, NM_WARP_BALLOT },
    { "any", W_ANY, 0, NM_WARP_ANY },
    { "all", W_ALL, 0, NM_WARP_ALL },
    { "match_any", W_MATCH_ANY, 0, NM_WARP_MATCH_ANY },
    { "match_all", W_MATCH_ALL, 0, NM_WARP_MATCH_ALL },
    { "reduce", W_CG_REDUCE, 0, NM_CG_REDUCE },
    { "inclusive_scan", W_CG_ISCAN, 0, NM_CG_INCLUSIVE_SCAN },
    { "exclusive_scan", W_CG_ESCAN, 0, NM_CG_EXCLUSIVE_SCAN },
    { "coalesced_threads", W_COALESCED, 0, NM_WARP_ACTIVEMASK },
    { "binary_partition", W_PARTITION, 0, NM_WARP_MATCH_ANY },
    { "labeled_partition", W_PARTITION, 0, NM_WARP_MATCH_ANY },
    { "sync", W_SYNCWARP, 0, NM_COUNT },
    { "barrier_wait", W_SYNCWARP, 0, NM_COUNT },
    { "wait", W_SYNCWARP, 0, NM_COUNT },
    { "wait_prior", W_SYNCWARP, 0, NM_COUNT },
};

/* The group an object of a template parameter's type is, as this
 * inlining binds the parameter; *type its type's spelling. */
static FeGroup dependent_group(Lower *L, CXCursor obj, int *width, const char **type)
{
    CXType t = clang_getUnqualifiedType(clang_getNonReferenceType(clang_getCursorType(obj)));
    CXType canon = clang_getCanonicalType(t);
    /* a type the template does not change by its full name (the user's
     * spelling may lean on a namespace alias) */
    if (canon.kind != CXType_Unexposed && canon.kind != CXType_Dependent)
        *type = fe_cxstr(L->fe, clang_getTypeSpelling(canon));
    else
        *type = subst_type(L, fe_cxstr(L->fe, clang_getTypeSpelling(t)));
    return fe_group_named(*type, width);
}

/* A call to lower as a warp operation: a primitive, or a group's. */


int warp_call(Lower *L, CXCursor call, WarpCall *w)
{
    Fe *fe = L->fe;
    static const WarpOp cub_op = { "cub", W_CUB, 0, NM_COUNT };
    memset(w, 0, sizeof *w);
    if (fe_cub_call(fe, call, &w->cub)) {
        w->op = &cub_op;
        return 1;
    }
    if (fe_coop_call(fe, call, &w->coop)) {
        if (w->coop.kind != COOP_WARP_OP && w->coop.kind != COOP_WARP_SYNC && w->coop.kind != COOP_COALESCED) return 0;
        for (size_t i = 0; i < sizeof coop_ops / sizeof *coop_ops; i++)
            if (!strcmp(w->coop.name, coop_ops[i].name)) w->op = &coop_ops[i];
        if (!w->op) return 0;
        w->a0 = w->coop.member ? 0 : 1;
        w->width = w->coop.group == GROUP_TILE ? w->coop.width : 32;
        return 1;
    }
    CXCursor obj;
    const char *dep = fe_coop_dependent_member(fe, call, &obj);
    if (dep) {
        /* a member of an object of a template parameter's type: its type
         * as this inlining binds the parameter */
        const char *type;
        w->coop.group = dependent_group(L, obj, &w->coop.width, &type);
        if (w->coop.group == GROUP_NONE) {
            /* another class's member of that name: plain code */
            memset(w, 0, sizeof *w);
            return 0;
        }
        w->coop.kind = strcmp(dep, "sync") ? COOP_WARP_OP : w->coop.group == GROUP_BLOCK ? COOP_BLOCK_SYNC
                     : w->coop.group == GROUP_GRID ? COOP_GRID_SYNC : COOP_WARP_SYNC;
        w->coop.name = dep;
        w->coop.member = 1;
        w->coop.object = obj;
        w->op = coop_op(dep);
        /* (a thread_block's sync is a block barrier: lower_expr_stmt) */
        if (w->coop.kind == COOP_GRID_SYNC ||
            ((w->coop.group == GROUP_BLOCK || w->coop.group == GROUP_GRID) && strcmp(dep, "sync"))) {
            diag_error(fe_loc(fe, call), "'%s' on an object of type '%s' (a template parameter's) is not supported; "
                       "cucpu lowers it on a thread_block_tile or a coalesced_group, and sync() on any group but the grid",
                       dep, type);
            w->op = coop_op("sync");   /* lowered as a warp barrier; the error fails the translation */
            w->coop.kind = COOP_WARP_SYNC;
        }
        w->a0 = 0;
        w->width = w->coop.group == GROUP_TILE ? w->coop.width : 32;
        return 1;
    }
    const char *coll = fe_coop_dependent_collective(fe, call);
    if (coll) {
        /* cg::reduce(g, v, op) with arguments of a template parameter's
         * type: the group as this lowering binds its type */
        const char *type;
        obj = clang_Cursor_getArgument(call, 0);
        w->coop.group = dependent_group(L, obj, &w->coop.width, &type);
        if (w->coop.group != GROUP_TILE && w->coop.group != GROUP_COALESCED) {
            diag_error(fe_loc(fe, call), "'%s' on a group of type '%s' is not supported; cucpu lowers it on a "
                       "thread_block_tile or a coalesced_group whose type the template fixes", coll, type);
            w->coop.group = GROUP_TILE;   /* lowered as a warp's; the error fails the translation */
            w->coop.width = 32;
        }
        w->coop.kind = COOP_WARP_OP;
        w->coop.name = coll;
        w->coop.object = obj;
        w->op = coop_op(coll);
        w->a0 = 1;
        w->width = w->coop.group == GROUP_TILE ? w->coop.width : 32;
        return 1;
    }
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    w->op = warp_op(fe_call_name(fe, call));
    if (!w->op) return 0;
    w->a0 = w->op->has_mask;
    return 1;
}

/* fe_is_warp_call where the template arguments are known: a member call
 * on an object of a template parameter's type is one when that type is a
 * group. */
int is_warp_call(Lower *L, CXCursor call)
{
    CXCursor obj;
    int width;
    const char *type;
    if (fe_coop_dependent_member(L->fe, call, &obj)) return dependent_group(L, obj, &width, &type) != GROUP_NONE;
    return fe_is_warp_call(L->fe, call);
}

/* The group operation named n (coop_ops), or NULL. */
const WarpOp *coop_op(const char *n)
{
    for (size_t i = 0; i < sizeof coop_ops / sizeof *coop_ops; i++)
        if (!strcmp(n, coop_ops[i].name)) return &coop_ops[i];
    return NULL;
}

static const WarpOp *warp_op(const char *n)
{
    for (size_t i = 0; i < sizeof warp_ops / sizeof *warp_ops; i++)
        if (!strcmp(n, warp_ops[i].name)) return &warp_ops[i];
    return NULL;
}

int fe_is_warp_op(const char *n) { return warp_op(n) != NULL; }


/* __syncthreads_count/and/or: a barrier that also reduces a predicate. */
const char *sync_reduction(const char *n)
{
    if (!strcmp(n, "__syncthreads_count")) return "+=";
    if (!strcmp(n, "__syncthreads_and")) return "&=";
    if (!strcmp(n, "__syncthreads_or")) return "|=";
    return NULL;
}
