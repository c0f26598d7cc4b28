// cucpu-libs: -lcufft
// cufftPlanMany with cuFFT's advanced layout (element (b, x, y) of a batch
// at b * dist + (x * embed[1] + y) * stride, here interleaved batches and
// rows padded past n), for C2C, R2C and Z2Z; NULL embeddings, which select
// the basic layout whatever the strides say; and the two-step API:
// cufftCreate, cufftMakePlan1d/2d/Many, cufftGetSize*, cufftEstimate*,
// cufftSetStream, cufftSetWorkArea, cufftSetAutoAllocation, cufftGetVersion
// and cufftGetProperty. Each result against a naive DFT in double of the
// points gathered with the same layout formula.
#include <cufft.h>
#include <cuda_runtime.h>
#include "libcheck.h"
#include "fft_ref.h"

// Offset of point i (C order over n) of batch b in an advanced layout.
static int offset(int rank, const int *n, const int *embed, int stride, int dist, int b, int i)
{
  int idx[3] = {0, 0, 0}, rest = i;
  for (int d = rank - 1; d >= 0; d--) {
    idx[d] = rest % n[d];
    rest /= n[d];
  }
  int lin = idx[0];
  for (int d = 1; d < rank; d++)
    lin = lin * embed[d] + idx[d];
  return b * dist + lin * stride;
}

// C2C and Z2Z: rank-2, rows padded, batches interleaved on input; output
// tight.
template <typename C> static void test_c2c_advanced(cufftType type)
{
  int n[2] = {4, 5}, inembed[2] = {4, 6}, onembed[2] = {4, 5}, batch = 3;
  int istride = batch, idist = 1, ostride = 1, odist = 20, pts = 20;
  int ilen = 4 * 6 * batch, olen = odist * batch;
  C *in = new C[ilen], *out = new C[olen];
  for (int i = 0; i < ilen; i++) {
    in[i].x = next_value();
    in[i].y = next_value();
  }
  C *din, *dout;
  cudaMalloc((void **)&din, sizeof(C) * ilen);
  cudaMalloc((void **)&dout, sizeof(C) * olen);
  cudaMemcpy(din, in, sizeof(C) * ilen, cudaMemcpyHostToDevice);
  cufftHandle p;
  CHECK(cufftPlanMany(&p, 2, n, inembed, istride, idist, onembed, ostride, odist, type, batch) ==
        CUFFT_SUCCESS);
  cufftResult r = type == CUFFT_C2C
                      ? cufftExecC2C(p, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_INVERSE)
                      : cufftExecZ2Z(p, (cufftDoubleComplex *)din, (cufftDoubleComplex *)dout,
                                     CUFFT_INVERSE);
  CHECK(r == CUFFT_SUCCESS);
  cudaMemcpy(out, dout, sizeof(C) * olen, cudaMemcpyDeviceToHost);
  Cplx x[20], want[20];
  for (int b = 0; b < batch; b++) {
    for (int i = 0; i < pts; i++) {
      int o = offset(2, n, inembed, istride, idist, b, i);
      x[i].re = in[o].x;
      x[i].im = in[o].y;
    }
    naive_dft(x, want, 2, n, CUFFT_INVERSE);
    for (int i = 0; i < pts; i++) {
      int o = offset(2, n, onembed, ostride, odist, b, i);
      CHECK_NEAR(out[o].x, want[i].re, 1e-5);
      CHECK_NEAR(out[o].y, want[i].im, 1e-5);
    }
  }
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  cudaFree(din);
  cudaFree(dout);
  delete[] in;
  delete[] out;
}

