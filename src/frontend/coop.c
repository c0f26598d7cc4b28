/*
 * coop.c: which calls of <cooperative_groups.h> make threads meet or
 * exchange data, and on what scope (fe_coop_call). The rest of cooperative
 * groups is plain code in cucpu's header: a group is a small value.
 *
 *   this_thread_block(), this_grid()      need the thread context
 *   thread_block::sync(), sync(block)     a block barrier
 *   grid_group::sync(), sync(grid)        a grid barrier
 *   wait(g), wait_prior<N>(g)             g's sync (memcpy_async.h: each
 *                                         thread copied its share at the
 *                                         call)
 *   sync() of any other group             a warp barrier (a tile, a
 *                                         coalesced group, or a thread_group
 *                                         whose threads a barrier at warp
 *                                         scope also orders)
 *   tile.shfl*, ballot, any, all, match_*, reduce, inclusive_scan,
 *   exclusive_scan                        warp operations over the tile
 *   binary_partition, labeled_partition   a match over the tile's lanes:
 *                                         a coalesced group of each value
 *   coalesced_threads()                   a vote: the active lanes
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* Whether declaration d is in namespace cooperative_groups. */
static int in_coop_namespace(Fe *fe, CXCursor d)
{
    for (int depth = 0; depth < 8 && !clang_Cursor_isNull(d); depth++) {
        d = clang_getCursorSemanticParent(d);
        enum CXCursorKind k = clang_getCursorKind(d);
        if (k == CXCursor_TranslationUnit || clang_isInvalid(k)) return 0;
        if (k == CXCursor_Namespace && !strcmp(fe_name(fe, d), "cooperative_groups")) return 1;
    }
    return 0;
}

/* The kind of group a type names, and a tile's size. */
static FeGroup group_of(Fe *fe, CXType t, int *width)
{
    t = clang_getCanonicalType(clang_getNonReferenceType(t));
    return fe_group_named(fe_cxstr(fe, clang_getTypeSpelling(t)), width);
}

/* The same from a type's spelling (`cooperative_groups::thread_block_tile<16>`). */
FeGroup fe_group_named(const char *s, int *width)
{
    const char *p = strstr(s, "cooperative_groups::");
    if (!p) return GROUP_NONE;
    p += strlen("cooperative_groups::");
    *width = 32;
    if (!strncmp(p, "thread_block_tile<", 18)) {
        /* the size is the type's template argument (a type's spelling, not
         * the user's source) */
        *width = atoi(p + 18);
        return GROUP_TILE;
    }
    if (!strncmp(p, "thread_block", 12)) return GROUP_BLOCK;
    if (!strncmp(p, "grid_group", 10)) return GROUP_GRID;
    if (!strncmp(p, "coalesced_group", 15)) return GROUP_COALESCED;
    if (!strncmp(p, "thread_group", 12)) return GROUP_ANY;
    return GROUP_NONE;
}

/* The object of a member call `g.f(...)`. */
static int member_object(CXCursor call, CXCursor *obj)
{
    CXCursor callee = fe_child(call, 0);
    if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return 0;
    *obj = fe_child(callee, 0);
    return !clang_Cursor_isNull(*obj);
}

int fe_coop_call(Fe *fe, CXCursor call, FeCoop *out)
{
    memset(out, 0, sizeof *out);
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    CXCursor d = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(d) || !in_coop_namespace(fe, d)) return 0;
    const char *n = fe_name(fe, d);
    out->name = n;
    CXCursor obj;
    int member = clang_getCursorKind(d) == CXCursor_CXXMethod && member_object(call, &obj);
    if (!member && clang_Cursor_getNumArguments(call) > 0) obj = clang_Cursor_getArgument(call, 0);
    else if (!member) obj = clang_getNullCursor();
    if (!clang_Cursor_isNull(obj)) out->group = group_of(fe, clang_getCursorType(obj), &out->width);
    out->object = obj;
    if (!member && (!strcmp(n, "this_thread_block") || !strcmp(n, "this_grid"))) out->kind = COOP_CTX;
    else if (!member && !strcmp(n, "coalesced_threads")) out->kind = COOP_COALESCED;
    else if (!strcmp(n, "sync") || !strcmp(n, "barrier_wait") ||
             (!member && (!strcmp(n, "wait") || !strcmp(n, "wait_prior"))))
        out->kind = out->group == GROUP_BLOCK ? COOP_BLOCK_SYNC : out->group == GROUP_GRID ? COOP_GRID_SYNC : COOP_WARP_SYNC;
    else if ((member && (!strncmp(n, "shfl", 4) || !strcmp(n, "ballot") || !strcmp(n, "any") || !strcmp(n, "all") ||
                         !strncmp(n, "match_", 6))) ||
             (!member && (!strcmp(n, "reduce") || !strcmp(n, "inclusive_scan") || !strcmp(n, "exclusive_scan") ||
                          !strcmp(n, "binary_partition") || !strcmp(n, "labeled_partition"))))
        out->kind = COOP_WARP_OP;
    else
        return 0;
    out->member = member;
    return 1;
}

