#!/usr/bin/env python3
"""diffgen.py: the differential oracle. Generates random CUDA kernels with
shared memory, __syncthreads() in uniform control flow and warp shuffles,
runs each on a reference model here (every CUDA thread a coroutine, real
barrier semantics, no passes), and checks that the program cucpu builds
prints the same values under each pipeline (the default passes,
--passes=none, and cucpu's own reference mode --reference, which so is
checked against this model too).

    diffgen.py --cucpu build/cucpu --out DIR [--seed S] [--files N] [--kernels K]

Exit 0 when every kernel matches in every pipeline; 1 with the first
mismatches (the .cu stays in DIR: rerun it by hand with the flags shown).

Kernels are race-free and defined by construction, so any difference is a
cucpu bug:
  - arithmetic is on unsigned ints (wraps), shifts by constants below 32;
  - between two barriers, each __shared__ array is either written (only
    s[tid], and read only at s[tid]) or read anywhere, never both;
  - barriers and shuffles sit only under uniform control flow (conditions
    on blockIdx and constants, loops with constant trip counts), and every
    construct holding a barrier starts and ends with one;
  - every block size is a multiple of 32, so every warp is full.
"""
import argparse
import os
import random
import subprocess
import sys

M32 = 0xFFFFFFFF
NLOCALS = 4
NSHARED = 2


# ---- the generator: statements as tuples -----------------------------------
#   ('set', v, e)   v = e            ('st', j, e)   s_j[tid] = e
#   ('uset', e)     u = e: u is the one local that stays the same in every
#                   thread (assigned only uniform values, in uniform code)
#   ('sync',)       __syncthreads()  ('shfl', v, w, kind, k)  v = __shfl_*(w, k),
#                   or a vote (ballot, any, all: warp; count, and, or: the
#                   block's __syncthreads_<kind>) of bit k of w
#   ('if', c, body, else)  c: expression (thread-dependent allowed only
#                          when no barrier inside)
#   ('for', n, body)       for (int i_N = 0; i_N < n; i_N++), uniform: n a
#                          constant, or ('bid', m): blockIdx.x % m + 1
# Expressions: ('c', k) ('tid',) ('bid',) ('u',) ('v', i) ('in',) ('ld', j, off)
#   s_j[(tid + off) % B]; ('it', depth) a loop counter;
#   ('op', o, a, b) o in + - * ^ & |; ('shr', a, k)

