/* nvtx3/nvToolsExtCuda.h: where NVTX 3 keeps it; see ../nvToolsExtCuda.h. */
#include "../nvToolsExtCuda.h"
