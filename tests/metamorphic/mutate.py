#!/usr/bin/env python3
"""mutate.py: rewrites the statements of a CUDA program's kernels into
equivalent shapes (the metamorphic test of tests/metamorphic/).

The program is parsed with libclang and the flags cucpu's front end uses
(src/frontend/parse.c), statements are found by cursor kind, their parts
(the parentheses of an `if`, the `;` after a statement, the braces of a
block) with clang's raw tokens, and the text is edited by byte offsets.
Only statements of `__global__` and `__device__` functions written in the
file itself are touched. Every part an edit relies on is checked against
the raw tokens of the file (the `if` at the start of an IF_STMT, its `(`,
the `;` after an expression), so a statement that a macro expands to, whose
extent starts at the macro's name, is left alone. Each transform preserves
the program's meaning exactly:

  if_init      if (c) S           ->  if (int cucpu_mm_N = 0; c) S
  condvar      if (c) S           ->  if (bool cucpu_mv_N = (c)) S
               (c of scalar type, no init statement or condition variable)
  declarators  T a = x; T b = y;  ->  T a = x, b = y;
               (runs of declarations in one block with the same
               decl-specifiers; `auto` excluded)
  braces       { S } as the body of if/else/for/while/do -> S, and a
               braceless body S -> { S }
  comma        a; b;              ->  a, b;  (runs of expression
               statements in one block, none of them calling a barrier
               or a function of the file that calls one), and a for
               increment `inc` -> `inc, (void)0`
  comma_barrier  the same for the pairs a; b; of which one calls a
               barrier: __syncthreads(), s[t] = v;
  barrier_expr __syncthreads();   ->  one of
                 (void)(cucpu_meta_sync() + 0);
                 int cucpu_ms_N = cucpu_meta_sync(); (void)cucpu_ms_N;
                 and, before `x = e;` of arithmetic type:
                 x = cucpu_meta_sync() ? 0 : (e);
               with cucpu_meta_sync() a __device__ function added to the
               file that calls __syncthreads() and returns 0.
  all          every transform above, one after the other (re-parsing
               between them).

Usage: mutate.py [-I dir] [-D...] TRANSFORM in.cu out.cu
Prints the number of edits to stderr; exits 3 when the transform applies
nowhere (out.cu is still written, unchanged).
"""
import ctypes
import os
import sys

TRANSFORMS = ["if_init", "condvar", "declarators", "braces", "comma", "comma_barrier",
              "barrier_expr"]
# The order of `all`: the barrier rewrite first (it adds statements the
# others then reshape), braces last.
ALL_ORDER = ["barrier_expr", "declarators", "comma", "condvar", "if_init", "braces"]

HELPER = ("__device__ __forceinline__ int cucpu_meta_sync() "
          "{ __syncthreads(); return 0; }\n")

_ci = None


def cindex():
    """clang.cindex from python3-clang-19 and libclang 19. The Debian
    package installs into /usr/lib/python3/dist-packages, which a python3
    other than Debian's (pyenv, venv) does not search."""
    global _ci
    if _ci is not None:
        return _ci
    try:
        import clang.cindex as ci
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        try:
            import clang.cindex as ci
        except ImportError:
            raise SystemExit("mutate.py: no clang.cindex: install python3-clang-19 "
                             "(scripts/setup.sh does)")
    lib = os.environ.get("CUCPU_LIBCLANG", "/usr/lib/llvm-19/lib/libclang-19.so.1")
    if os.path.exists(lib) and not ci.Config.loaded:
        ci.Config.set_library_file(lib)
    # Not wrapped by cindex.py, and much faster than comparing file names
    # for the thousands of declarations of the headers.
    f = ci.conf.lib.clang_Location_isFromMainFile
    f.argtypes = [ci.SourceLocation]
    f.restype = ctypes.c_int
    _ci = ci
    return ci


def clang_args(include_dirs, extra=()):
    # The fixed flags of clang_args() in src/frontend/parse.c.
    args = ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
            "--cuda-path=/nonexistent-cuda", "-Wno-unknown-cuda-version", "-Wno-everything",
            "-include", "cuda_runtime.h", "-std=c++17", "-D__CUCPU__=1", "-D__CUDACC__=1",
            "-D__NVCC__=1"]
    return args + list(extra) + ["-I" + d for d in include_dirs]


