// CUB's device-wide algorithms with the two-call temp-storage protocol
// (the first call, with d_temp_storage == NULL, sets temp_storage_bytes;
// the second runs), on a stream: DeviceReduce::Sum/Min/Max/Reduce/
// ArgMin/ArgMax, DeviceScan::InclusiveSum/ExclusiveSum/InclusiveScan/
// ExclusiveScan, DeviceRadixSort::SortKeys/SortPairs and their Descending
// forms (full keys, a bit range, signed, float, DoubleBuffer), each
// against a reference computed on the host with plain loops.
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <algorithm>
#include <vector>
#include "libcheck.h"

static cudaStream_t stream;

struct MaxOp {
  __host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

// Runs CALL twice: with d_temp_storage == NULL, then with storage of the
// size the first call set.
#define TWO_CALLS(CALL)                                                                            \
  do {                                                                                             \
    void *d_temp_storage = NULL;                                                                   \
    size_t temp_storage_bytes = 0;                                                                 \
    CHECK(CALL == cudaSuccess);                                                                    \
    CHECK(temp_storage_bytes > 0);                                                                 \
    CHECK(cudaMalloc(&d_temp_storage, temp_storage_bytes) == cudaSuccess);                         \
    CHECK(CALL == cudaSuccess);                                                                    \
    CHECK(cudaStreamSynchronize(stream) == cudaSuccess);                                           \
    CHECK(cudaFree(d_temp_storage) == cudaSuccess);                                                \
  } while (0)

template <typename T>
static T *to_device(const std::vector<T> &h)
{
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T) + 1);
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

template <typename T>
static std::vector<T> to_host(const T *d, size_t n)
{
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

static void reductions(int n)
{
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  for (int i = 0; i < n; i++) {
    hi[i] = (int)(next_value() * 100000);
    hf[i] = (float)next_value();
  }
  int *di = to_device(hi), *dout;
  float *df = to_device(hf), *fout;
  cub::KeyValuePair<int, int> *dkv;
  cudaMalloc(&dout, sizeof(int));
  cudaMalloc(&fout, sizeof(float));
  cudaMalloc(&dkv, sizeof *dkv);

  long long s = 0;
  int mn = n ? hi[0] : 0, mx = mn, amin = 0, amax = 0;
  double fs = 0;
  for (int i = 0; i < n; i++) {
    s += hi[i];
    fs += hf[i];
    if (hi[i] < mn) { mn = hi[i]; amin = i; }
    if (hi[i] > mx) { mx = hi[i]; amax = i; }
  }
  if (n == 0) {
    mn = 2147483647; // std::numeric_limits<int>::max()
    mx = -2147483647 - 1;
    amin = amax = 1;
  }

  TWO_CALLS(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, di, dout, n, stream));
  CHECK(to_host(dout, 1)[0] == (int)s);
  TWO_CALLS(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, df, fout, n, stream));
  CHECK_NEAR(to_host(fout, 1)[0], fs, 1e-4);
  TWO_CALLS(cub::DeviceReduce::Min(d_temp_storage, temp_storage_bytes, di, dout, n, stream));
  CHECK(to_host(dout, 1)[0] == mn);
  TWO_CALLS(cub::DeviceReduce::Max(d_temp_storage, temp_storage_bytes, di, dout, n, stream));
  CHECK(to_host(dout, 1)[0] == mx);
  TWO_CALLS(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, di, dout, n, MaxOp(), -7, stream));
  CHECK(to_host(dout, 1)[0] == (n ? std::max(mx, -7) : -7));
  TWO_CALLS(cub::DeviceReduce::ArgMin(d_temp_storage, temp_storage_bytes, di, dkv, n, stream));
  cub::KeyValuePair<int, int> kv = to_host(dkv, 1)[0];
  CHECK(kv.key == amin && kv.value == mn);
  TWO_CALLS(cub::DeviceReduce::ArgMax(d_temp_storage, temp_storage_bytes, di, dkv, n, stream));
  kv = to_host(dkv, 1)[0];
  CHECK(kv.key == amax && kv.value == mx);
  cudaFree(di);
  cudaFree(df);
  cudaFree(dout);
  cudaFree(fout);
  cudaFree(dkv);
}

static void scans(int n)
{
  std::vector<int> hi(n);
  for (int i = 0; i < n; i++)
    hi[i] = (int)(next_value() * 1000);
  int *di = to_device(hi), *dout = to_device(hi);
  std::vector<int> r(n);

  TWO_CALLS(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, di, dout, n, stream));
  int acc = 0;
  for (int i = 0; i < n; i++)
    r[i] = acc += hi[i];
  CHECK(to_host(dout, n) == r);
  TWO_CALLS(cub::DeviceScan::ExclusiveSum(d_temp_storage, temp_storage_bytes, di, dout, n, stream));
  acc = 0;
  for (int i = 0; i < n; i++) {
    r[i] = acc;
    acc += hi[i];
  }
  CHECK(to_host(dout, n) == r);
  TWO_CALLS(cub::DeviceScan::InclusiveScan(d_temp_storage, temp_storage_bytes, di, dout, MaxOp(), n, stream));
  for (int i = 0; i < n; i++)
    r[i] = acc = i ? std::max(acc, hi[i]) : hi[0];
  CHECK(to_host(dout, n) == r);
  TWO_CALLS(cub::DeviceScan::ExclusiveScan(d_temp_storage, temp_storage_bytes, di, dout, MaxOp(), -5000, n, stream));
  acc = -5000;
  for (int i = 0; i < n; i++) {
    r[i] = acc;
    acc = std::max(acc, hi[i]);
  }
  CHECK(to_host(dout, n) == r);
  // In place.
  TWO_CALLS(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, di, di, n, stream));
  acc = 0;
  for (int i = 0; i < n; i++)
    r[i] = acc += hi[i];
  CHECK(to_host(di, n) == r);
  cudaFree(di);
  cudaFree(dout);
}