class Gen:
    def __init__(self, rng, block):
        self.r = rng
        self.block = block
        self.loops = 0           # loop counters in scope
        self.mode = {}           # shared array -> 'w' | 'r' in this phase

    def expr(self, depth, uniform=False):
        r = self.r
        leaves = [('c', r.randrange(0, 1000)), ('bid',), ('u',)]
        if self.loops:
            leaves.append(('it', r.randrange(self.loops)))
        if not uniform:
            leaves += [('tid',), ('v', r.randrange(NLOCALS)), ('v', r.randrange(NLOCALS)), ('in',)]
            for j in range(NSHARED):
                m = self.mode.get(j)
                if m == 'r' or m is None:
                    leaves.append(('ld', j, r.randrange(0, self.block)))
                if m == 'w':
                    leaves.append(('ld', j, 0))
        if depth <= 0 or r.random() < 0.35:
            e = r.choice(leaves)
            if e[0] == 'ld':
                self.mode.setdefault(e[1], 'r' if e[2] else self.mode.get(e[1], 'r'))
            return e
        if r.random() < 0.15:
            return ('shr', self.expr(depth - 1, uniform), r.randrange(1, 31))
        return ('op', r.choice('+-*^&|'), self.expr(depth - 1, uniform), self.expr(depth - 1, uniform))

    def sync(self):
        self.mode = {}
        return ('sync',)

    def store(self):
        # s_j[tid] = e: only to an array not read elsewhere in this phase
        free = [j for j in range(NSHARED) if self.mode.get(j) in (None, 'w')]
        if not free:
            return ('set', self.r.randrange(NLOCALS), self.expr(2))
        j = self.r.choice(free)
        self.mode[j] = 'w'
        return ('st', j, self.expr(2))

    def stmts(self, n, depth, barriers):
        out = []
        for _ in range(n):
            k = self.r.random()
            if k < 0.35:
                out.append(('set', self.r.randrange(NLOCALS), self.expr(3)))
            elif k < 0.40 and barriers:   # uniform context: u stays uniform
                out.append(('uset', self.expr(2, uniform=True)))
            elif k < 0.55:
                out.append(self.store())
            elif k < 0.65 and barriers:
                out.append(self.sync())
            elif k < 0.72 and barriers:
                kind = self.r.choice(['xor', 'down', 'up', 'idx', 'ballot', 'any', 'all',
                                      'count', 'and', 'or'])
                lim = 32 if kind == 'idx' else 17
                if kind in ('count', 'and', 'or'):   # __syncthreads_<kind>: a barrier too
                    self.mode = {}
                out.append(('shfl', self.r.randrange(NLOCALS), self.r.randrange(NLOCALS), kind,
                            self.r.randrange(1, lim)))
            elif k < 0.82 and depth > 0:
                inner = barriers and self.r.random() < 0.6
                out.append(self.if_(depth, inner))
            elif k < 0.92 and depth > 0 and self.loops < 2:
                out.append(self.for_(depth, barriers and self.r.random() < 0.6))
            else:
                out.append(('set', self.r.randrange(NLOCALS), self.expr(2)))
        return out

    def if_(self, depth, barriers):
        if barriers:   # uniform condition; the branches start and end with a barrier
            c = ('op', '&', self.expr(1, uniform=True), ('c', self.r.randrange(1, 4)))
            pre = self.sync()
            a = [self.sync()] + self.stmts(3, depth - 1, True) + [self.sync()]
            self.mode = {}
            b = [self.sync()] + self.stmts(2, depth - 1, True) + [self.sync()]
            self.mode = {}
            return ('seq', [pre, ('if', c, a, b)])
        saved = dict(self.mode)
        c = ('op', '&', self.expr(2), ('c', self.r.randrange(1, 8)))
        a = self.stmts(2, depth - 1, False)
        ma = self.mode
        self.mode = dict(saved)
        self.mode.update({j: m for j, m in ma.items()})
        b = self.stmts(1, depth - 1, False)
        return ('if', c, a, b)

    def for_(self, depth, barriers):
        # a constant trip count, or one that differs between blocks
        n = self.r.randrange(1, 4) if self.r.random() < 0.6 else ('bid', self.r.randrange(1, 4))
        self.loops += 1
        if barriers:
            pre = self.sync()
            body = [self.sync()] + self.stmts(3, depth - 1, True) + [self.sync()]
            self.mode = {}
            self.loops -= 1
            return ('seq', [pre, ('for', n, body)])
        # no barrier: a read in a later iteration may meet a write of an
        # earlier one by another thread, so the loop body neither stores
        # nor reads shared memory away from s[tid]
        # (an array read elsewhere in this phase stays read-only)
        saved = dict(self.mode)
        self.mode = {j: 'r' if saved.get(j) == 'r' else 'w' for j in range(NSHARED)}
        body = self.stmts(2, depth - 1, False)
        self.mode = saved
        for j in range(NSHARED):
            if any_store(body, j):
                self.mode[j] = 'w'
        self.loops -= 1
        return ('for', n, body)


def any_store(body, j):
    for s in body:
        if s[0] == 'st' and s[1] == j:
            return True
        if s[0] == 'if' and (any_store(s[2], j) or any_store(s[3], j)):
            return True
        if s[0] in ('for',) and any_store(s[2], j):
            return True
        if s[0] == 'seq' and any_store(s[1], j):
            return True
    return False