// R2C, 1D: input rows of 12 for n = 10, output interleaved.
static void test_r2c_advanced(void)
{
  int n[1] = {10}, inembed[1] = {12}, onembed[1] = {6}, batch = 4;
  int istride = 1, idist = 12, ostride = batch, odist = 1, half = 6;
  float in[12 * 4];
  cufftComplex out[6 * 4];
  for (int i = 0; i < 48; i++)
    in[i] = (float)next_value();
  float *din;
  cufftComplex *dout;
  cudaMalloc((void **)&din, sizeof in);
  cudaMalloc((void **)&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cufftHandle p;
  CHECK(cufftPlanMany(&p, 1, n, inembed, istride, idist, onembed, ostride, odist, CUFFT_R2C,
                      batch) == CUFFT_SUCCESS);
  CHECK(cufftExecR2C(p, din, dout) == CUFFT_SUCCESS);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  Cplx x[10], want[10];
  for (int b = 0; b < batch; b++) {
    for (int i = 0; i < 10; i++) {
      x[i].re = in[b * idist + i * istride];
      x[i].im = 0;
    }
    naive_dft(x, want, 1, n, CUFFT_FORWARD);
    for (int k = 0; k < half; k++) {
      CHECK_NEAR(out[b * odist + k * ostride].x, want[k].re, 1e-5);
      CHECK_NEAR(out[b * odist + k * ostride].y, want[k].im, 1e-5);
    }
  }
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  cudaFree(din);
  cudaFree(dout);
}

// NULL embeddings: the basic layout, strides and distances ignored.
static void test_null_embed(void)
{
  int n[1] = {8}, batch = 2;
  cufftComplex in[16], out[16];
  for (int i = 0; i < 16; i++)
    in[i] = make_cuComplex((float)next_value(), (float)next_value());
  cufftComplex *d;
  cudaMalloc((void **)&d, sizeof in);
  cudaMemcpy(d, in, sizeof in, cudaMemcpyHostToDevice);
  cufftHandle p;
  CHECK(cufftPlanMany(&p, 1, n, NULL, 5, 7, NULL, 3, 9, CUFFT_C2C, batch) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(p, d, d, CUFFT_FORWARD) == CUFFT_SUCCESS);
  cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
  Cplx x[8], want[8];
  for (int b = 0; b < batch; b++) {
    for (int i = 0; i < 8; i++)
      x[i].re = in[b * 8 + i].x, x[i].im = in[b * 8 + i].y;
    naive_dft(x, want, 1, n, CUFFT_FORWARD);
    for (int i = 0; i < 8; i++) {
      CHECK_NEAR(out[b * 8 + i].x, want[i].re, 1e-5);
      CHECK_NEAR(out[b * 8 + i].y, want[i].im, 1e-5);
    }
  }
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  cudaFree(d);
}

// cufftCreate + cufftMakePlan*, sizes, stream, work area, versions.
static void test_two_step(void)
{
  cufftHandle p;
  size_t ws = 123;
  CHECK(cufftCreate(&p) == CUFFT_SUCCESS);
  cufftComplex *d;
  cudaMalloc((void **)&d, sizeof(cufftComplex) * 30);
  CHECK(cufftExecC2C(p, d, d, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);  // no layout yet
  CHECK(cufftSetAutoAllocation(p, 0) == CUFFT_SUCCESS);
  CHECK(cufftGetSize2d(p, 5, 6, CUFFT_C2C, &ws) == CUFFT_SUCCESS);
  CHECK(cufftMakePlan2d(p, 5, 6, CUFFT_C2C, &ws) == CUFFT_SUCCESS);
  CHECK(cufftGetSize(p, &ws) == CUFFT_SUCCESS);
  void *work = NULL;
  cudaMalloc(&work, ws > 0 ? ws : 1);
  CHECK(cufftSetWorkArea(p, work) == CUFFT_SUCCESS);
  cudaStream_t s;
  cudaStreamCreate(&s);
  CHECK(cufftSetStream(p, s) == CUFFT_SUCCESS);
  cufftComplex in[30], out[30];
  for (int i = 0; i < 30; i++)
    in[i] = make_cuComplex((float)next_value(), (float)next_value());
  cudaMemcpyAsync(d, in, sizeof in, cudaMemcpyHostToDevice, s);
  CHECK(cufftExecC2C(p, d, d, CUFFT_FORWARD) == CUFFT_SUCCESS);
  cudaMemcpyAsync(out, d, sizeof out, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  int n[2] = {5, 6};
  Cplx x[30], want[30];
  for (int i = 0; i < 30; i++)
    x[i].re = in[i].x, x[i].im = in[i].y;
  naive_dft(x, want, 2, n, CUFFT_FORWARD);
  for (int i = 0; i < 30; i++) {
    CHECK_NEAR(out[i].x, want[i].re, 1e-5);
    CHECK_NEAR(out[i].y, want[i].im, 1e-5);
  }
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);

  // MakePlan1d and MakePlanMany on fresh handles.
  CHECK(cufftCreate(&p) == CUFFT_SUCCESS);
  CHECK(cufftMakePlan1d(p, 30, CUFFT_C2C, 1, &ws) == CUFFT_SUCCESS);
  CHECK(cufftGetSize1d(p, 30, CUFFT_C2C, 1, &ws) == CUFFT_SUCCESS);
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  CHECK(cufftCreate(&p) == CUFFT_SUCCESS);
  int nn[1] = {30};
  CHECK(cufftMakePlanMany(p, 1, nn, NULL, 1, 30, NULL, 1, 30, CUFFT_C2C, 1, &ws) == CUFFT_SUCCESS);
  CHECK(cufftMakePlanMany(p, 4, nn, NULL, 1, 30, NULL, 1, 30, CUFFT_C2C, 1, &ws) ==
        CUFFT_INVALID_SIZE);
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  CHECK(cufftEstimate1d(64, CUFFT_R2C, 2, &ws) == CUFFT_SUCCESS);
  CHECK(cufftEstimate3d(4, 4, 4, CUFFT_Z2Z, &ws) == CUFFT_SUCCESS);

  int v = 0, major = -1;
  CHECK(cufftGetVersion(&v) == CUFFT_SUCCESS && v == CUFFT_VERSION);
  CHECK(cufftGetProperty(MAJOR_VERSION, &major) == CUFFT_SUCCESS && major == CUFFT_VER_MAJOR);
  cudaStreamDestroy(s);
  cudaFree(work);
  cudaFree(d);
}

int main()
{
  test_c2c_advanced<cufftComplex>(CUFFT_C2C);
  test_c2c_advanced<cufftDoubleComplex>(CUFFT_Z2Z);
  test_r2c_advanced();
  test_null_embed();
  test_two_step();
  return finish("cufft_many");
}
