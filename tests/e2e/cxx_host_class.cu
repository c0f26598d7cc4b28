// cxx_host_class.cu: C++ host code around kernels: a class template that owns
// a device buffer (RAII), std::vector, iostream output, new/delete, a
// lambda on the host and a namespace.
#include <iostream>
#include <vector>
#include <numeric>
#include <cuda_runtime.h>

namespace demo {

template <typename T>
class DeviceBuffer {
public:
    explicit DeviceBuffer(size_t n) : n_(n), ptr_(nullptr) { cudaMalloc(&ptr_, n * sizeof(T)); }
    ~DeviceBuffer() { cudaFree(ptr_); }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
    void upload(const std::vector<T> &v) { cudaMemcpy(ptr_, v.data(), n_ * sizeof(T), cudaMemcpyHostToDevice); }
    std::vector<T> download() const
    {
        std::vector<T> v(n_);
        cudaMemcpy(v.data(), ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost);
        return v;
    }
    T *get() const { return ptr_; }
    size_t size() const { return n_; }

private:
    size_t n_;
    T *ptr_;
};

} // namespace demo

__global__ void weighted(const int *a, const int *w, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (long long)a[i] * w[i] - i;
}

class Runner {
public:
    Runner(int n) : n_(n), a_(n), w_(n), out_(n) {}
    bool run(const std::vector<int> &a, const std::vector<int> &w, std::vector<long long> &out)
    {
        a_.upload(a);
        w_.upload(w);
        weighted<<<(n_ + 127) / 128, 128>>>(a_.get(), w_.get(), out_.get(), n_);
        if (cudaGetLastError() != cudaSuccess)
            return false;
        out = out_.download();
        return true;
    }

private:
    int n_;
    demo::DeviceBuffer<int> a_, w_;
    demo::DeviceBuffer<long long> out_;
};

int main()
{
    const int n = 1000;
    std::vector<int> a(n), w(n);
    std::iota(a.begin(), a.end(), -500);
    unsigned s = 17u;
    auto next = [&s]() { s = s * 1664525u + 1013904223u; return (int)((s >> 8) % 100000); };
    for (int &x : w)
        x = next();
    Runner *r = new Runner(n);
    std::vector<long long> out;
    int failures = 0;
    if (!r->run(a, w, out)) {
        std::cout << "launch failed" << std::endl;
        failures++;
    }
    delete r;
    for (int i = 0; i < n && !failures; i++) {
        long long want = (long long)a[i] * w[i] - i;
        if (out[i] != want) {
            if (failures < 10)
                std::cout << "out[" << i << "]: got " << out[i] << ", expected " << want << "\n";
            failures++;
        }
    }
    if (failures) {
        std::cout << "FAIL: " << failures << " mismatches" << std::endl;
        return 1;
    }
    std::cout << "PASS" << std::endl;
    return 0;
}