// The radix form of a key, as CUB defines it, for the host reference.
static unsigned radix_of(int k) { return (unsigned)k ^ 0x80000000u; }
static unsigned radix_of(unsigned k) { return k; }
static unsigned radix_of(float f)
{
  unsigned u;
  if (f == 0.0f)
    f = 0.0f;
  memcpy(&u, &f, 4);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

// Stable order of keys by bits [b, e) of the radix form (inverted if desc).
template <typename K>
static std::vector<int> ref_order(const std::vector<K> &keys, int b, int e, bool desc)
{
  int n = (int)keys.size();
  std::vector<int> ord(n);
  for (int i = 0; i < n; i++)
    ord[i] = i;
  unsigned mask = 0;
  for (int bit = b; bit < e; bit++)
    mask |= 1u << bit;
  // Insertion into buckets would do; a stable sort on the masked form is
  // the definition.
  std::stable_sort(ord.begin(), ord.end(), [&](int x, int y) {
    unsigned a = radix_of(keys[x]), c = radix_of(keys[y]);
    if (desc) { a = ~a; c = ~c; }
    return (a & mask) < (c & mask);
  });
  return ord;
}

template <typename K>
static void sort_case(const std::vector<K> &keys, int b, int e, bool desc)
{
  int n = (int)keys.size();
  std::vector<int> vals(n);
  for (int i = 0; i < n; i++)
    vals[i] = i;
  std::vector<int> ord = ref_order(keys, b, e, desc);
  std::vector<K> rk(n);
  std::vector<int> rv(n);
  for (int i = 0; i < n; i++) {
    rk[i] = keys[ord[i]];
    rv[i] = ord[i];
  }
  K *kin = to_device(keys), *kout = to_device(keys);
  int *vin = to_device(vals), *vout = to_device(vals);
  if (desc)
    TWO_CALLS(cub::DeviceRadixSort::SortPairsDescending(d_temp_storage, temp_storage_bytes, kin, kout, vin, vout, n, b, e, stream));
  else
    TWO_CALLS(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, kin, kout, vin, vout, n, b, e, stream));
  CHECK(to_host(kout, n) == rk);
  CHECK(to_host(vout, n) == rv);
  if (desc)
    TWO_CALLS(cub::DeviceRadixSort::SortKeysDescending(d_temp_storage, temp_storage_bytes, kin, kout, n, b, e, stream));
  else
    TWO_CALLS(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, kin, kout, n, b, e, stream));
  CHECK(to_host(kout, n) == rk);
  CHECK(to_host(kin, n) == keys);
  // DoubleBuffer: the result is in Current().
  cub::DoubleBuffer<K> dk(kin, kout);
  cub::DoubleBuffer<int> dv(vin, vout);
  if (desc)
    TWO_CALLS(cub::DeviceRadixSort::SortPairsDescending(d_temp_storage, temp_storage_bytes, dk, dv, n, b, e, stream));
  else
    TWO_CALLS(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, dk, dv, n, b, e, stream));
  CHECK(to_host(dk.Current(), n) == rk);
  CHECK(to_host(dv.Current(), n) == rv);
  cudaFree(kin);
  cudaFree(kout);
  cudaFree(vin);
  cudaFree(vout);
}

static void sorts(int n)
{
  std::vector<int> ki(n);
  std::vector<unsigned> ku(n);
  std::vector<float> kf(n);
  for (int i = 0; i < n; i++) {
    ki[i] = (int)(next_value() * 2000000000.0);
    ku[i] = (unsigned)(next_value() * 50) * 65537u;
    kf[i] = (float)(next_value() * 1000.0);
  }
  if (n > 3)
    kf[1] = 0.0f, kf[2] = -0.0f, kf[3] = 0.0f;
  for (int desc = 0; desc < 2; desc++) {
    sort_case(ki, 0, 32, desc);
    sort_case(ki, 4, 20, desc);
    sort_case(ku, 0, 32, desc);
    sort_case(ku, 16, 24, desc);
    sort_case(kf, 0, 32, desc);
    sort_case(kf, 8, 32, desc);
  }
}

int main()
{
  CHECK(cudaStreamCreate(&stream) == cudaSuccess);
  int sizes[] = {0, 1, 37, 100003};
  for (int k = 0; k < 4; k++) {
    reductions(sizes[k]);
    scans(sizes[k]);
    sorts(sizes[k]);
  }
  CHECK(cudaStreamDestroy(stream) == cudaSuccess);
  return finish("cub_device");
}
