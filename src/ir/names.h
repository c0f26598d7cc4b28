/*
 * names.h: the table of generated names (names.def). NM(SHL) is
 * "cucpu_shl"; ir_names[] lists them all, in the table's order.
 */
#ifndef CUCPU_IR_NAMES_H
#define CUCPU_IR_NAMES_H

typedef enum IrName {
#define NAME(id, spelling) NM_##id,
#include "ir/names.def"
#undef NAME
    NM_COUNT
} IrName;

extern const char *const ir_names[NM_COUNT];
#define NM(id) (ir_names[NM_##id])

#endif
