/* A plain C input compiled next to a .cu. */
#include "twice.h"

int thrice(int x) { return 3 * x; }
