/*
 * params.c: a kernel's parameters as its launcher names them
 * (IrKernel.params). A parameter the body assigns is renamed in the
 * launcher (lower.c, copy_written_params): a fused loop's call of the
 * team entry passes it on under the launcher's name (codegen/team.c).
 */
#include <string.h>
#include "internal.h"

/* The kernel's copy of parameter `name` declared at off: the body assigns it. */
static int copied(const IrKernel *k, const char *name, unsigned off)
{
    for (int j = 0; j < k->vars.n; j++) {
        const IrVar *v = k->vars.v[j];
        if (v->loc.off == off && !strcmp(v->name, name) && !(v->flags & IRV_PARAM)) return 1;
    }
    return 0;
}

void fe_launch_params(Fe *fe, FeFunc *f, IrKernel *k)
{
    int n = clang_Cursor_getNumArguments(f->def);
    for (int i = 0; i < n; i++) {
        CXCursor p = clang_Cursor_getArgument(f->def, (unsigned)i);
        IrParam *q = ar_alloc(fe->a, sizeof *q);
        q->name = fe_name(fe, p);
        if (!*q->name) k->unnamed_param = 1;
        q->copied = copied(k, q->name, fe_loc(fe, p).off);
        pv_push(fe->a, &k->params, q);
    }
}