def make_kernel(rng):
    block = rng.choice([32, 64, 96, 128])
    grid = rng.choice([1, 2, 3])
    g = Gen(rng, block)
    body = g.stmts(rng.randrange(4, 9), 2, True)
    return {'block': block, 'grid': grid, 'body': body}


# ---- printing as CUDA ---------------------------------------------------------

def cexpr(e, block):
    k = e[0]
    if k == 'c':
        return '%du' % e[1]
    if k == 'tid':
        return 'threadIdx.x'
    if k == 'bid':
        return 'blockIdx.x'
    if k == 'u':
        return 'u'
    if k == 'v':
        return 'v%d' % e[1]
    if k == 'in':
        return 'in[blockIdx.x * blockDim.x + threadIdx.x]'
    if k == 'ld':
        return 's%d[(threadIdx.x + %du) %% %du]' % (e[1], e[2], block)
    if k == 'it':
        return '(unsigned)i%d' % e[1]
    if k == 'shr':
        return '(%s >> %d)' % (cexpr(e[1], block), e[2])
    return '(%s %s %s)' % (cexpr(e[2], block), e[1], cexpr(e[3], block))


def cstmts(body, block, ind, loops, out):
    p = '    ' * ind
    for s in body:
        k = s[0]
        if k == 'set':
            out.append('%sv%d = %s;' % (p, s[1], cexpr(s[2], block)))
        elif k == 'uset':
            out.append('%su = %s;' % (p, cexpr(s[1], block)))
        elif k == 'st':
            out.append('%ss%d[threadIdx.x] = %s;' % (p, s[1], cexpr(s[2], block)))
        elif k == 'sync':
            out.append('%s__syncthreads();' % p)
        elif k == 'shfl':
            if s[3] in ('count', 'and', 'or'):
                # the whole right-hand side, as cucpu requires (no cast)
                out.append('%sv%d = __syncthreads_%s((v%d >> %d) & 1u);' % (p, s[1], s[3], s[2], s[4] % 32))
            elif s[3] in ('ballot', 'any', 'all'):
                out.append('%sv%d = (unsigned)__%s_sync(0xffffffffu, (v%d >> %d) & 1u);' % (p, s[1], s[3], s[2], s[4] % 32))
            else:
                fn = {'xor': '__shfl_xor_sync', 'down': '__shfl_down_sync', 'up': '__shfl_up_sync',
                      'idx': '__shfl_sync'}[s[3]]
                out.append('%sv%d = %s(0xffffffffu, v%d, %d);' % (p, s[1], fn, s[2], s[4]))
        elif k == 'seq':
            cstmts(s[1], block, ind, loops, out)
        elif k == 'if':
            out.append('%sif (%s) {' % (p, cexpr(s[1], block)))
            cstmts(s[2], block, ind + 1, loops, out)
            out.append('%s} else {' % p)
            cstmts(s[3], block, ind + 1, loops, out)
            out.append('%s}' % p)
        elif k == 'for':
            n = s[1] if isinstance(s[1], int) else '(int)(blockIdx.x %% %du) + 1' % s[1][1]
            out.append('%sfor (int i%d = 0; i%d < %s; i%d++) {' % (p, loops, loops, n, loops))
            cstmts(s[2], block, ind + 1, loops + 1, out)
            out.append('%s}' % p)


def cuda_kernel(name, k):
    b = k['block']
    out = ['__global__ void %s(const unsigned *in, unsigned *out)' % name, '{']
    for j in range(NSHARED):
        out.append('    __shared__ unsigned s%d[%d];' % (j, b))
    out.append('    unsigned v0 = in[blockIdx.x * blockDim.x + threadIdx.x], v1 = threadIdx.x, '
               'v2 = blockIdx.x, v3 = 7u, u = blockIdx.x + 1u;')
    for j in range(NSHARED):
        out.append('    s%d[threadIdx.x] = threadIdx.x * %du;' % (j, j + 3))
    out.append('    __syncthreads();')
    cstmts(k['body'], b, 1, 0, out)
    out.append('    __syncthreads();')
    out.append('    out[blockIdx.x * blockDim.x + threadIdx.x] = v0 + 3u * v1 + 5u * v2 + 7u * v3 + '
               '11u * s0[(threadIdx.x + 1u) %% %du] + 13u * s1[threadIdx.x] + 17u * u;' % b)
    out.append('}')
    return '\n'.join(out)