def file_tokens(tu, path, size):
    """The raw tokens of the file: (spelling, start, end) offsets."""
    ci = cindex()
    f = tu.get_file(path)
    rng = ci.SourceRange.from_locations(ci.SourceLocation.from_offset(tu, f, 0),
                                        ci.SourceLocation.from_offset(tu, f, size))
    out = []
    for t in tu.get_tokens(extent=rng):
        if t.kind != ci.TokenKind.COMMENT:
            e = t.extent
            out.append((t.spelling, e.start.offset, e.end.offset))
    return out


def join_chevrons(toks, data):
    """nvcc accepts a launch spelled `k << < g, b >> > (args)`, clang only
    `<<<`: the text with such chevrons joined, offsets unchanged (as
    join_file in src/frontend/parse.c), or None when there are none."""
    text = bytearray(data)

    def join(i, c):
        b, e = toks[i][1], toks[i + 1][2]
        text[b:e] = b" " * (e - b)
        text[b:b + 3] = c * 3

    changed = opened = False
    i = 0
    while i + 1 < len(toks):
        s, n = toks[i][0], toks[i + 1][0]
        if not opened and s == "<<" and n == "<":
            join(i, b"<")
            opened = changed = True
            i += 1
        elif opened and s == ">>>":
            opened = False
        elif opened and s == ">>" and n == ">":
            join(i, b">")
            opened = False
            i += 1
        elif s == "<<<":
            opened = True
        i += 1
    return bytes(text) if changed else None


class Parsed:
    """One parse of the text: the file's cursors and its raw tokens."""

    def __init__(self, tu, path, data):
        ci = cindex()
        self.ci = ci
        self.tu = tu
        self.path = path
        self.data = data
        self.toks = file_tokens(tu, path, len(data))   # (spelling, start, end)
        self.by_start = {s: i for i, (_, s, _) in enumerate(self.toks)}
        self.by_end = {e: i for i, (_, _, e) in enumerate(self.toks)}
        self.top = [c for c in tu.cursor.get_children() if self.in_file(c)]

    def in_file(self, c):
        return self.ci.conf.lib.clang_Location_isFromMainFile(c.location) != 0

    def tok(self, i):
        return self.toks[i][0] if 0 <= i < len(self.toks) else None

    def first_tok(self, c):
        """Index of the token a cursor starts with, None if it does not
        start at a token of the file."""
        start = c.extent.start   # its expansion location, unlike isFromMainFile
        i = self.by_start.get(start.offset)
        if i is None or start.file is None or start.file.name != self.path:
            return None
        return i

    def last_tok(self, c):
        i = self.by_end.get(c.extent.end.offset)
        if i is None:
            return None
        return i

    def match(self, i):
        """The index of the bracket closing the one at i."""
        open_, close = self.toks[i][0], {"(": ")", "[": "]", "{": "}"}[self.toks[i][0]]
        depth = 0
        for j in range(i, len(self.toks)):
            s = self.toks[j][0]
            if s == open_:
                depth += 1
            elif s == close:
                depth -= 1
                if depth == 0:
                    return j
        return None

    def top_level(self, lo, hi, what):
        """Indices of tokens `what` between lo and hi outside brackets."""
        out, depth = [], 0
        for j in range(lo, hi):
            s = self.toks[j][0]
            if s in "([{":
                depth += 1
            elif s in ")]}":
                depth -= 1
            elif s == what and depth == 0:
                out.append(j)
        return out


def children(c):
    return list(c.get_children())


def strip_implicit(c, ci):
    """Look through implicit casts (UNEXPOSED_EXPR with one child of the
    same extent) to the expression as written."""
    while c.kind == ci.CursorKind.UNEXPOSED_EXPR:
        ch = children(c)
        if len(ch) != 1 or ch[0].extent.start.offset != c.extent.start.offset \
                or ch[0].extent.end.offset != c.extent.end.offset:
            break
        c = ch[0]
    return c


ARITH = {"BOOL", "CHAR_U", "UCHAR", "CHAR16", "CHAR32", "USHORT", "UINT", "ULONG",
         "ULONGLONG", "UINT128", "CHAR_S", "SCHAR", "WCHAR", "SHORT", "INT", "LONG",
         "LONGLONG", "INT128", "FLOAT", "DOUBLE", "LONGDOUBLE"}


def type_kind(c):
    return c.type.get_canonical().kind.name


