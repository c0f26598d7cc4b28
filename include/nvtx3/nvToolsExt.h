/* nvtx3/nvToolsExt.h: where NVTX 3 keeps it; see ../nvToolsExt.h. */
#include "../nvToolsExt.h"
