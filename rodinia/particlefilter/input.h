/* particlefilter/input.h: deterministic input of the particle filter: a
 * video of Nfr frames (IszX x IszY, int intensities) showing a disk of
 * radius 5 (intensity 140 on a background of 100, Gaussian noise sigma 5)
 * moving by (+1, -2) pixels per frame; the disk's pixel offsets; the
 * particles' random seeds; the per-particle LCG shared by every version.
 * Plain C, header-only. */
#ifndef PARTICLEFILTER_INPUT_H
#define PARTICLEFILTER_INPUT_H
#include "../common/rodinia.h"

#define PF_SEED 31337u
#define PF_RADIUS 5
#define PF_BACKGROUND 100
#define PF_OBJECT 140
#define PF_PI 3.1415926535897932

/* The particles' generator: seed' = (1103515245*seed + 12345) mod 2^31.
 * Usable from host and device code (a macro over unsigned arithmetic). */
#define PF_LCG_NEXT(s) ((int)((1103515245ULL * (unsigned long long)(s) + 12345ULL) & 0x7fffffffULL))
#define PF_LCG_UNIFORM(s) (((double)(s) + 0.5) / 2147483648.0)

typedef struct { int IszX, IszY, Nfr, Nparticles; } PfSize;

static inline PfSize pf_size(int size)
{
    PfSize s;
    s.IszX = 128; s.IszY = 128; s.Nfr = 10;
    s.Nparticles = size == RD_LARGE ? 16384 : 2000;
    return s;
}

/* True position of the object in frame k. */
static inline void pf_truth(const PfSize *s, int k, double *x, double *y)
{
    *x = s->IszX / 2 - 5 + k;
    *y = s->IszY / 2 + 10 - 2 * k;
}

/* video[k*IszX*IszY + y*IszX + x]. */
static inline void pf_video(const PfSize *s, int *video)
{
    rd_lcg g;
    rd_seed(&g, PF_SEED);
    for (int k = 0; k < s->Nfr; k++) {
        double ox, oy;
        pf_truth(s, k, &ox, &oy);
        for (int y = 0; y < s->IszY; y++)
            for (int x = 0; x < s->IszX; x++) {
                double dx = x - ox, dy = y - oy;
                double v = (dx * dx + dy * dy <= PF_RADIUS * PF_RADIUS)
                    ? PF_OBJECT : PF_BACKGROUND;
                double u1 = rd_uniform(&g) + 1e-12, u2 = rd_uniform(&g);
                v += 5.0 * sqrt(-2.0 * log(u1)) * cos(2.0 * PF_PI * u2);
                int iv = (int)floor(v + 0.5);
                video[((long)k * s->IszY + y) * s->IszX + x] =
                    iv < 0 ? 0 : (iv > 255 ? 255 : iv);
            }
    }
}

/* objxy[2*j] = dy, objxy[2*j+1] = dx of the disk's pixels; returns count. */
static inline int pf_disk(int *objxy)
{
    int n = 0;
    for (int dy = -PF_RADIUS; dy <= PF_RADIUS; dy++)
        for (int dx = -PF_RADIUS; dx <= PF_RADIUS; dx++)
            if (dx * dx + dy * dy <= PF_RADIUS * PF_RADIUS) {
                objxy[2 * n] = dy;
                objxy[2 * n + 1] = dx;
                n++;
            }
    return n;
}

#define PF_MAX_DISK ((2 * PF_RADIUS + 1) * (2 * PF_RADIUS + 1))

static inline void pf_seeds(int *seed, int n)
{
    for (int i = 0; i < n; i++) seed[i] = (int)(((unsigned)i * 7919u + 17u) & 0x7fffffffu);
}

/* Log-likelihood term of one observed pixel value. */
static inline float pf_term(int v)
{
    float a = (float)(v - PF_BACKGROUND), b = (float)(v - PF_OBJECT);
    return (a * a - b * b) / 50.0f;
}
#endif
