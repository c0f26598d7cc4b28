/* faults.c: kernel faults (cucpu_fault.h). A failed assert or __trap in a
 * kernel prints the function, block and thread, and leaves a sticky error
 * that every later CUDA call returns until cudaDeviceReset; the first fault
 * wins. An assert in host code still aborts. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cuda_runtime.h"
#include "cucpu_fault.h"
#include "check.h"

static uint3 idx(unsigned x, unsigned y, unsigned z)
{
  uint3 u = {x, y, z};
  return u;
}

/* Every call that reaches the device returns err. */
static void all_fail_with(cudaError_t err)
{
  char h[8], *d = NULL;
  CHECK(cudaMalloc((void **)&d, 8) == err);
  CHECK(cudaMemcpy(h, h, 8, cudaMemcpyHostToHost) == err);
  CHECK(cudaMemset(h, 0, 8) == err);
  CHECK(cudaFree(d) == err);
  CHECK(cudaDeviceSynchronize() == err);
  CHECK(cudaStreamSynchronize(0) == err);
  CHECK(cucpu_launch_check(cucpu_dim3(1, 1, 1), cucpu_dim3(1, 1, 1), 0) == err);
  CHECK(cudaGetLastError() == err);
  CHECK(cudaGetLastError() == err);   /* sticky: not cleared */
  CHECK(cudaPeekAtLastError() == err);
}

/* An assert in host code (no thread known, no OpenMP region) aborts. */
static void host_assert_aborts(void)
{
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    freopen("/dev/null", "w", stderr);
    cucpu_assert_fail("host", "h.cu", 1, "main", cucpu_idx(blockIdx), cucpu_idx(threadIdx));
    _exit(0);
  }
  int st;
  CHECK(waitpid(pid, &st, 0) == pid);
  CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
}

int main(void)
{
  host_assert_aborts();
  char *d;
  CHECK(cudaMalloc((void **)&d, 8) == cudaSuccess && cudaFree(d) == cudaSuccess);

  /* Capture stderr. */
  char path[] = "/tmp/cucpu_faults_XXXXXX";
  int fd = mkstemp(path), saved = dup(2);
  CHECK(fd >= 0 && saved >= 0 && dup2(fd, 2) == 2);
  /* Asserts in a kernel's threads return, on every OpenMP thread. */
#pragma omp parallel num_threads(2)
  cucpu_assert_fail("x < n", "k.cu", 7, "kern", idx(1, 2, 3), idx(4, 5, 6));
  cucpu_device_fault(cudaErrorLaunchFailure, "__trap()", "dev", "k.cu", 9,
                     cucpu_idx(blockIdx), cucpu_idx(threadIdx));
  for (int i = 0; i < 40; i++)
    cucpu_device_fault(cudaErrorLaunchFailure, "__trap()", "kern", "k.cu", 9,
                       idx(0, 0, 0), idx((unsigned)i, 0, 0));
  fflush(stderr);
  CHECK(dup2(saved, 2) == 2);
  all_fail_with(cudaErrorAssert);   /* the first fault wins */

  char text[8192] = {0};
  FILE *f = fopen(path, "r");
  CHECK(f && fread(text, 1, sizeof text - 1, f) > 0);
  fclose(f);
  unlink(path);
  CHECK(strstr(text, "k.cu:7: kern: block: [1,2,3], thread: [4,5,6] Assertion `x < n` failed.\n"));
  CHECK(strstr(text, "k.cu:9: dev: block: [?], thread: [?] __trap(): unspecified launch failure\n"));
  CHECK(strstr(text, "thread: [28,0,0]") && !strstr(text, "thread: [29,0,0]"));
  CHECK(strstr(text, "only the first 32 are shown"));

  /* cudaDeviceReset gives a working context. */
  CHECK(cudaDeviceReset() == cudaSuccess);
  CHECK(cudaMalloc((void **)&d, 8) == cudaSuccess && cudaFree(d) == cudaSuccess);
  return 0;
}
