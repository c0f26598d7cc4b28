/* symbols.c: __device__ and __constant__ variables are host globals, so a
 * symbol is an address; copies are memcpy at an offset. Sizes are known
 * only for symbols registered with cucpu_register_symbol or, as translated
 * files do for each variable they define, cucpu_register_symbol_named.
 *
 * A named symbol can also be given by its name: CUDA before 5.0 declared
 * cudaMemcpyToSymbol(const char *symbol, ...) and programs of that time
 * write cudaMemcpyToSymbol("c_clusters", ...). C++ passes the string's
 * address where the variable's would go, so every call resolves its symbol
 * argument first: a registered variable's address stands for itself; any
 * other pointer that spells a registered name stands for that variable. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "graph.h"

typedef struct RtSymbol {
  const void *addr;
  size_t size;
  const char *name;   /* NULL when registered without one */
} RtSymbol;

static pthread_mutex_t rt_sym_lock = PTHREAD_MUTEX_INITIALIZER;
static RtSymbol *rt_syms;
static size_t rt_nsyms, rt_capsyms;

void cucpu_register_symbol(const void *addr, size_t size)
{
  cucpu_register_symbol_named(addr, size, NULL);
}

void cucpu_register_symbol_named(const void *addr, size_t size,
                                 const char *name)
{
  pthread_mutex_lock(&rt_sym_lock);
  if (rt_nsyms == rt_capsyms) {
    size_t cap = rt_capsyms ? 2 * rt_capsyms : 16;
    RtSymbol *s = realloc(rt_syms, cap * sizeof *s);
    if (!s) {
      pthread_mutex_unlock(&rt_sym_lock);
      return;
    }
    rt_syms = s;
    rt_capsyms = cap;
  }
  rt_syms[rt_nsyms++] = (RtSymbol){addr, size, name};
  pthread_mutex_unlock(&rt_sym_lock);
  /* Copies through cudaGetSymbolAddress's pointer get exact bounds too. */
  rt_mem_add((void *)addr, size, size, RT_MEM_SYMBOL);
}

/* rt_symbol_resolve: the variable that the symbol argument stands for:
 * symbol itself when it is a registered address or no registered name,
 * else the variable registered under the name the string at symbol spells.
 * The string is read only as far as it matches some name. */
static const void *rt_symbol_resolve(const void *symbol)
{
  const void *addr = symbol;
  if (!symbol)
    return NULL;
  pthread_mutex_lock(&rt_sym_lock);
  size_t i;
  for (i = 0; i < rt_nsyms; i++)
    if (rt_syms[i].addr == symbol)
      break;
  if (i == rt_nsyms)
    for (i = 0; i < rt_nsyms; i++)
      if (rt_syms[i].name && !strcmp(rt_syms[i].name, symbol)) {
        addr = rt_syms[i].addr;
        break;
      }
  pthread_mutex_unlock(&rt_sym_lock);
  return addr;
}

/* rt_symbol_size: the registered size of symbol, or 0 when unknown. */
static size_t rt_symbol_size(const void *symbol)
{
  size_t size = 0;
  pthread_mutex_lock(&rt_sym_lock);
  for (size_t i = 0; i < rt_nsyms; i++)
    if (rt_syms[i].addr == symbol)
      size = rt_syms[i].size;
  pthread_mutex_unlock(&rt_sym_lock);
  return size;
}

/* rt_symbol_range_ok: offset + count fits in symbol when its size is known;
 * otherwise in the static data that holds it. */
static int rt_symbol_range_ok(const void *symbol, size_t offset, size_t count,
                              RtCopySide side)
{
  size_t size = rt_symbol_size(symbol);
  if (size)
    return offset <= size && count <= size - offset;
  return (uintptr_t)symbol + offset >= (uintptr_t)symbol &&
         rt_mem_check((const char *)symbol + offset, count, side) == cudaSuccess;
}

/* rt_symbol_check: how CUDA answers a copy of count bytes at offset into
 * symbol, whose other end is p on side. */
static cudaError_t rt_symbol_check(const void *symbol, size_t offset,
                                   size_t count, RtCopySide sym_side,
                                   const void *p, RtCopySide side)
{
  if (!symbol || (rt_symbol_size(symbol) == 0 &&
                  rt_mem_check(symbol, 1, sym_side) != cudaSuccess))
    return cudaErrorInvalidSymbol;   /* not a variable's address at all */
  if (!rt_symbol_range_ok(symbol, offset, count, sym_side))
    return cudaErrorInvalidValue;
  return rt_mem_check(p, count, side);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
  RT_STICKY();
  symbol = rt_symbol_resolve(symbol);
  if (!symbol)
    return rt_fail(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  cudaError_t err = rt_symbol_check(symbol, offset, count, RT_SIDE_DEVICE_DST,
                                    src, rt_copy_side(kind, 0));
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  memmove((char *)symbol + offset, src, count);
  if (rt_prof_on)
    rt_prof_copy(rt_prof_copy_kind((char *)symbol + offset, src, kind), count,
                 rt_now_ms() - t0);
  return cudaSuccess;
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset, enum cudaMemcpyKind kind)
{
  RT_STICKY();
  symbol = rt_symbol_resolve(symbol);
  if (!symbol)
    return rt_fail(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  cudaError_t err = rt_symbol_check(symbol, offset, count, RT_SIDE_DEVICE_SRC,
                                    dst, rt_copy_side(kind, 1));
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  memmove(dst, (const char *)symbol + offset, count);
  if (rt_prof_on)
    rt_prof_copy(rt_prof_copy_kind(dst, (const char *)symbol + offset, kind), count,
                 rt_now_ms() - t0);
  return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    enum cudaMemcpyKind kind,
                                    cudaStream_t stream)
{
  /* not recorded by a capture: refused there */
  cudaError_t err = rt_capture_sync(stream);
  return err == cudaSuccess ? cudaMemcpyToSymbol(symbol, src, count, offset, kind) : rt_fail(err);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                      size_t count, size_t offset,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream)
{
  /* not recorded by a capture: refused there */
  cudaError_t err = rt_capture_sync(stream);
  return err == cudaSuccess ? cudaMemcpyFromSymbol(dst, symbol, count, offset, kind) : rt_fail(err);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
  symbol = rt_symbol_resolve(symbol);
  if (!symbol)
    return rt_fail(cudaErrorInvalidSymbol);
  if (!devPtr)
    return rt_fail(cudaErrorInvalidValue);
  *devPtr = (void *)symbol;
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
  size_t n = symbol ? rt_symbol_size(rt_symbol_resolve(symbol)) : 0;
  if (n == 0)
    return rt_fail(cudaErrorInvalidSymbol);
  if (!size)
    return rt_fail(cudaErrorInvalidValue);
  *size = n;
  return cudaSuccess;
}
