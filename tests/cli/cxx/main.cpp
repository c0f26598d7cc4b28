// Calls lud_cuda from lud.cu with C++ linkage, as with nvcc.
#include <cstdio>

int lud_cuda(int n);

int main()
{
    int s = lud_cuda(64);
    std::printf("lud_cuda(64) = %d\n", s);
    return s == 64 * 65 / 2 ? 0 : 1;
}