def cuda_program(kernels):
    parts = ['// generated by tests/fuzz/diffgen.py: do not edit',
             '#include <cstdio>', '#include <cuda_runtime.h>', '']
    for i, k in enumerate(kernels):
        parts.append(cuda_kernel('k%d' % i, k))
        parts.append('')
    parts += ['int main()', '{', '    const int cap = 3 * 128;',
              '    unsigned h_in[cap], h_out[cap];',
              '    for (int i = 0; i < cap; i++) h_in[i] = (unsigned)i * 2654435761u;',
              '    unsigned *in, *out;',
              '    cudaMalloc(&in, sizeof h_in);', '    cudaMalloc(&out, sizeof h_out);',
              '    cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);']
    for i, k in enumerate(kernels):
        n = k['grid'] * k['block']
        parts += ['    cudaMemset(out, 0, sizeof h_out);',
                  '    k%d<<<%d, %d>>>(in, out);' % (i, k['grid'], k['block']),
                  '    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);',
                  '    printf("k%d");' % i,
                  '    for (int i = 0; i < %d; i++) printf(" %%u", h_out[i]);' % n,
                  '    printf("\\n");']
    parts += ['    cudaFree(in);', '    cudaFree(out);', '    return 0;', '}', '']
    return '\n'.join(parts)


# ---- the reference: every thread a coroutine, real barriers ----------------

def ev(e, t):
    k = e[0]
    if k == 'c':
        return e[1]
    if k == 'tid':
        return t['tid']
    if k == 'bid':
        return t['bid']
    if k == 'u':
        return t['u']
    if k == 'v':
        return t['v'][e[1]]
    if k == 'in':
        return t['in'][t['bid'] * t['block'] + t['tid']]
    if k == 'ld':
        return t['s'][e[1]][(t['tid'] + e[2]) % t['block']]
    if k == 'it':
        return t['it'][e[1]] & M32
    if k == 'shr':
        return ev(e[1], t) >> e[2]
    a, b = ev(e[2], t), ev(e[3], t)
    return {'+': a + b, '-': a - b, '*': a * b, '^': a ^ b, '&': a & b, '|': a | b}[e[1]] & M32


def run_thread(body, t):
    """A generator: yields ('sync',) at barriers and ('shfl', kind, k, value)
    at shuffles, which the block sends the result back into."""
    for s in body:
        k = s[0]
        if k == 'set':
            t['v'][s[1]] = ev(s[2], t)
        elif k == 'uset':
            t['u'] = ev(s[1], t)
        elif k == 'st':
            t['s'][s[1]][t['tid']] = ev(s[2], t)
        elif k == 'sync':
            yield ('sync',)
        elif k == 'shfl':
            t['v'][s[1]] = yield ('shfl', s[3], s[4], t['v'][s[2]])
        elif k == 'seq':
            yield from run_thread(s[1], t)
        elif k == 'if':
            yield from run_thread(s[2] if ev(s[1], t) else s[3], t)
        elif k == 'for':
            n = s[1] if isinstance(s[1], int) else t['bid'] % s[1][1] + 1
            for i in range(n):
                t['it'].append(i)
                yield from run_thread(s[2], t)
                t['it'].pop()


