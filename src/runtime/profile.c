/* profile.c: what CUCPU_PROFILE records (profile_report.c prints it at exit).
 *
 * CUCPU_PROFILE unset, empty or 0: nothing is recorded, and each hook costs
 * one load of a flag. Otherwise every kernel launch and every memory copy
 * and set is timed, into one entry per kernel (per launcher address, named
 * at exit) and one per copy direction.
 *
 * A launch starts in cucpu_launch_check, which every launcher calls first
 * (the launcher is the caller: its address names the kernel). It ends in
 * cucpu_launch_end when the launcher calls it; a launcher that does not
 * (today's codegen) leaves the launch open until this host thread next
 * enters the runtime (rt_prof_mark, from RT_STICKY and the error calls),
 * launches again, or exits: then the host code that runs in between is
 * counted too, and the report says so.
 *
 * Inside a parallel region (the team entries of fused host loops, which
 * every thread of the team calls) only OpenMP thread 0 records.
 * cudaProfilerStop pauses recording and cudaProfilerStart resumes it, as
 * with nvprof --profile-from-start.
 */
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "rt.h"

int rt_prof_on;                 /* CUCPU_PROFILE asks for a profile */
static int rt_prof_paused;      /* cudaProfilerStop */
static int rt_prof_open_ended;  /* some launch ended by a later event */
static pthread_mutex_t rt_prof_lock = PTHREAD_MUTEX_INITIALIZER;
static RtProfEntry *rt_prof_v;
static int rt_prof_n, rt_prof_cap;

/* This host thread's launch, from its start to its end. */
static _Thread_local struct {
  int open;
  const void *addr;
  const char *name;
  double t0;
} rt_pending;

__attribute__((constructor)) static void rt_prof_init(void)
{
  const char *v = getenv("CUCPU_PROFILE");
  if (!v || !*v || !strcmp(v, "0"))
    return;
  rt_prof_on = 1;
  atexit(rt_prof_report);
}

/* 1 when this thread records: profiling, not paused, and outside a
 * parallel region or its thread 0. */
static int rt_prof_records(void)
{
  return rt_prof_on && !__atomic_load_n(&rt_prof_paused, __ATOMIC_RELAXED) &&
         (!omp_in_parallel() || omp_get_thread_num() == 0);
}

/* The entry for (kind, addr, name), made when missing; under the lock. */
static RtProfEntry *rt_prof_entry(RtProfKind kind, const void *addr,
                                  const char *name)
{
  for (int i = 0; i < rt_prof_n; i++) {
    RtProfEntry *e = &rt_prof_v[i];
    if (e->kind == kind && e->addr == addr &&
        (e->name == name || (e->name && name && !strcmp(e->name, name))))
      return e;
  }
  if (rt_prof_n == rt_prof_cap) {
    int cap = rt_prof_cap ? 2 * rt_prof_cap : 32;
    RtProfEntry *v = realloc(rt_prof_v, (size_t)cap * sizeof *v);
    if (!v)
      return NULL;
    rt_prof_v = v;
    rt_prof_cap = cap;
  }
  RtProfEntry *e = &rt_prof_v[rt_prof_n++];
  memset(e, 0, sizeof *e);
  e->kind = kind;
  e->addr = addr;
  e->name = name;
  return e;
}

/* Adds one event of ms milliseconds and bytes bytes. */
static void rt_prof_add(RtProfKind kind, const void *addr, const char *name,
                        double ms, size_t bytes)
{
  pthread_mutex_lock(&rt_prof_lock);
  RtProfEntry *e = rt_prof_entry(kind, addr, name);
  if (e) {
    if (!e->calls || ms < e->min)
      e->min = ms;
    if (!e->calls || ms > e->max)
      e->max = ms;
    e->calls++;
    e->total += ms;
    e->bytes += bytes;
  }
  pthread_mutex_unlock(&rt_prof_lock);
}

/* Ends this thread's open launch now; by_end tells how. */
static void rt_prof_close(int by_end)
{
  if (!rt_pending.open)
    return;
  rt_pending.open = 0;
  rt_prof_add(RT_PROF_KERNEL, rt_pending.addr, rt_pending.name,
              rt_now_ms() - rt_pending.t0, 0);
  if (!by_end)
    __atomic_store_n(&rt_prof_open_ended, 1, __ATOMIC_RELAXED);
}

void rt_prof_mark(void)
{
  if (rt_pending.open && rt_prof_records())
    rt_prof_close(0);
}

void rt_prof_launch(const void *addr, const char *name)
{
  if (!rt_prof_records())
    return;
  rt_prof_close(0);
  rt_pending.open = 1;
  rt_pending.addr = name ? NULL : addr;
  rt_pending.name = name;
  rt_pending.t0 = rt_now_ms();
}

void rt_prof_copy(RtProfKind kind, size_t bytes, double ms)
{
  if (rt_prof_records())
    rt_prof_add(kind, NULL, NULL, ms, bytes);
}

void cucpu_launch_end(void)
{
  if (rt_pending.open && rt_prof_records())
    rt_prof_close(1);
}

/* 1 when p lies in device memory (cudaMalloc, managed, arrays, symbols). */
static int rt_prof_on_device(const void *p)
{
  RtMem m;
  return rt_mem_find(p, &m) && m.kind != RT_MEM_PINNED && m.kind != RT_MEM_REGISTERED;
}

RtProfKind rt_prof_copy_kind(const void *dst, const void *src,
                             enum cudaMemcpyKind kind)
{
  switch (kind) {
  case cudaMemcpyHostToDevice: return RT_PROF_HTOD;
  case cudaMemcpyDeviceToHost: return RT_PROF_DTOH;
  case cudaMemcpyDeviceToDevice: return RT_PROF_DTOD;
  case cudaMemcpyHostToHost: return RT_PROF_HTOH;
  default: break;
  }
  int d = rt_prof_on_device(dst), s = rt_prof_on_device(src);
  return d ? (s ? RT_PROF_DTOD : RT_PROF_HTOD) : (s ? RT_PROF_DTOH : RT_PROF_HTOH);
}

void rt_prof_pause(int paused)
{
  rt_prof_mark();
  __atomic_store_n(&rt_prof_paused, paused, __ATOMIC_RELAXED);
}

RtProfEntry *rt_prof_take(int *n, int *open_ended)
{
  rt_prof_mark();
  pthread_mutex_lock(&rt_prof_lock);
  RtProfEntry *v = rt_prof_v;
  *n = rt_prof_n;
  *open_ended = rt_prof_open_ended;
  rt_prof_v = NULL;
  rt_prof_n = rt_prof_cap = 0;
  pthread_mutex_unlock(&rt_prof_lock);
  return v;
}
