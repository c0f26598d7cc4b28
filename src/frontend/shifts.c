/*
 * shifts.c: shifts in device code, with the GPU's meaning.
 *
 * C and C++ leave `a << n` and `a >> n` undefined when n is negative or not
 * below the width of a's promoted type. The GPU's shl and shr clamp n to
 * the width: `a << 32` is 0, and `a >> 32` is 0, or -1 for a negative
 * signed a. x86 masks n to its low 5 (or 6) bits instead, so `x << 32` is
 * x. CUDA programs rely on the GPU's answer, often without knowing it
 * (Rodinia's huffman packs bits with `dw << 32 - bit` where bit may be 0).
 *
 * So every shift in device code (kernels and __device__ functions) whose
 * count is not a constant below 32 is rewritten as a call of a helper with
 * the GPU's semantics (include/cucpu_shift.h):
 *
 *     a << n    ->  cucpu_shl(a, n)          a <<= n  ->  cucpu_shl_assign(a, n)
 *     a >> n    ->  cucpu_shr(a, n)          a >>= n  ->  cucpu_shr_assign(a, n)
 *
 * as three edits: an insertion of `cucpu_shl(` before a, the operator
 * replaced by `,`, an insertion of `)` after n. The kernel lowering makes
 * them refs of its leaves (lower_scan.c); in __device__ functions they are
 * a fact (IRF_SHIFT, host.c) that codegen/host_edits.c makes edits of. A shift that is not spelled plainly in the file (in
 * a macro's body or argument) is left as it is, and so is the compound
 * assignment of a bit-field, which cannot bind to the helper's reference.
 */
#include <string.h>
#include "internal.h"

/* An integer type, or one that a template makes known only later. */
static int int_or_dependent(CXType t)
{
    t = clang_getCanonicalType(t);
    return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Dependent ||
           t.kind == CXType_Unexposed;
}

/* A count that is a constant from 0 to 31, which means the same on both. */
static int small_constant(CXCursor n)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(n));
    if (t.kind == CXType_Dependent || t.kind == CXType_Unexposed) return 0;
    CXEvalResult r = clang_Cursor_Evaluate(n);
    if (!r) return 0;
    int small = clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) >= 0 &&
                clang_EvalResult_getAsLongLong(r) < 32;
    clang_EvalResult_dispose(r);
    return small;
}

/* `s.f <<= n` with f a bit-field. */
static int bit_field(CXCursor lhs)
{
    lhs = fe_strip(lhs);
    if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr) return 0;
    CXCursor f = clang_getCursorReferenced(lhs);
    return clang_getCursorKind(f) == CXCursor_FieldDecl && clang_Cursor_isBitField(f);
}

int fe_gpu_shift(Fe *fe, CXCursor c, FeShift *s)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) return 0;
    static const struct { enum CXBinaryOperatorKind op; const char *tok; IrShift shift; IrName fn; } ops[] = {
        { CXBinaryOperator_Shl, "<<", IRS_SHL, NM_SHL },
        { CXBinaryOperator_Shr, ">>", IRS_SHR, NM_SHR },
        { CXBinaryOperator_ShlAssign, "<<=", IRS_SHL_ASSIGN, NM_SHL_ASSIGN },
        { CXBinaryOperator_ShrAssign, ">>=", IRS_SHR_ASSIGN, NM_SHR_ASSIGN },
    };
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    int i = 0;
    while (i < 4 && ops[i].op != op) i++;
    if (i == 4 || fe_nchildren(c) != 2) return 0;
    CXCursor a = fe_child(c, 0), n = fe_child(c, 1);
    if (!int_or_dependent(clang_getCursorType(a)) || small_constant(n)) return 0;
    if (i >= 2 && bit_field(a)) return 0;
    unsigned cb, ce, ab, ae, nb, ne;
    if (!fe_plain_range(fe, c, &cb, &ce) || !fe_plain_range(fe, a, &ab, &ae) || !fe_plain_range(fe, n, &nb, &ne)) return 0;
    int t = fe_tok_at(fe, ae);
    if (!fe_tok_is(fe, t, ops[i].tok) || fe->toks[t].e > nb) return 0;
    s->open = ab;
    s->op_b = fe->toks[t].b;
    s->op_e = fe->toks[t].e;
    s->close = ne;
    s->op = ops[i].shift;
    s->fn = ar_printf(fe->a, "%s(", ir_names[ops[i].fn]);
    return 1;
}

