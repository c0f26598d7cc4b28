// cucpu-libs: -lcufft
// Every cufftResult that CUDA 13's cufft.h names, as status tables list
// them (NVIDIA's helper_cuda.h switches on all of them), with its value.
#include <cstdio>
#include <cufft.h>

static const char *status_name(cufftResult r)
{
    switch (r) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
    case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
    case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
    case CUFFT_NVSHMEM_FAILURE: return "CUFFT_NVSHMEM_FAILURE";
    default: return "<unknown>";
    }
}

int main()
{
    int bad = 0;
    if (CUFFT_NOT_SUPPORTED != 0x10 || CUFFT_MISSING_DEPENDENCY != 0x11 || CUFFT_NVRTC_FAILURE != 0x12 ||
        CUFFT_NVJITLINK_FAILURE != 0x13 || CUFFT_NVSHMEM_FAILURE != 0x14) {
        printf("cufftResult values differ from cuFFT's\n");
        bad++;
    }
    cufftHandle plan;
    cufftResult r = cufftPlan1d(&plan, 0, CUFFT_C2C, 1);
    if (r != CUFFT_INVALID_SIZE) {
        printf("cufftPlan1d(n = 0) returned %s\n", status_name(r));
        bad++;
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