def shfl_result(kind, k, vals, tid):
    lane, base = tid % 32, tid - tid % 32
    if kind in ('count', 'and', 'or'):       # over the block
        preds = [(v >> (k % 32)) & 1 for v in vals]
        return {'count': sum(preds), 'and': int(all(preds)), 'or': int(any(preds))}[kind]
    if kind in ('ballot', 'any', 'all'):     # over the warp
        preds = [(vals[base + i] >> (k % 32)) & 1 for i in range(32)]
        if kind == 'ballot':
            return sum(p << i for i, p in enumerate(preds))
        return int(any(preds)) if kind == 'any' else int(all(preds))
    if kind == 'xor':
        src = lane ^ k
    elif kind == 'down':
        src = lane + k if lane + k < 32 else lane
    elif kind == 'up':
        src = lane - k if lane - k >= 0 else lane
    else:
        src = k % 32
    return vals[base + src]


def reference(k, h_in):
    b = k['block']
    out = []
    for bid in range(k['grid']):
        shared = [[tid * (j + 3) & M32 for tid in range(b)] for j in range(NSHARED)]
        ts = [{'tid': tid, 'bid': bid, 'block': b, 'in': h_in, 's': shared, 'it': [],
               'v': [h_in[bid * b + tid], tid, bid, 7], 'u': bid + 1} for tid in range(b)]
        gens = [run_thread(k['body'], t) for t in ts]
        sends = [None] * b
        while True:
            events = []
            for i, g in enumerate(gens):
                try:
                    events.append(g.send(sends[i]))
                except StopIteration:
                    events.append(None)
            if all(e is None for e in events):
                break
            assert all(e is not None and e[:3] == events[0][:3] for e in events), 'divergent barrier'
            if events[0][0] == 'shfl':
                vals = [e[3] for e in events]
                sends = [shfl_result(events[0][1], events[0][2], vals, tid) for tid in range(b)]
            else:
                sends = [None] * b
        for t in ts:
            v, s = t['v'], t['s']
            out.append((v[0] + 3 * v[1] + 5 * v[2] + 7 * v[3] + 11 * s[0][(t['tid'] + 1) % b] +
                        13 * s[1][t['tid']] + 17 * t['u']) & M32)
    return out


# ---- the harness ---------------------------------------------------------------

PIPELINES = [[], ['--passes=none'], ['--reference']]


def check_file(args, idx, rng):
    kernels = [make_kernel(rng) for _ in range(args.kernels)]
    h_in = [(i * 2654435761) & M32 for i in range(3 * 128)]
    expect = ['k%d %s' % (i, ' '.join(str(x) for x in reference(k, h_in))) for i, k in enumerate(kernels)]
    src = os.path.join(args.out, 'gen_%d_%d.cu' % (args.seed, idx))
    with open(src, 'w') as f:
        f.write(cuda_program(kernels))
    bad = 0
    for flags in PIPELINES:
        exe = src[:-3] + ('_none' if flags else '_default')
        cmd = [args.cucpu] + flags + [src, '-o', exe]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            print('FAIL (translation): %s\n%s' % (' '.join(cmd), r.stderr[-3000:]))
            bad += 1
            continue
        for threads in ('1', '2'):
            env = dict(os.environ, OMP_NUM_THREADS=threads)
            r = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=120)
            got = r.stdout.strip().split('\n')
            for i, e in enumerate(expect):
                g = got[i] if i < len(got) else '<missing>'
                if g != e:
                    print('FAIL (values): kernel k%d of %s, %s, OMP_NUM_THREADS=%s' %
                          (i, src, ' '.join(flags) or 'default passes', threads))
                    print('  expected %s...\n  got      %s...' % (e[:120], g[:120]))
                    bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cucpu', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--files', type=int, default=3)
    ap.add_argument('--kernels', type=int, default=6)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    bad = sum(check_file(args, i, rng) for i in range(args.files))
    print('diffgen: seed %d, %d files of %d kernels, %d pipelines: %s' %
          (args.seed, args.files, args.kernels, len(PIPELINES), 'all match' if not bad else '%d mismatches' % bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