/* A float or double converted to an integer type in device code: the
 * GPU's cvt.rzi saturates (`(int)3e9f` is INT_MAX, `(unsigned)-1.5f` is
 * 0) where x86's cvttss2si gives 0x80000000 or wraps, and C++ leaves it
 * undefined. Real code indexes with such values (a bin `(unsigned)(x * n)`
 * of an x slightly below 0), so the operand is wrapped in the conversion
 * intrinsic that means the same on the GPU, __float2int_rz & co
 * (cucpu_math.h): `(int)(x)` -> `(int)__float2int_rz((x))`, and an
 * implicit conversion `int i = f;` -> `int i = __float2int_rz(f);`.
 * nvcc converts to a narrower type through 32 bits (`(short)3e9f` is
 * (short)INT_MAX, -1; `(unsigned char)-1.5f` is 0: an H100 probe), so
 * those take the 32-bit intrinsic of their signedness and the host's
 * modular narrowing; `long` and `long long` take the 64-bit ones.
 * [*b, *e) is the operand, *fn the intrinsic with its `(`. Left alone: a
 * constant operand (an array bound, a template argument: the host compiler
 * must still see a constant), one a macro spells, a dependent type, and
 * `bool` (a comparison with 0, the same everywhere). */
static const char *f2i_intrinsic(enum CXTypeKind from, enum CXTypeKind to)
{
    int dbl = from == CXType_Double;
    switch (to) {
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
        return dbl ? "__double2int_rz(" : "__float2int_rz(";
    case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
        return dbl ? "__double2uint_rz(" : "__float2uint_rz(";
    case CXType_Long: case CXType_LongLong:
        return dbl ? "__double2ll_rz(" : "__float2ll_rz(";
    case CXType_ULong: case CXType_ULongLong:
        return dbl ? "__double2ull_rz(" : "__float2ull_rz(";
    default:
        return NULL;
    }
}

int fe_gpu_f2i(Fe *fe, CXCursor c, unsigned *b, unsigned *e, const char **fn)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr && k != CXCursor_CXXStaticCastExpr &&
        k != CXCursor_CXXFunctionalCastExpr)
        return 0;
    enum CXTypeKind to = clang_getCanonicalType(clang_getCursorType(c)).kind;
    int n = fe_nchildren(c);
    if (n < 1) return 0;
    CXCursor x = fe_child(c, n - 1);   /* after a TypeRef, if any */
    if (!clang_isExpression(clang_getCursorKind(x))) return 0;
    enum CXTypeKind from = clang_getCanonicalType(clang_getCursorType(x)).kind;
    if (from != CXType_Float && from != CXType_Double) return 0;
    const char *name = f2i_intrinsic(from, to);
    if (!name) return 0;
    CXEvalResult r = clang_Cursor_Evaluate(x);
    if (r) {
        clang_EvalResult_dispose(r);
        return 0;
    }
    if (!fe_plain_range(fe, x, b, e)) return 0;
    *fn = name;
    return 1;
}

/* `clock()` in device code reads the SM's cycle counter on a GPU, where
 * host code's is the C library's processor time (microseconds of CPU time
 * of the whole process): programs that spin until clock() has advanced N
 * cycles (NVIDIA's simpleHyperQ) would spin for seconds. A call of the C
 * library's clock() in device code becomes cucpu_clock() (NM(CLOCK):
 * clock64()'s counter, cucpu_device.h). [*b, *e) is the callee's name. */
int fe_gpu_clock(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 0) return 0;
    CXCursor f = clang_getCursorReferenced(c);
    if (clang_getCursorKind(f) != CXCursor_FunctionDecl) return 0;
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(f), &file, NULL, NULL, NULL);
    if (!file || fe_src_of(fe, file)) return 0;      /* the user's own clock() */
    CXString n = clang_getCursorSpelling(f);
    int is_clock = !strcmp(clang_getCString(n), "clock");
    clang_disposeString(n);
    unsigned cb, ce;
    if (!is_clock || !fe_plain_range(fe, c, &cb, &ce)) return 0;
    int t = fe_tok_at(fe, cb);
    if (t >= fe->ntoks || fe->toks[t].b != cb || !fe_tok_is(fe, t, "clock") || !fe_tok_is(fe, t + 1, "(")) return 0;
    *b = fe->toks[t].b;
    *e = fe->toks[t].e;
    return 1;
}
