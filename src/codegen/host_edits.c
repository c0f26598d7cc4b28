/*
 * host_edits.c: the front end's host facts (IrFact, ir/host.h) as edits of
 * the output file. This is where the host code that the translation
 * changes is spelled:
 *
 *   __global__ void k(float *a)      ->  void k(dim3 gridDim, dim3 blockDim, size_t cucpu_shmem, float *a)
 *   k<<<g, 256>>>(a)                 ->  k(g, cucpu_dim3(256, 1, 1), 0, a)
 *   fp<<<g, b>>>(a)                  ->  fp ->* cucpu_config(g, b)(a)
 *   kfn f = k;                       ->  kfn f = (cucpu_kernel<decltype(&k), &k>::stub);
 *   __device__ float f(float x)      ->  CUCPU_KERNEL_OPT float f(uint3 threadIdx, ..., float x)
 *   x << n   (in device code)        ->  cucpu_shl(x , n)
 *   extern __shared__ float s[];     ->  float *s = (float *)cucpu_dynsmem_tls;
 *
 * and at the end of the .cu the unit's constructor, which registers its
 * kernels and its __device__ and __constant__ variables with the runtime.
 * Each fact's edits are appended in the order the fact lists them, so that
 * insertions at one offset keep the order the front end found them in.
 */
#include <string.h>
#include "cg.h"

typedef struct Ed { Arena *a; const SrcFile *src; PtrVec *out; } Ed;

static CgEdit *put(Ed *E, CgEditKind k, IrPos b, IrPos e, const char *text)
{
    return cg_edit(E->a, E->out, k, b, e, text);
}
static void insert(Ed *E, IrPos at, const char *text) { put(E, CGE_INSERT, at, at, text); }

/* The source text [b, e). */
static const char *text_of(Ed *E, unsigned b, unsigned e) { return ar_strndup(E->a, E->src->text + b, e - b); }

/* `text` in place of `(void)`'s void, or in front of the parameters or
 * arguments at f->b. */
static void params(Ed *E, const IrFact *f, const char *text)
{
    if (f->u.params.is_void) put(E, CGE_REPLACE, f->b, f->e, text);
    else insert(E, f->b, f->u.params.more ? ar_printf(E->a, "%s, ", text) : text);
}

/* Configuration argument i of launch f, a dim3 where i < 2. */
static const char *conf(Ed *E, const IrFact *f, int i)
{
    unsigned b = f->u.launch.conf_b[i], e = f->u.launch.conf_e[i];
    if (b == e) return i < 2 ? ar_printf(E->a, "%s(1, 1, 1)", NM(DIM3)) : "0";
    const char *t = text_of(E, b, e);
    return i < 2 && f->u.launch.widen[i] ? ar_printf(E->a, "%s(%s, 1, 1)", NM(DIM3), t) : t;
}

/* k<<<g, b, s, st>>>(args) -> k(g, b, cucpu_on_stream(st, s), args): the
 * launcher learns its stream, which may capture (codegen/capture.c) */
static void launch(Ed *E, const IrFact *f)
{
    const char *shmem = conf(E, f, 2);
    if (f->u.launch.conf_b[3] != f->u.launch.conf_e[3])
        shmem = ar_printf(E->a, "%s(%s, %s)", NM(ON_STREAM), conf(E, f, 3), shmem);
    const char *cfg = ar_printf(E->a, "%s, %s, %s", conf(E, f, 0), conf(E, f, 1), shmem);
    put(E, CGE_DELETE, f->b, f->u.launch.cfg_e, NULL);
    insert(E, f->e, f->u.launch.more ? ar_printf(E->a, "%s, ", cfg) : cfg);
}

/* fp<<<g, b>>>(args) -> fp ->* cucpu_config(g, b)(args) */
static void launch_tokens(Ed *E, const IrFact *f)
{
    put(E, CGE_REPLACE, f->b, f->u.tokens.open_e, ar_printf(E->a, " ->* %s(", NM(CONFIG)));
    put(E, CGE_REPLACE, f->u.tokens.close_b, f->e, ")");
}

static void kernel_ref(Ed *E, const IrFact *f)
{
    const char *n = text_of(E, f->b.off, f->e.off);
    put(E, CGE_REPLACE, f->b, f->e, ar_printf(E->a, "(%s<decltype(&%s), &%s>::stub)", NM(KERNEL), n, n));
}

static void shift(Ed *E, const IrFact *f)
{
    static const IrName fn[] = { [IRS_SHL] = NM_SHL, [IRS_SHR] = NM_SHR, [IRS_SHL_ASSIGN] = NM_SHL_ASSIGN,
                                 [IRS_SHR_ASSIGN] = NM_SHR_ASSIGN };
    insert(E, f->b, ar_printf(E->a, "%s(", ir_names[fn[f->u.shift.op]]));
    put(E, CGE_REPLACE, f->u.shift.op_b, f->u.shift.op_e, ",");
    insert(E, f->e, ")");
}

