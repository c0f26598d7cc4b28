/*
 * cmpgolden: compares the RESULT lines of a run with a golden file.
 *   cmpgolden GOLDEN RUN TOL
 * Every "RESULT <label> <number>" of GOLDEN must appear in RUN with a value
 * whose relative error (same definition as rd_relerr in rodinia.h: |a-b| /
 * max(|a|,|b|,1e-6)) is at most TOL. Other lines are ignored. Prints one line
 * per mismatch and a summary; exits 0 when all match, 1 otherwise, 2 on usage
 * or I/O errors.
 */
#include "rodinia.h"

#define MAXR 4096

typedef struct { char label[128]; double v; } Res;

static int load(const char *path, Res *r, int max)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    int n = 0;
    if (!f) { fprintf(stderr, "cmpgolden: cannot open %s\n", path); return -1; }
    while (fgets(line, sizeof line, f)) {
        char lab[128], num[128];
        if (strncmp(line, "RESULT ", 7) != 0) continue;
        if (sscanf(line + 7, "%127s %127s", lab, num) != 2) continue;
        if (n == max) break;
        snprintf(r[n].label, sizeof r[n].label, "%s", lab);
        r[n].v = strtod(num, NULL);
        n++;
    }
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    static Res g[MAXR], x[MAXR];
    int ng, nx, bad = 0;
    double tol, worst = 0.0;
    if (argc != 4) { fprintf(stderr, "usage: cmpgolden GOLDEN RUN TOL\n"); return 2; }
    tol = strtod(argv[3], NULL);
    ng = load(argv[1], g, MAXR);
    nx = load(argv[2], x, MAXR);
    if (ng < 0 || nx < 0) return 2;
    if (ng == 0) { printf("cmpgolden: no RESULT lines in %s\n", argv[1]); return 1; }
    for (int i = 0; i < ng; i++) {
        int j;
        for (j = 0; j < nx; j++) if (strcmp(g[i].label, x[j].label) == 0) break;
        if (j == nx) { printf("missing RESULT %s\n", g[i].label); bad++; continue; }
        double e = rd_relerr(x[j].v, g[i].v);
        if (e > worst) worst = e;
        if (!(e <= tol)) {
            printf("RESULT %s: got %.9g, golden %.9g (rel err %.3g > %.3g)\n",
                   g[i].label, x[j].v, g[i].v, e, tol);
            bad++;
        }
    }
    printf("cmpgolden: %d/%d match (max rel err %.3g, tol %.3g)\n", ng - bad, ng, worst, tol);
    return bad ? 1 : 0;
}
