/* The launcher protocol that gives CUCPU_PROFILE exact kernel times:
 * cucpu_launch_begin names the kernel (as __PRETTY_FUNCTION__ names a
 * launcher: the launch parameters are dropped), cucpu_launch_end ends it.
 * "busy" runs 3 launches of about 20 ms each, and the host then idles for
 * 100 ms, which must not count. The JSON profile is checked by
 * profile_test.sh. */
#include <time.h>
#include "cuda_runtime.h"
#include "cucpu_rt.h"

static void wait_ms(int ms)
{
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

int main(void)
{
  for (int i = 0; i < 3; i++) {
    if (cucpu_launch_begin("void busy(dim3, dim3, size_t, int*)", cucpu_dim3(1, 1, 1),
                           cucpu_dim3(32, 1, 1), 0) != cudaSuccess)
      return 1;
    wait_ms(20);
    cucpu_launch_end();
  }
  wait_ms(100);
  /* a bad launch is refused and not counted */
  if (cucpu_launch_begin("void busy(dim3, dim3, size_t, int*)", cucpu_dim3(0, 1, 1),
                         cucpu_dim3(32, 1, 1), 0) == cudaSuccess)
    return 1;
  return 0;
}
