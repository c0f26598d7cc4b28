// clock() in device code is the SM's cycle counter, whose rate
// cudaDevAttrClockRate gives in kHz: a kernel that spins for
// 20 ms * clockRate cycles (NVIDIA's simpleHyperQ and StreamPriorities do
// this) takes about 20 ms, not the C library's processor time, which runs
// at another rate. Host code keeps the C library's clock().
#include <chrono>
#include <cstdio>
#include <ctime>

__device__ clock_t spin(clock_t cycles)
{
    clock_t start = clock();
    clock_t now = start;
    while (now - start < cycles) now = clock();
    return now - start;
}

__global__ void wait_for(clock_t cycles, long long *out)
{
    long long a = clock64();
    clock_t spun = spin(cycles);
    out[0] = spun;
    out[1] = clock64() - a;
}

int main()
{
    int khz = 0;
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
    long long *out;
    cudaMallocManaged(&out, 2 * sizeof(long long));
    clock_t cycles = (clock_t)20 * khz;     /* 20 ms */
    clock_t host0 = clock();
    auto t0 = std::chrono::steady_clock::now();
    wait_for<<<1, 1>>>(cycles, out);
    cudaDeviceSynchronize();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    int bad = 0;
    if (khz <= 0) { printf("clock rate %d kHz\n", khz); bad++; }
    if (out[0] < cycles || out[1] < cycles) { printf("spun %lld cycles (clock64 %lld), expected at least %ld\n", out[0], out[1], (long)cycles); bad++; }
    if (ms < 15 || ms > 2000) { printf("20 ms of cycles took %.1f ms\n", ms); bad++; }
    if (clock() < host0) { printf("host clock() went backwards\n"); bad++; }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
