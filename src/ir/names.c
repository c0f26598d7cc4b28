/*
 * names.c: the spellings of the generated names (names.def).
 */
#include "ir/names.h"

const char *const ir_names[NM_COUNT] = {
#define NAME(id, spelling) [NM_##id] = spelling,
#include "ir/names.def"
#undef NAME
};
