/*
 * tokens.c: the main file as clang's tokens.
 *
 * This is the one place where the front end looks at the characters of the
 * source, and it does so through clang_tokenize: string literals, character
 * literals and comments are single tokens, so a `;` inside ";" or a `(` in a
 * comment is never mistaken for punctuation. Every other stage finds the
 * `(`, `;`, `[`, `=` or `else` of a statement by token.
 *
 * Each user file is tokenized once, when the front end first reads it;
 * lookups (in the current file, Fe.cur) are binary searches.
 */
#include <ctype.h>
#include <string.h>
#include "internal.h"

void fe_tokenize(Fe *fe, FeSrc *fs)
{
    size_t len = fs->f->src.len;
    CXSourceLocation b = clang_getLocationForOffset(fe->tu, fs->cx, 0);
    CXSourceLocation e = clang_getLocationForOffset(fe->tu, fs->cx, (unsigned)len);
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(fe->tu, clang_getRange(b, e), &toks, &n);
    fs->toks = ar_alloc(fe->a, sizeof *fs->toks * (n ? n : 1));
    int k = 0;
    for (unsigned i = 0; i < n; i++) {
        CXTokenKind kind = clang_getTokenKind(toks[i]);
        if (kind == CXToken_Comment) continue;
        CXSourceRange r = clang_getTokenExtent(fe->tu, toks[i]);
        unsigned tb, te;
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &tb);
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &te);
        if (te > len || te < tb) continue;
        fs->toks[k].kind = kind;
        fs->toks[k].b = tb;
        fs->toks[k].e = te;
        k++;
    }
    fs->ntoks = k;
    if (toks) clang_disposeTokens(fe->tu, toks, n);
}

