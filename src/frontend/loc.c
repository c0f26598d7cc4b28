/*
 * loc.c: the user files of the translation unit, and libclang positions as
 * byte offsets of the file being read (Fe.cur).
 *
 * Ranges that end inside a macro expansion are widened to the whole macro
 * invocation, so a copied range never cuts `IDX(i, j)` in half. Where a
 * range needs the source's punctuation it asks tokens.c.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

char *fe_cxstr(Fe *fe, CXString s)
{
    const char *c = clang_getCString(s);
    char *r = ar_strdup(fe->a, c ? c : "");
    clang_disposeString(s);
    return r;
}

const char *fe_name(Fe *fe, CXCursor c) { return fe_cxstr(fe, clang_getCursorSpelling(c)); }

int fe_in_main(Fe *fe, CXCursor c)
{
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, fe->main);
}

static int under(const char *path, const char *dir)
{
    char *rp = realpath(path, NULL), *rd = dir ? realpath(dir, NULL) : NULL;
    size_t n = rd ? strlen(rd) : 0;
    int in = rp && rd && !strncmp(rp, rd, n) && rp[n] == '/';
    free(rp);
    free(rd);
    return in;
}

static FeSrc *src_of(Fe *fe, CXFile f);

/* The user file f: one the program's author wrote, outside the system
 * include folders and cucpu's own headers. Read and tokenized the first
 * time it is asked for; NULL for any other file. */
FeSrc *fe_src_of(Fe *fe, CXFile f)
{
    if (!f) return NULL;
    /* consecutive cursors are mostly in one file: the last answer first */
    if (fe->last_file && clang_File_isEqual(fe->last_file, f)) return fe->last_src;
    FeSrc *s = src_of(fe, f);
    fe->last_file = f;
    fe->last_src = s;
    return s;
}

static FeSrc *src_of(Fe *fe, CXFile f)
{
    for (int i = 0; i < fe->srcs.n; i++) {
        FeSrc *s = fe->srcs.v[i];
        if (clang_File_isEqual(s->cx, f)) return s;
    }
    for (int i = 0; i < fe->others.n; i++)
        if (clang_File_isEqual(*(CXFile *)fe->others.v[i], f)) return NULL;
    const char *name = fe_cxstr(fe, clang_getFileName(f));
    size_t len = 0;
    char *text = NULL;
    if (!clang_Location_isInSystemHeader(clang_getLocation(fe->tu, f, 1, 1)) && !under(name, fe->include_dir))
        text = fe_read_file(fe->a, name, &len);
    if (!text) {
        CXFile *p = ar_alloc(fe->a, sizeof *p);
        *p = f;
        pv_push(fe->a, &fe->others, p);
        return NULL;
    }
    FeSrc *s = ar_alloc(fe->a, sizeof *s);
    s->f = ar_alloc(fe->a, sizeof *s->f);
    s->f->src.name = name;
    s->f->src.text = text;
    s->f->src.len = len;
    s->cx = f;
    fe_tokenize(fe, s);
    diag_set_file(&s->f->src);
    pv_push(fe->a, &fe->srcs, s);
    return s;
}

void fe_enter_src(Fe *fe, FeSrc *s)
{
    fe->cur = s;
    fe->toks = s->toks;
    fe->ntoks = s->ntoks;
    fe->src = &s->f->src;
}

int fe_enter(Fe *fe, CXCursor c)
{
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    FeSrc *s = fe_src_of(fe, f);
    if (!s) return 0;
    if (s != fe->cur) fe_enter_src(fe, s);
    return 1;
}

SrcLoc fe_loc_at(Fe *fe, unsigned off)
{
    SrcLoc l = { fe->src->name, 1, 1, off };
    if (off > fe->src->len) off = (unsigned)fe->src->len;
    clang_getFileLocation(clang_getLocationForOffset(fe->tu, fe->cur->cx, off), NULL, &l.line, &l.col, NULL);
    return l;
}

IrPos fe_pos(Fe *fe, unsigned off)
{
    return (IrPos){ off, fe_loc_at(fe, off).line };
}

SrcLoc fe_loc(Fe *fe, CXCursor c)
{
    CXFile f;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, &off);
    FeSrc *s = fe_src_of(fe, f);
    SrcLoc l = { s ? s->f->src.name : f ? fe_cxstr(fe, clang_getFileName(f)) : NULL, line, col, off };
    return l;
}

/* Offset just past the macro invocation whose name starts at off. */
static unsigned macro_end(Fe *fe, unsigned off)
{
    int i = fe_tok_at(fe, off);
    if (i >= fe->ntoks || fe->toks[i].b != off) return off;
    if (fe_tok_is(fe, i + 1, "(")) {
        int close = fe_tok_match(fe, i + 1);
        if (close >= 0) return fe->toks[close].e;
    }
    return fe->toks[i].e;
}

void fe_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation s = clang_getRangeStart(r), x = clang_getRangeEnd(r);
    unsigned eo, sp;
    CXFile ef, sf;
    clang_getExpansionLocation(s, NULL, NULL, NULL, b);
    clang_getExpansionLocation(x, &ef, NULL, NULL, &eo);
    clang_getSpellingLocation(x, &sf, NULL, NULL, &sp);
    int in_macro = !sf || !clang_File_isEqual(sf, ef) || sp != eo;
    *e = in_macro ? macro_end(fe, eo) : eo;
    if (*e < *b) *e = *b;
}

