/*
 * fuse_share.c: the locals of a host loop L that could run in one team (fuse.h).
 * Private code may assign L's own locals and outer locals each thread can
 * copy (firstprivate, written back by the master). A single statement
 * runs on the master thread: the locals it assigns or whose address it
 * takes become the team's shared ones, an outer local as it is, one of L's
 * own by moving its declaration before the team (see fuse.c).
 */
#include <string.h>
#include "fuse.h"

Facts *fuse_facts(Fuse *F, CXCursor c) { return fuse_scan(F->fe, c, &F->addr, 0); }

static unsigned decl_off(Fe *fe, CXCursor v) { return fe_loc(fe, v).off; }

static int inside(unsigned off, unsigned b, unsigned e) { return off >= b && off < e; }

/* Declared in L and not moved out of it. */
static int in_loop(Fuse *F, CXCursor v)
{
    return inside(decl_off(F->fe, v), F->lb, F->le) && !fuse_in_set(&F->hoist, v);
}

/* An outer local that each thread may keep a copy of. */
static int can_copy(Fuse *F, CXCursor v)
{
    CXType t = clang_getCursorType(v);
    if (fuse_is_array(t) || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) return 0;
    if (clang_isConstQualifiedType(t) || fuse_in_set(&F->addr, v)) return 0;
    return 1;
}

/* Code every thread can run: no calls, only locals assigned. */
int fuse_private_ok(Fuse *F, const Facts *f)
{
    if (f->calls || f->mem_writes || f->jumps || f->launches) return 0;
    for (int i = 0; i < f->assigned.n; i++) {
        CXCursor v = *(CXCursor *)f->assigned.v[i];
        if (in_loop(F, v)) continue;
        if (!can_copy(F, v)) return 0;
    }
    for (int i = 0; i < f->assigned.n; i++) {
        CXCursor v = *(CXCursor *)f->assigned.v[i];
        if (!in_loop(F, v)) fuse_add_set(F->fe, &F->fp, v);
    }
    return 1;
}

/* ---- locals a single shares with the team --------------------------------------------- */

typedef struct Clash { Fe *fe; CXCursor v; const char *name; int found; } Clash;

static enum CXChildVisitResult clash_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Clash *k = d;
    enum CXCursorKind kind = clang_getCursorKind(c);
    CXCursor r = kind == CXCursor_DeclRefExpr ? clang_getCursorReferenced(c) : c;
    if ((kind == CXCursor_DeclRefExpr || kind == CXCursor_VarDecl) && !clang_equalCursors(r, k->v) &&
        !strcmp(fe_name(k->fe, r), k->name))
        k->found = 1;
    return k->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The declaration's type and text stay valid before L: a POD type not
 * declared in L, not const, a reference or of variable size. */
static int movable_var(Fuse *F, CXCursor v)
{
    if (!fuse_is_local(v) || !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(v))) return 0;
    CXType t = clang_getCursorType(v);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference || clang_isConstQualifiedType(t) ||
        !clang_isPODType(t))
        return 0;
    for (;;) {
        if (t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray)
            return 0;
        CXCursor d = clang_getTypeDeclaration(t);
        if (!clang_Cursor_isNull(d) && clang_getCursorKind(d) != CXCursor_NoDeclFound &&
            inside(decl_off(F->fe, d), F->lb, F->le))
            return 0;
        if (t.kind == CXType_Pointer) t = clang_getPointeeType(t);
        else if (t.kind == CXType_ConstantArray) t = clang_getArrayElementType(t);
        else if (t.kind == CXType_Elaborated || t.kind == CXType_Typedef) t = clang_getCanonicalType(t);
        else return 1;
    }
}

/* Declaration d of L can move before the team: each of its variables is
 * movable and no other name in L is spelled like it; its text is the main
 * file's, which no other fact changes. */
static int movable_decl(Fuse *F, const Node *d)
{
    Fe *fe = F->fe;
    unsigned sb, se;
    if (d->end <= d->begin || !fe_tok_ends(fe, d->end, ";") || !fe_spelled_range(fe, d->decl, &sb, &se) ||
        !inside(sb, d->begin, d->end))
        return 0;
    if (fe_facts_touch(&fe->u->main, d->begin, d->end)) return 0;
    int n = fe_nchildren(d->decl);
    for (int i = 0; i < n; i++) {
        CXCursor v = fe_child(d->decl, i);
        if (clang_getCursorKind(v) != CXCursor_VarDecl || !movable_var(F, v)) return 0;
        Clash k = { fe, v, fe_name(fe, v), 0 };
        clang_visitChildren(F->stmt, clash_visit, &k);
        if (k.found) return 0;
    }
    return n > 0;
}

static Node *decl_of(Fuse *F, CXCursor v)
{
    unsigned o = decl_off(F->fe, v);
    for (int i = 0; i < F->decls.n; i++) {
        Node *d = F->decls.v[i];
        if (inside(o, d->begin, d->end)) return d;
    }
    return NULL;
}

/* v, which a single at b..e assigns or whose address it takes, declared
 * outside it: can (commit: does) the team share it? */
static int share(Fuse *F, CXCursor v, unsigned b, unsigned e, int commit)
{
    unsigned o = decl_off(F->fe, v);
    if (inside(o, b, e)) return 1;
    if (!in_loop(F, v)) {
        enum CXTypeKind t = clang_getCursorType(v).kind;
        if (t == CXType_LValueReference || t == CXType_RValueReference) return 0;
        if (commit && !fuse_in_set(&F->addr, v)) {
            fuse_add_set(F->fe, &F->addr, v);
            F->grew = 1;
        }
        return 1;
    }
    Node *d = decl_of(F, v);
    if (!d || !movable_decl(F, d)) return 0;
    for (int i = 0; commit && i < fe_nchildren(d->decl); i++) {
        CXCursor w = fe_child(d->decl, i);
        fuse_add_set(F->fe, &F->hoist, w);
        fuse_add_set(F->fe, &F->addr, w);
        F->grew = 1;
    }
    return 1;
}

/* Code the master thread can run for everyone (see the file comment). */
int fuse_single_ok(Fuse *F, const Facts *f, unsigned b, unsigned e)
{
    if (f->launches || f->jumps) return 0;
    for (int commit = 0; commit < 2; commit++) {
        for (int i = 0; i < f->assigned.n; i++)
            if (!share(F, *(CXCursor *)f->assigned.v[i], b, e, commit)) return 0;
        /* outer locals whose address is taken, and outer arrays, are shared already */
        const PtrVec *own[2] = { &f->addressed, &f->arrays };
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < own[k]->n; i++) {
                CXCursor v = *(CXCursor *)own[k]->v[i];
                if (in_loop(F, v) && !share(F, v, b, e, commit)) return 0;
            }
    }
    return 1;
}
