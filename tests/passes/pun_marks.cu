// pun_marks.cu: which kernels lose strict aliasing (funcs.c, type_pun): a cast to
// std::byte * may read any memory and keeps it; a cast to an enum that merely has
// "Byte" in its name is a pun (passes.pun_marks).
#include <cstddef>
enum ByteOrder : unsigned { little };
__global__ void a(float *f) { std::byte *b = reinterpret_cast<std::byte *>(f); b[0] = std::byte{1}; }
__global__ void c(float *f) { ByteOrder *o = reinterpret_cast<ByteOrder *>(f); *o = little; }
