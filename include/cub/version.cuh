/* cub/version.cuh: cucpu's CUB declarations are in cucpu_cub.h (KeyValuePair,
 * DoubleBuffer, Sum, Min, Max, CUB_VERSION). */
#include "../cucpu_cub.h"
