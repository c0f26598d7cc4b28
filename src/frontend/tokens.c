/*
 * tokens.c: the main file as clang's tokens.
 *
 * This is the one place where the front end looks at the characters of the
 * source, and it does so through clang_tokenize: string literals, character
 * literals and comments are single tokens, so a `;` inside ";" or a `(` in a
 * comment is never mistaken for punctuation. Every other stage finds the
 * `(`, `;`, `[`, `=` or `else` of a statement by token.
 *
 * The file is tokenized once, after parsing; lookups are binary searches.
 */
#include <string.h>
#include "internal.h"

void fe_tokenize(Fe *fe)
{
    CXSourceLocation b = clang_getLocationForOffset(fe->tu, fe->main, 0);
    CXSourceLocation e = clang_getLocationForOffset(fe->tu, fe->main, (unsigned)fe->u->src.len);
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(fe->tu, clang_getRange(b, e), &toks, &n);
    fe->toks = ar_alloc(fe->a, sizeof *fe->toks * (n ? n : 1));
    int k = 0;
    for (unsigned i = 0; i < n; i++) {
        CXTokenKind kind = clang_getTokenKind(toks[i]);
        if (kind == CXToken_Comment) continue;
        CXSourceRange r = clang_getTokenExtent(fe->tu, toks[i]);
        unsigned tb, te;
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &tb);
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &te);
        if (te > fe->u->src.len || te < tb) continue;
        fe->toks[k].kind = kind;
        fe->toks[k].b = tb;
        fe->toks[k].e = te;
        k++;
    }
    fe->ntoks = k;
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
    return t->e - t->b == n && !memcmp(fe->u->src.text + t->b, s, n);
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
    return i < fe->ntoks ? fe->toks[i].b : (unsigned)fe->u->src.len;
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
