/* nvtx3/nvToolsExtCudaRt.h: where NVTX 3 keeps it; see ../nvToolsExtCudaRt.h. */
#include "../nvToolsExtCudaRt.h"
