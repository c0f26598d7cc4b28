/* bench's own stand-in for the CUDA samples' helper_timer.h, the part
   Rodinia's cfd uses: a wall-clock stopwatch whose average is the total
   time over the start/stop pairs, in milliseconds. */
#ifndef BENCH_HELPER_TIMER_H
#define BENCH_HELPER_TIMER_H
#include <stdlib.h>
#include <time.h>

typedef struct StopWatchInterface {
    double total_ms, started_ms;
    int laps;
} StopWatchInterface;

static inline double bench_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
static inline bool sdkCreateTimer(StopWatchInterface **t)
{
    *t = (StopWatchInterface *)calloc(1, sizeof(StopWatchInterface));
    return *t != NULL;
}
static inline bool sdkDeleteTimer(StopWatchInterface **t) { free(*t); *t = NULL; return true; }
static inline bool sdkStartTimer(StopWatchInterface **t) { (*t)->started_ms = bench_now_ms(); return true; }
static inline bool sdkStopTimer(StopWatchInterface **t)
{
    (*t)->total_ms += bench_now_ms() - (*t)->started_ms;
    (*t)->laps++;
    return true;
}
static inline float sdkGetAverageTimerValue(StopWatchInterface **t)
{
    return (*t)->laps ? (float)((*t)->total_ms / (*t)->laps) : 0.0f;
}
static inline float sdkGetTimerValue(StopWatchInterface **t) { return (float)(*t)->total_ms; }
#endif