int fe_tok_at(Fe *fe, unsigned off)
{
    int lo = 0, hi = fe->ntoks;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (fe->toks[mid].b < off) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int fe_tok_is(Fe *fe, int i, const char *s)
{
    if (i < 0 || i >= fe->ntoks) return 0;
    const FeTok *t = &fe->toks[i];
    size_t n = strlen(s);
    return t->e - t->b == n && !memcmp(fe->src->text + t->b, s, n);
}

const char *fe_tok_identifier(Fe *fe, unsigned b, unsigned e)
{
    char buf[48];
    size_t n = 0;
    for (int i = fe_tok_at(fe, b); i < fe->ntoks && fe->toks[i].e <= e && n + 1 < sizeof buf; i++) {
        if (n && buf[n - 1] != '_') buf[n++] = '_';
        for (unsigned p = fe->toks[i].b; p < fe->toks[i].e && n + 1 < sizeof buf; p++) {
            unsigned char c = (unsigned char)fe->src->text[p];
            if (isalnum(c) || c == '_') buf[n++] = (char)c;
            else if (n && buf[n - 1] != '_') buf[n++] = '_';
        }
    }
    while (n && buf[n - 1] == '_') n--;
    return ar_strndup(fe->a, buf, n);
}

const char *fe_tok_spelling(Fe *fe, unsigned b, unsigned e)
{
    int i = fe_tok_at(fe, b);
    if (e <= b || i < 0 || i >= fe->ntoks || fe->toks[i].b != b || fe->toks[i].e != e) return NULL;
    return ar_strndup(fe->a, fe->src->text + b, e - b);
}

int fe_tok_directive(Fe *fe, int i)
{
    if (!fe_tok_is(fe, i, "#")) return 0;
    for (unsigned p = fe->toks[i].b; p > 0; p--) {
        char c = fe->src->text[p - 1];
        if (c == '\n') return 1;
        if (c != ' ' && c != '\t') return 0;
    }
    return 1;
}

int fe_tok_ident(Fe *fe, int i)
{
    return i >= 0 && i < fe->ntoks && (fe->toks[i].kind == CXToken_Identifier || fe->toks[i].kind == CXToken_Keyword);
}

/* The index of the token that closes the bracket opened at token i, or -1. */
int fe_tok_match(Fe *fe, int i)
{
    static const char *const open[] = { "(", "[", "{" }, *const close[] = { ")", "]", "}" };
    int which = -1;
    for (int j = 0; j < 3; j++)
        if (fe_tok_is(fe, i, open[j])) which = j;
    if (which < 0) return -1;
    int depth = 0;
    for (int j = i; j < fe->ntoks; j++) {
        if (fe_tok_is(fe, j, open[which])) depth++;
        else if (fe_tok_is(fe, j, close[which]) && --depth == 0) return j;
    }
    return -1;
}

int fe_tok_ends(Fe *fe, unsigned e, const char *s)
{
    int i = fe_tok_at(fe, e) - 1;
    return i >= 0 && fe->toks[i].e == e && fe_tok_is(fe, i, s);
}

unsigned fe_next_tok(Fe *fe, unsigned off)
{
    int i = fe_tok_at(fe, off);
    return i < fe->ntoks ? fe->toks[i].b : (unsigned)fe->src->len;
}

unsigned fe_find_tok(Fe *fe, unsigned from, unsigned limit, const char *s)
{
    for (int i = fe_tok_at(fe, from); i < fe->ntoks && fe->toks[i].b < limit; i++)
        if (fe_tok_is(fe, i, s)) return fe->toks[i].b;
    return limit;
}

/* The parenthesized header of the statement that starts at offset b
 * (`if (...)`, `for (...)`, `while (...)`, `switch (...)`): the offsets of
 * its `(` and `)` and of up to two `;` directly inside. 0 when the statement
 * does not start with a keyword and `(` spelled in this file. */
int fe_stmt_header(Fe *fe, unsigned b, FeHeader *h)
{
    int i = fe_tok_at(fe, b);
    if (i >= fe->ntoks || fe->toks[i].b != b || fe->toks[i].kind != CXToken_Keyword) return 0;
    if (fe_tok_is(fe, i, "else")) return 0;
    if (!fe_tok_is(fe, i + 1, "(")) {
        /* if constexpr (...) */
        if (!(fe_tok_is(fe, i + 1, "constexpr") && fe_tok_is(fe, i + 2, "("))) return 0;
        i++;
    }
    int close = fe_tok_match(fe, i + 1);
    if (close < 0) return 0;
    h->lparen = fe->toks[i + 1].b;
    h->rparen = fe->toks[close].b;
    h->nsemi = 0;
    int depth = 0;
    for (int j = i + 2; j < close; j++) {
        if (fe_tok_is(fe, j, "(") || fe_tok_is(fe, j, "[") || fe_tok_is(fe, j, "{")) depth++;
        else if (fe_tok_is(fe, j, ")") || fe_tok_is(fe, j, "]") || fe_tok_is(fe, j, "}")) depth--;
        else if (depth == 0 && fe_tok_is(fe, j, ";") && h->nsemi < 2) h->semi[h->nsemi++] = fe->toks[j].b;
    }
    return 1;
}

/* The explicit template arguments after the name at offset `name`, as
 * written: `f<T, 4>(...)` gives "T" and "4". Returns how many (at most
 * max), or -1 when no `<` follows the name. */
int fe_template_args(Fe *fe, unsigned name, const char **args, int max)
{
    int i = fe_tok_at(fe, name);
    if (i >= fe->ntoks || fe->toks[i].b != name || !fe_tok_is(fe, i + 1, "<")) return -1;
    int n = 0, depth = 0, start = i + 2;
    for (int j = i + 1; j < fe->ntoks; j++) {
        int close = fe_tok_is(fe, j, ">") ? 1 : fe_tok_is(fe, j, ">>") ? 2 : 0;
        if (fe_tok_is(fe, j, "<")) depth++;
        else if (fe_tok_is(fe, j, "(") || fe_tok_is(fe, j, "[") || fe_tok_is(fe, j, "{")) {
            int m = fe_tok_match(fe, j);
            if (m < 0) return -1;
            j = m;
            continue;
        }
        if ((depth == 1 && (fe_tok_is(fe, j, ",") || close)) && n < max) {
            if (j > start) args[n++] = ar_strndup(fe->a, fe->src->text + fe->toks[start].b, fe->toks[j - 1].e - fe->toks[start].b);
            start = j + 1;
        }
        depth -= close;
        if (depth <= 0) return n;
    }
    return -1;
}

int fe_last_identifier(CXCursor c, char *buf, size_t n)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(tu, clang_getCursorExtent(c), &toks, &nt);
    int ok = 0;
    if (nt && clang_getTokenKind(toks[nt - 1]) == CXToken_Identifier) {
        CXString s = clang_getTokenSpelling(tu, toks[nt - 1]);
        const char *t = clang_getCString(s);
        if (t && strlen(t) < n) {
            strcpy(buf, t);
            ok = 1;
        }
        clang_disposeString(s);
    }
    if (toks) clang_disposeTokens(tu, toks, nt);
    return ok;
}