class Mutator:
    """Finds the statements of one parse and produces edits."""

    def __init__(self, p, counter):
        self.p = p
        self.ci = p.ci
        self.K = p.ci.CursorKind
        self.edits = []          # (start, end, text)
        self.counter = counter   # shared between passes: unique names
        self.helper_at = None    # offset where cucpu_meta_sync goes

    # -- the functions whose bodies are rewritten ---------------------------
    def functions(self):
        K = self.K
        out = []

        def visit(kids, top):
            for ch in kids:
                if not self.p.in_file(ch):
                    continue
                t = top if top is not None else ch
                if ch.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.STRUCT_DECL, K.CLASS_DECL,
                               K.CLASS_TEMPLATE, K.UNEXPOSED_DECL):
                    visit(ch.get_children(), t)
                elif ch.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD) \
                        and ch.is_definition() and ch.spelling != "cucpu_meta_sync":
                    kids = children(ch)
                    attrs = {k.kind for k in kids}
                    if K.CUDAGLOBAL_ATTR in attrs or K.CUDADEVICE_ATTR in attrs:
                        body = [k for k in kids if k.kind == K.COMPOUND_STMT]
                        if body:
                            out.append((ch, body[-1], t))
        visit(self.p.top, None)
        return out

    BARRIERS = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                "__syncthreads_or", "cucpu_meta_sync"}

    def barrier_names(self, fns):
        """The barrier functions and the file's functions that call one,
        directly or through others (by name)."""
        K = self.K
        calls = {}
        for fn, body, _ in fns:
            calls.setdefault(fn.spelling, set()).update(
                c.spelling for c, _ in self.walk(body) if c.kind == K.CALL_EXPR)
        names = set(self.BARRIERS)
        while True:
            more = {f for f, cs in calls.items() if f not in names and cs & names}
            if not more:
                return names
            names |= more

    def has_barrier(self, c):
        return any(x.kind == self.K.CALL_EXPR and x.spelling in self.barriers
                   for x, _ in self.walk(c))

    def run(self, transform):
        fns = self.functions()
        self.barriers = self.barrier_names(fns)
        for fn, body, top in fns:
            self.fn_top = top
            getattr(self, "t_" + transform)(body)
        return self.edits

    def walk(self, c, parent=None):
        """Every cursor under c with its parent, preorder."""
        yield c, parent
        for ch in c.get_children():
            yield from self.walk(ch, c)

    def add(self, start, end, text):
        self.edits.append((start, end, text))

    def count(self):
        self.counter[0] += 1
        return self.counter[0]

    # -- parts of statements -------------------------------------------------
    def header(self, c, kw):
        """For if/for/while: (index of the keyword, of '(' and of ')')."""
        p = self.p
        i = p.first_tok(c)
        if i is None or p.tok(i) != kw:
            return None
        j = i + 1
        if kw == "if" and p.tok(j) == "constexpr":
            return None
        if p.tok(j) != "(":
            return None
        k = p.match(j)
        if k is None:
            return None
        return i, j, k

    def if_parts(self, c):
        """(keyword, '(', ')', then, else-or-None) of an IF_STMT."""
        h = self.header(c, "if")
        if h is None:
            return None
        rp = self.p.toks[h[2]][2]
        after = [ch for ch in children(c) if ch.extent.start.offset >= rp]
        if not after:
            return None
        return h + (after[0], after[1] if len(after) > 1 else None)

    def loop_body(self, c):
        K = self.K
        if c.kind == K.DO_STMT:
            i = self.p.first_tok(c)
            if i is None or self.p.tok(i) != "do":
                return None
            ch = children(c)
            return ch[0] if ch else None
        kw = {K.FOR_STMT: "for", K.WHILE_STMT: "while", K.CXX_FOR_RANGE_STMT: "for"}[c.kind]
        h = self.header(c, kw)
        if h is None:
            return None
        rp = self.p.toks[h[2]][2]
        after = [ch for ch in children(c) if ch.extent.start.offset >= rp]
        return after[0] if after else None

    def bodies(self, c):
        """The substatements of if/else/for/while/do that may be braceless,
        each with whether it is a then-branch followed by an else."""
        K = self.K
        if c.kind == K.IF_STMT:
            parts = self.if_parts(c)
            if parts is None:
                return []
            out = [(parts[3], parts[4] is not None)]
            if parts[4] is not None:
                out.append((parts[4], False))
            return out
        if c.kind in (K.FOR_STMT, K.WHILE_STMT, K.CXX_FOR_RANGE_STMT, K.DO_STMT):
            b = self.loop_body(c)
            return [(b, False)] if b is not None else []
        return []

    def stmt_end(self, c):
        """Offset just after the statement c, its ';' included; None when
        that cannot be told from the tokens."""
        K, p = self.K, self.p
        if c.kind == K.COMPOUND_STMT:
            i = p.last_tok(c)
            return c.extent.end.offset if i is not None and p.tok(i) == "}" \
                else None
        if c.kind == K.IF_STMT:
            parts = self.if_parts(c)
            if parts is None:
                return None
            return self.stmt_end(parts[4] if parts[4] is not None else parts[3])
        if c.kind in (K.FOR_STMT, K.WHILE_STMT, K.CXX_FOR_RANGE_STMT):
            b = self.loop_body(c)
            return self.stmt_end(b) if b is not None else None
        if c.kind in (K.SWITCH_STMT, K.LABEL_STMT, K.CASE_STMT, K.DEFAULT_STMT):
            return None
        i = p.last_tok(c)
        if i is None:
            return None
        if p.tok(i) != ";":
            i += 1
        if p.tok(i) != ";":
            return None
        return p.toks[i][2]

    def expr_stmt_semi(self, c):
        """For an expression statement: the index of its ';'."""
        p = self.p
        if p.first_tok(c) is None:
            return None
        i = p.last_tok(c)
        if i is None or p.tok(i + 1) != ";":
            return None
        return i + 1

    def is_sync_stmt(self, c):
        p = self.p
        if c.kind != self.K.CALL_EXPR or c.spelling != "__syncthreads":
            return None
        i = p.first_tok(c)
        if i is None or [p.tok(i + k) for k in range(4)] != ["__syncthreads", "(", ")", ";"]:
            return None
        return i

    # -- transforms ----------------------------------------------------------
    def t_if_init(self, body):
        p = self.p
        for c, _ in self.walk(body):
            if c.kind != self.K.IF_STMT:
                continue
            h = self.header(c, "if")
            if h is None or p.top_level(h[1] + 1, h[2], ";"):
                continue
            self.add(p.toks[h[1]][2], p.toks[h[1]][2], "int cucpu_mm_%d = 0; " % self.count())

    def t_condvar(self, body):
        p, K = self.p, self.K
        for c, _ in self.walk(body):
            if c.kind != K.IF_STMT:
                continue
            h = self.header(c, "if")
            if h is None or p.top_level(h[1] + 1, h[2], ";"):
                continue
            lo, hi = p.toks[h[1]][2], p.toks[h[2]][1]
            inside = [ch for ch in children(c)
                      if ch.extent.start.offset >= lo and ch.extent.end.offset <= hi]
            if len(inside) != 1 or inside[0].kind in (K.VAR_DECL, K.DECL_STMT):
                continue
            e = strip_implicit(inside[0], self.ci)
            if e.kind == K.CALL_EXPR and e.spelling.startswith("operator"):
                continue
            tk = type_kind(e)
            if tk not in ARITH and tk not in ("POINTER", "ENUM"):
                continue
            self.add(lo, lo, "bool cucpu_mv_%d = (" % self.count())
            self.add(hi, hi, ")")

    def decl_parts(self, d):
        """For a DECL_STMT of one variable: (first token, first token of
        the declarator, ';' token, decl-specifier spellings)."""
        p, K = self.p, self.K
        kids = children(d)
        if len(kids) != 1 or kids[0].kind != K.VAR_DECL:
            return None
        v = kids[0]
        i = p.first_tok(d)
        semi = p.last_tok(d)
        name = p.by_start.get(v.location.offset)
        if i is None or semi is None or name is None or p.tok(semi) != ";" \
                or p.tok(name) != v.spelling or not i < name < semi:
            return None
        decl = name
        for j in range(i, name):
            if p.tok(j) in ("*", "&", "&&"):
                decl = j
                break
        spec = [p.tok(j) for j in range(i, decl)]
        if not spec or any(s in ("auto", "decltype", "(", ")", "{", "}", "[", "]", "*", "&",
                                 "&&", "typedef", "using", ",", ";", "=") for s in spec):
            return None
        return i, decl, semi, spec

    def t_declarators(self, body):
        K, p = self.K, self.p
        for c, _ in self.walk(body):
            if c.kind != K.COMPOUND_STMT:
                continue
            prev = None
            for s in children(c):
                cur = self.decl_parts(s) if s.kind == K.DECL_STMT else None
                if cur is not None and prev is not None and prev[3] == cur[3] \
                        and prev[2] + 1 == cur[0]:
                    # `;` of the previous declaration up to this one's declarator
                    self.add(p.toks[prev[2]][1], p.toks[cur[1]][1], ", ")
                prev = cur

    def t_braces(self, body):
        K, p = self.K, self.p
        simple = {K.RETURN_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.COMPOUND_STMT, K.DO_STMT,
                  K.NULL_STMT}
        for c, _ in self.walk(body):
            for b, before_else in self.bodies(c):
                if b.kind == K.COMPOUND_STMT:
                    # { S } -> S
                    kids = children(b)
                    if len(kids) != 1:
                        continue
                    s = kids[0]
                    if not (s.kind.is_expression() or s.kind in simple
                            or (not before_else and s.kind in (K.IF_STMT, K.FOR_STMT,
                                                               K.WHILE_STMT))):
                        continue
                    i, j = p.first_tok(b), p.last_tok(b)
                    if i is None or j is None or p.tok(i) != "{" or p.tok(j) != "}" \
                            or p.first_tok(s) != i + 1:
                        continue
                    end = self.stmt_end(s)
                    if end is None or p.by_end.get(end) != j - 1:
                        continue   # something after the statement (a pragma)
                    self.add(p.toks[i][1], p.toks[i][2], "")
                    self.add(p.toks[j][1], p.toks[j][2], "")
                else:
                    # S -> { S }
                    i = p.first_tok(b)
                    end = self.stmt_end(b)
                    if i is None or end is None or b.kind == K.DECL_STMT or p.tok(i) == "#":
                        continue
                    self.add(p.toks[i][1], p.toks[i][1], "{ ")
                    self.add(end, end, " }")

    def record_free(self, c):
        tk = type_kind(c)
        return tk in ARITH or tk in ("VOID", "POINTER", "ENUM", "LVALUEREFERENCE")

    def t_comma_barrier(self, body):
        self.t_comma(body, barriers=True)

    def t_comma(self, body, barriers=False):
        K, p = self.K, self.p
        for c, _ in self.walk(body):
            if c.kind == K.COMPOUND_STMT:
                kids = children(c)
                for a, b in zip(kids, kids[1:]):
                    if not (a.kind.is_expression() and b.kind.is_expression()):
                        continue
                    if (self.has_barrier(a) or self.has_barrier(b)) != barriers:
                        continue
                    if not (self.record_free(a) and self.record_free(b)):
                        continue
                    # references: the expression's own type, not the class
                    if type_kind(a) == "LVALUEREFERENCE" or type_kind(b) == "LVALUEREFERENCE":
                        continue
                    sa, sb = self.expr_stmt_semi(a), self.expr_stmt_semi(b)
                    if sa is None or sb is None or p.first_tok(b) != sa + 1:
                        continue
                    self.add(p.toks[sa][1], p.toks[sa][2], ",")
            elif c.kind == K.FOR_STMT and not barriers:
                h = self.header(c, "for")
                if h is None:
                    continue
                semis = p.top_level(h[1] + 1, h[2], ";")
                if len(semis) != 2 or semis[1] + 1 == h[2]:
                    continue   # no increment
                at = p.toks[h[2] - 1][2]
                self.add(at, at, ", (void)0")

    def t_barrier_expr(self, body):
        K, p = self.K, self.p
        for c, parent in self.walk(body):
            i = self.is_sync_stmt(c)
            if i is None or parent is None:
                continue
            in_block = parent.kind == K.COMPOUND_STMT
            if not in_block:
                # the body of an if/for/while/do: an expression statement stays
                if not any(b.extent.start.offset == c.extent.start.offset
                           for b, _ in self.bodies(parent)):
                    continue
            start, end = p.toks[i][1], p.toks[i + 3][2]
            n = self.count()
            form = n % 3
            if form == 2 and in_block:
                kids = children(parent)
                k = [x.extent.start.offset for x in kids].index(c.extent.start.offset)
                nxt = kids[k + 1] if k + 1 < len(kids) else None
                if nxt is not None and nxt.kind == K.BINARY_OPERATOR and \
                        nxt.binary_operator.name == "Assign" and p.first_tok(nxt) == i + 4:
                    lhs, rhs = children(nxt)
                    ri, rj = p.first_tok(rhs), p.last_tok(rhs)
                    if type_kind(lhs) in ARITH and type_kind(rhs) in ARITH and \
                            ri is not None and rj is not None \
                            and p.tok(rj + 1) == ";":
                        self.add(start, end, "")
                        rs, re_ = p.toks[ri][1], p.toks[rj][2]
                        self.add(rs, re_, "cucpu_meta_sync() ? 0 : (%s)"
                                 % p.data[rs:re_].decode())
                        self.helper()
                        continue
                form = 1
            if form == 1 and in_block:
                self.add(start, end, "int cucpu_ms_%d = cucpu_meta_sync(); (void)cucpu_ms_%d;"
                         % (n, n))
            else:
                self.add(start, end, "(void)(cucpu_meta_sync() + 0);")
            self.helper()

    def helper(self):
        """cucpu_meta_sync() goes before the top-level declaration holding
        the first rewritten function (not at the top of the file, so that
        the includes stay a preamble libclang can keep between parses)."""
        off = self.fn_top.extent.start.offset
        i = self.p.by_start.get(off)
        if i is None or self.p.first_tok(self.fn_top) is None:
            raise RuntimeError("no place for cucpu_meta_sync")
        if self.helper_at is None or off < self.helper_at:
            self.helper_at = off