static void shared_dyn(Ed *E, const IrFact *f)
{
    const char *t = f->u.shared.type;
    put(E, CGE_REPLACE, f->b, f->e, ar_printf(E->a, "%s *%s = (%s *)%s;", t, f->u.shared.name, t, NM(DYNSMEM_TLS)));
}

/*
 *     static void __attribute__((constructor)) cucpu_register_symbols(void)
 *     {
 *         (void)cucpu_kernel<decltype(&k), &k>::registered;
 *         cucpu_register_symbol_named(&v, sizeof v, "v");
 *     }
 */
static void register_symbols(Ed *E, const IrFact *f)
{
    const char *t = ar_printf(E->a, "\n/* cucpu: the unit's kernels, __device__ and __constant__ variables, for the "
                              "runtime */\nstatic void __attribute__((constructor)) %s(void)\n{\n", NM(REGISTER_SYMBOLS));
    for (int i = 0; i < f->u.reg.kernels.n; i++) {
        const char *k = f->u.reg.kernels.v[i];
        t = ar_printf(E->a, "%s    (void)%s<decltype(&%s), &%s>::registered;\n", t, NM(KERNEL), k, k);
    }
    for (int i = 0; i < f->u.reg.symbols.n; i++) {
        const char *v = f->u.reg.symbols.v[i];
        t = ar_printf(E->a, "%s    %s(&%s, sizeof %s, \"%s\");\n", t, NM(REGISTER_SYMBOL_NAMED), v, v, v);
    }
    insert(E, f->b, ar_printf(E->a, "%s}\n", t));
}

static void fact(Ed *E, const IrFact *f)
{
    Arena *a = E->a;
    switch (f->kind) {
    case IRF_KERNEL_BODY: put(E, CGE_KERNEL, f->b, f->e, NULL)->kernel = f->u.kernel; break;
    case IRF_LAUNCH_PARAMS: params(E, f, ar_printf(a, "dim3 gridDim, dim3 blockDim, size_t %s", NM(SHMEM))); break;
    case IRF_CTX_PARAMS: params(E, f, "uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim"); break;
    case IRF_CTX_ARGS: params(E, f, "threadIdx, blockIdx, blockDim, gridDim"); break;
    case IRF_KERNEL_OPT: insert(E, f->b, ar_printf(a, "%s ", f->u.name ? f->u.name : NM(KERNEL_OPT))); break;
    case IRF_LAUNCH: launch(E, f); break;
    case IRF_LAUNCH_TOKENS: launch_tokens(E, f); break;
    case IRF_KERNEL_REF: kernel_ref(E, f); break;
    case IRF_INLINED_FUNC:
        put(E, CGE_REPLACE, f->b, f->e,
            ar_printf(a, "/* %s: inlined into the kernels that call it (it calls __syncthreads) */", f->u.name));
        break;
    case IRF_QUALIFIER: put(E, CGE_DELETE, f->b, f->e, NULL); break;
    case IRF_SHARED_MOVED: put(E, CGE_REPLACE, f->b, f->e, "/* __shared__ declaration moved into the kernels */"); break;
    case IRF_SHARED_TLS: insert(E, f->b, f->u.is_static ? "thread_local " : "static thread_local "); break;
    case IRF_SHARED_DYN: shared_dyn(E, f); break;
    case IRF_SHARED_DYN_MACRO:
        insert(E, f->b, "*");
        put(E, CGE_REPLACE, f->u.macro_dyn.brackets, f->e,
            ar_printf(a, " = (decltype(%s))%s", f->u.macro_dyn.name, NM(DYNSMEM_TLS)));
        break;
    case IRF_SHIFT: shift(E, f); break;
    case IRF_CLOCK: put(E, CGE_REPLACE, f->b, f->e, NM(CLOCK)); break;
    case IRF_F2I: insert(E, f->b, f->u.name); insert(E, f->e, ")"); break;
    case IRF_REGISTER: register_symbols(E, f); break;
    case IRF_PARAM_COPY: put(E, CGE_REPLACE, f->b, f->e, ar_printf(a, "%s%s", NM(ARG_), f->u.name)); break;
    case IRF_CLASS_OPEN: insert(E, f->b, " public: /* cucpu: kernels inline its member functions */"); break;
    case IRF_ACCESS: put(E, CGE_REPLACE, f->b, f->e, "public"); break;
    case IRF_INCLUDE:
        put(E, CGE_REPLACE, f->b, f->e, ar_printf(a, "\"%s%s\"", f->u.include.dir, f->u.include.shadow));
        break;
    }
}

void cg_host_edits(Arena *a, const FeFile *f, PtrVec *out)
{
    Ed E = { a, &f->src, out };
    for (int i = 0; i < f->facts.n; i++) fact(&E, f->facts.v[i]);
}
