// Defines a host function used by use_twice.cu (separate compilation).
#include "twice.h"

int twice(int x) { return 2 * x; }