static enum CXChildVisitResult find_overloads(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef) return CXChildVisit_Recurse;
    *(CXCursor *)d = c;
    return CXChildVisit_Break;
}

/* A call in a template that the front end would have to lower but cannot
 * see: `cg::reduce(g, v, op)` whose arguments depend on a template
 * parameter resolves to no declaration until the template is instantiated,
 * which happens only in the host compiler. Returns its name, or NULL. */
const char *fe_coop_dependent(Fe *fe, CXCursor call)
{
    static const char *const lowered[] = { "reduce", "inclusive_scan", "exclusive_scan", "binary_partition",
                                           "labeled_partition", "sync", "wait", "wait_prior", NULL };
    if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) < 1) return NULL;
    CXCursor r = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(r) && !clang_isInvalid(clang_getCursorKind(r))) return NULL;
    CXCursor callee = fe_child(call, 0);
    if (clang_getCursorKind(callee) != CXCursor_OverloadedDeclRef)
        clang_visitChildren(callee, find_overloads, &callee);
    if (clang_getCursorKind(callee) != CXCursor_OverloadedDeclRef || !clang_getNumOverloadedDecls(callee)) return NULL;
    CXCursor d = clang_getOverloadedDecl(callee, 0);
    if (!in_coop_namespace(fe, d)) return NULL;
    const char *n = fe_name(fe, d);
    for (int i = 0; lowered[i]; i++)
        if (!strcmp(n, lowered[i])) return n;
    return NULL;
}

const char *fe_coop_dependent_collective(Fe *fe, CXCursor call)
{
    const char *n = fe_coop_dependent(fe, call);
    if (n && (!strcmp(n, "reduce") || !strcmp(n, "inclusive_scan") || !strcmp(n, "exclusive_scan"))) return n;
    return NULL;
}

/* The function object type t of a cooperative-groups reduction or scan
 * by its full name, `cooperative_groups::plus<T>` for the user's
 * `cg::plus<T>` in a template, whose canonical type clang leaves
 * dependent; NULL when t is no such type. */
const char *fe_coop_functor(Fe *fe, CXType t)
{
    static const char *const ops[] = { "plus", "less", "greater", "bit_and", "bit_or", "bit_xor", NULL };
    t = clang_getUnqualifiedType(clang_getNonReferenceType(t));
    const char *canon = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(t)));
    if (!strncmp(canon, "cooperative_groups::", 20)) return canon;
    CXCursor d = clang_getTypeDeclaration(t);
    CXCursor tmpl = clang_getSpecializedCursorTemplate(d);
    if (!clang_Cursor_isNull(tmpl)) d = tmpl;
    if (clang_Cursor_isNull(d) || !in_coop_namespace(fe, d)) return NULL;
    const char *n = fe_name(fe, d), *sp = fe_cxstr(fe, clang_getTypeSpelling(t));
    const char *args = strchr(sp, '<');
    for (int i = 0; ops[i]; i++)
        if (!strcmp(n, ops[i]) && args) return ar_printf(fe->a, "cooperative_groups::%s%s", n, args);
    return NULL;
}

/* A member call on an object of a type that depends on a template
 * parameter, `g.shfl_down(v, 1)` in `template <class G> T f(G g, T v)`, or
 * on a group whose call depends on one through its arguments:
 * clang resolves it only when the host compiler instantiates the template.
 * When the member is a group operation that makes threads meet or
 * exchange, returns its name and the object; the lowering, which knows
 * the template's arguments, tells whether the object is a group
 * (warp_call). NULL otherwise. */
const char *fe_coop_dependent_member(Fe *fe, CXCursor call, CXCursor *obj)
{
    static const char *const ops[] = { "shfl", "shfl_up", "shfl_down", "shfl_xor", "ballot", "any", "all",
                                       "match_any", "match_all", "sync", NULL };
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return NULL;
    CXCursor r = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(r) && !clang_isInvalid(clang_getCursorKind(r))) return NULL;
    CXCursor callee = fe_child(call, 0);
    if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return NULL;
    CXCursor o = fe_child(callee, 0);
    if (clang_Cursor_isNull(o) || !clang_isExpression(clang_getCursorKind(o))) return NULL;
    CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(o)));
    int width;
    /* a group whose type is fixed, the call dependent through another
     * argument (`g.shfl_down(v, 1)`, v of type T) */
    if (t.kind != CXType_Unexposed && t.kind != CXType_Dependent && group_of(fe, t, &width) == GROUP_NONE) return NULL;
    char name[64];
    if (!fe_last_identifier(callee, name, sizeof name)) return NULL;
    for (int i = 0; ops[i]; i++)
        if (!strcmp(name, ops[i])) {
            *obj = o;
            return ops[i];
        }
    return NULL;
}