unsigned fe_stmt_end(Fe *fe, unsigned e)
{
    int i = fe_tok_at(fe, e);
    return fe_tok_is(fe, i, ";") ? fe->toks[i].e : e;
}

typedef struct { enum CXCursorKind kind; int found; } AttrQuery;

static enum CXChildVisitResult find_attr(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    AttrQuery *q = d;
    if (clang_getCursorKind(c) == q->kind) { q->found = 1; return CXChildVisit_Break; }
    return CXChildVisit_Continue;
}

int fe_has_attr(CXCursor c, enum CXCursorKind attr)
{
    AttrQuery q = { attr, 0 };
    clang_visitChildren(c, find_attr, &q);
    return q.found;
}

typedef struct { int want, i; CXCursor got; } ChildQuery;

static enum CXChildVisitResult nth_child(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    ChildQuery *q = d;
    if (q->i++ == q->want) { q->got = c; return CXChildVisit_Break; }
    return CXChildVisit_Continue;
}

CXCursor fe_child(CXCursor c, int i)
{
    ChildQuery q = { i, 0, clang_getNullCursor() };
    clang_visitChildren(c, nth_child, &q);
    return q.got;
}

int fe_nchildren(CXCursor c)
{
    ChildQuery q = { -1, 0, clang_getNullCursor() };
    clang_visitChildren(c, nth_child, &q);
    return q.i;
}

/* The expression under implicit conversions and parentheses. */
CXCursor fe_strip(CXCursor c)
{
    while ((clang_getCursorKind(c) == CXCursor_UnexposedExpr || clang_getCursorKind(c) == CXCursor_ParenExpr) &&
           fe_nchildren(c) == 1)
        c = fe_child(c, 0);
    return c;
}

/* Where the token of a name use (DeclRefExpr) is spelled, when that is in
 * the main file (also inside a macro argument); 0 when it comes from a macro
 * body and cannot be rewritten in place. */
int fe_spelled_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
    if (!f || !clang_File_isEqual(f, fe->cur->cx)) return 0;
    int i = fe_tok_at(fe, off);
    if (!fe_tok_ident(fe, i) || fe->toks[i].b != off) return 0;
    *b = off;
    *e = fe->toks[i].e;
    return 1;
}

/* Whether c is written in the current file outside any macro expansion
 * (not in a macro's body or arguments); its range in *b and *e. */
int fe_plain_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation ends[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
    unsigned off[2];
    for (int i = 0; i < 2; i++) {
        CXFile xf, sf;
        unsigned xo, so;
        clang_getExpansionLocation(ends[i], &xf, NULL, NULL, &xo);
        clang_getSpellingLocation(ends[i], &sf, NULL, NULL, &so);
        if (!xf || !sf || !clang_File_isEqual(xf, fe->cur->cx) || !clang_File_isEqual(sf, xf) || xo != so) return 0;
        off[i] = xo;
    }
    *b = off[0];
    *e = off[1];
    return *b < *e;
}

/* Whether the tokens of [b, e) nest: no `)`, `]` or `}` closes what
 * opened before b, and all that opens closes. */
static int balanced(Fe *fe, unsigned b, unsigned e)
{
    int depth = 0;
    for (int i = fe_tok_at(fe, b); i < fe->ntoks && fe->toks[i].b < e; i++) {
        if (fe_tok_is(fe, i, "(") || fe_tok_is(fe, i, "[") || fe_tok_is(fe, i, "{")) depth++;
        else if (fe_tok_is(fe, i, ")") || fe_tok_is(fe, i, "]") || fe_tok_is(fe, i, "}")) {
            if (--depth < 0) return 0;
        } else if (depth == 0 && fe_tok_is(fe, i, ",")) return 0;   /* two arguments */
    }
    return depth == 0;
}

/* Where expression c is written in the current file: outside macros
 * (fe_plain_range), or wholly inside the arguments of one macro call
 * (`assert(in[i] > 0)`). 0 when it is not (a part comes from a macro's
 * body). */
int fe_written_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    if (fe_plain_range(fe, c, b, e)) return 1;
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation ends[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
    unsigned so[2], xo[2];
    for (int i = 0; i < 2; i++) {
        CXFile xf, sf;
        clang_getExpansionLocation(ends[i], &xf, NULL, NULL, &xo[i]);
        clang_getSpellingLocation(ends[i], &sf, NULL, NULL, &so[i]);
        if (!xf || !sf || !clang_File_isEqual(xf, fe->cur->cx) || !clang_File_isEqual(sf, xf)) return 0;
    }
    /* after the macro's name, and one argument's worth of tokens */
    if (!(so[0] < so[1] && xo[0] < so[0] && balanced(fe, so[0], so[1]))) return 0;
    *b = so[0];
    *e = so[1];
    return 1;
}

/* The name that reaches declaration c from file scope (`ns::v`), or NULL
 * when c is not at namespace scope (a member, a local). */
const char *fe_scope_name(Fe *fe, CXCursor c)
{
    const char *name = fe_name(fe, c);
    for (CXCursor p = clang_getCursorSemanticParent(c);; p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_TranslationUnit) return name;
        if (k == CXCursor_LinkageSpec) continue;
        if (k != CXCursor_Namespace) return NULL;
        const char *ns = fe_name(fe, p);
        if (*ns) name = ar_printf(fe->a, "%s::%s", ns, name);   /* an anonymous one adds nothing */
    }
}
