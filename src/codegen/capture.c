/*
 * capture.c: the first lines of every launcher, for stream capture. A
 * launch `k<<<g, b, s, st>>>(args)` notes st (host_edits.c passes
 * cucpu_on_stream(st, s) as the shared bytes); when st captures, the
 * launcher records itself with its arguments instead of running:
 *
 *   switch (cucpu_launch_captured()) {
 *   case 0: break;
 *   case 1: {
 *   #if defined(__cplusplus)
 *       void *cucpu_cap_args[] = { (void *)__builtin_addressof(p1), ..., 0 };
 *       cucpu_capture_self(static_cast<void (*)(dim3, dim3, size_t,
 *           decltype(p1), ...)>(&k), gridDim, blockDim, cucpu_shmem, cucpu_cap_args);
 *   #else
 *       cucpu_capture_refuse();
 *   #endif
 *       return; }
 *   default: return;
 *   }
 *
 * The cast picks this launcher among overloads. A template kernel's
 * launcher cannot name its own specialization (its template arguments may
 * not be deducible from its parameters), nor can a launcher with an unnamed
 * parameter pass it: those refuse, which fails the capture with
 * cudaErrorStreamCaptureUnsupported rather than running the kernel early.
 */
#include "cg.h"

void cg_capture_guard(Buf *b, const IrKernel *k, const char *in)
{
    buf_printf(b, "%sswitch (%s()) {\n%scase 0: break;\n%scase 1: {\n", in, NM(LAUNCH_CAPTURED), in, in);
    int self = !k->is_template && !k->unnamed_param;
    if (self) buf_puts(b, "#if defined(__cplusplus)\n");
    if (self) {
        buf_printf(b, "%s    void *%s[] = { ", in, NM(CAP_ARGS));
        for (int i = 0; i < k->params.n; i++) {
            const IrParam *p = k->params.v[i];
            buf_printf(b, "(void *)__builtin_addressof(%s%s), ", p->copied ? NM(ARG_) : "", p->name);
        }
        buf_printf(b, "0 };\n%s    %s(static_cast<void (*)(dim3, dim3, size_t", in, NM(CAPTURE_SELF));
        for (int i = 0; i < k->params.n; i++) {
            const IrParam *p = k->params.v[i];
            buf_printf(b, ", decltype(%s%s)", p->copied ? NM(ARG_) : "", p->name);
        }
        buf_printf(b, ")>(&%s), gridDim, blockDim, %s, %s);\n", k->name, NM(SHMEM), NM(CAP_ARGS));
        buf_puts(b, "#else\n");
    }
    buf_printf(b, "%s    %s();\n", in, NM(CAPTURE_REFUSE));
    if (self) buf_puts(b, "#endif\n");
    buf_printf(b, "%s    return; }\n%sdefault: return;\n%s}\n", in, in, in);
}