def apply_edits(data, edits):
    """Apply (start, end, text) edits to bytes; insertions at one offset
    keep their order. Overlapping replacements are an error."""
    order = sorted(range(len(edits)), key=lambda k: (edits[k][0], edits[k][1], k))
    out, pos = [], 0
    for k in order:
        s, e, t = edits[k]
        if s < pos:
            raise RuntimeError("overlapping edits at offset %d" % s)
        out.append(data[pos:s])
        out.append(t.encode())
        pos = e
    out.append(data[pos:])
    return b"".join(out)


class Source:
    """A file and its parse, re-parsed in place after each pass."""

    def __init__(self, path, include_dirs, extra=()):
        ci = cindex()
        self.path = os.path.abspath(path)
        with open(self.path, "rb") as f:
            self.data = f.read()
        self.index = ci.Index.create()
        opts = ci.TranslationUnit.PARSE_PRECOMPILED_PREAMBLE
        self.tu = self.index.parse(self.path, args=clang_args(include_dirs, extra), options=opts)
        self.check()
        self.has_helper = False

    def errors(self):
        return [d for d in self.tu.diagnostics if d.severity >= 3]

    def check(self):
        """Errors end the mutation, except those of spaced launch chevrons:
        clang then parses the text with the chevrons joined, as cucpu does
        (the edits still go to the text as written; offsets agree)."""
        if self.errors():
            joined = join_chevrons(file_tokens(self.tu, self.path, len(self.data)), self.data)
            if joined is not None:
                self.tu.reparse(unsaved_files=[(self.path, joined.decode())])
        errs = self.errors()
        if errs:
            raise RuntimeError("%s: libclang: %s" % (self.path, errs[0]))

    def apply(self, transform, counter, last=True):
        p = Parsed(self.tu, self.path, self.data)
        m = Mutator(p, counter)
        edits = m.run(transform)
        if m.helper_at is not None and not self.has_helper:
            edits.append((m.helper_at, m.helper_at, HELPER))
            self.has_helper = True
        if not edits:
            return 0
        self.data = apply_edits(self.data, edits)
        if not last:
            self.tu.reparse(unsaved_files=[(self.path, self.data.decode())])
            self.check()
        return len(edits)


def mutate(path, transform, include_dirs=(), extra=()):
    """The mutated text of path (bytes) and the number of edits. extra:
    more clang flags (the -D's of `cucpu -dryrun`'s translator command)."""
    src = Source(path, list(include_dirs), extra)
    counter = [0]
    n = 0
    passes = ALL_ORDER if transform == "all" else [transform]
    for k, t in enumerate(passes):
        n += src.apply(t, counter, last=k == len(passes) - 1)
    return src.data, n


def main(argv):
    inc, extra, args = [], [], []
    it = iter(argv)
    for a in it:
        if a == "-I":
            inc.append(next(it))
        elif a.startswith("-I"):
            inc.append(a[2:])
        elif a.startswith(("-D", "-U")):
            extra.append(a)
        else:
            args.append(a)
    if len(args) != 3 or (args[0] not in TRANSFORMS and args[0] != "all"):
        sys.stderr.write("usage: mutate.py [-I dir] {%s|all} in.cu out.cu\n" % "|".join(TRANSFORMS))
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    inc.append(os.path.join(here, "..", "..", "include"))
    data, n = mutate(args[1], args[0], inc, extra)
    with open(args[2], "wb") as f:
        f.write(data)
    sys.stderr.write("%s: %d edits\n" % (args[0], n))
    return 0 if n else 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
