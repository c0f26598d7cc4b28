/* profile_report.c: the profile that CUCPU_PROFILE asks for, at exit.
 *
 *   CUCPU_PROFILE=1          a table on stderr, as nvprof's summary:
 *                            one row per kernel and per copy direction,
 *                            slowest first, with its share of the total
 *   CUCPU_PROFILE=json:FILE  the same as JSON in FILE
 *
 * Kernels are named by their launchers: the name the launcher passed
 * cucpu_launch_begin, or else the launcher's symbol, demangled; either
 * without the launch parameters cucpu adds (dim3, dim3, unsigned long or
 * size_t; a team entry's cucpu_team_ prefix and last int), so a row reads
 * as the kernel was declared: `block_sums(float const*, float*, int)`.
 * Launchers whose symbols cannot be read (a stripped program) are
 * `kernel@<address>`.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rt.h"

static const char *const rt_prof_kind_names[] = {
  [RT_PROF_KERNEL] = "kernel",
  [RT_PROF_HTOD] = "[CUDA memcpy HtoD]",
  [RT_PROF_DTOH] = "[CUDA memcpy DtoH]",
  [RT_PROF_DTOD] = "[CUDA memcpy DtoD]",
  [RT_PROF_HTOH] = "[CUDA memcpy HtoH]",
  [RT_PROF_MEMSET] = "[CUDA memset]",
};

/* Removes the n bytes at p from its string. */
static void rt_cut(char *p, size_t n)
{
  memmove(p, p + n, strlen(p + n) + 1);
}

/* Turns a launcher's demangled symbol, or the __PRETTY_FUNCTION__ that it
 * passes cucpu_launch_begin, into the kernel's signature. */
static void rt_kernel_label(char *s)
{
  int team = 0;
  char *p;
  if (!strncmp(s, "void ", 5))
    rt_cut(s, 5);                     /* a template's return type */
  if (!strncmp(s, "cucpu_team_", 11)) {
    rt_cut(s, 11);
    team = 1;
  }
  if ((p = strstr(s, "(dim3, dim3, unsigned long")) || (p = strstr(s, "(dim3, dim3, size_t"))) {
    rt_cut(p + 1, strncmp(p + 1, "dim3, dim3, size_t", 18) ? 25 : 18);
    if (!strncmp(p + 1, ", ", 2))
      rt_cut(p + 1, 2);
  }
  char *close = strrchr(s, ')');
  if (team && close) {                /* the team entry's int cucpu_sync */
    if (close - s >= 5 && !strncmp(close - 5, ", int", 5))
      rt_cut(close - 5, 5);
    else if (close - s >= 4 && !strncmp(close - 4, "(int", 4))
      rt_cut(close - 3, 3);
  }
}

/* The label of entry e, malloc'd. */
static char *rt_label(const RtProfEntry *e)
{
  if (e->kind != RT_PROF_KERNEL)
    return strdup(rt_prof_kind_names[e->kind]);
  char *s = e->name ? strdup(e->name) : rt_symbol_name(e->addr);
  if (!s) {
    char buf[40];
    snprintf(buf, sizeof buf, "kernel@%p", e->addr);
    return strdup(buf);
  }
  rt_kernel_label(s);
  return s;
}

/* A row of the report: an entry with its label; kernels of one name (the
 * same launcher reached from several places) merged. */
typedef struct RtRow {
  RtProfEntry e;
  char *label;
} RtRow;

static int rt_row_order(const void *a, const void *b)
{
  const RtRow *x = a, *y = b;
  return x->e.total < y->e.total ? 1 : x->e.total > y->e.total ? -1 : strcmp(x->label, y->label);
}

/* Labels, merges and sorts the entries into rows; returns how many. */
static int rt_rows(const RtProfEntry *v, int n, RtRow *rows)
{
  int m = 0;
  for (int i = 0; i < n; i++) {
    char *label = rt_label(&v[i]);
    int j = 0;
    while (j < m && (rows[j].e.kind != v[i].kind || strcmp(rows[j].label, label)))
      j++;
    if (j == m) {
      rows[m].e = v[i];
      rows[m++].label = label;
      continue;
    }
    RtProfEntry *e = &rows[j].e;
    e->min = v[i].min < e->min ? v[i].min : e->min;
    e->max = v[i].max > e->max ? v[i].max : e->max;
    e->calls += v[i].calls;
    e->bytes += v[i].bytes;
    e->total += v[i].total;
    free(label);
  }
  qsort(rows, (size_t)m, sizeof *rows, rt_row_order);
  return m;
}

/* ms as nvprof shows times: five digits and a unit (70.134ms, 540.50us). */
static const char *rt_time(double ms, char *buf, size_t size)
{
  static const char *units[] = {"s", "ms", "us", "ns"};
  double v = ms / 1000;
  int u = 0;
  while (u < 3 && v < 1 && v > 0)
    v *= 1000, u++;
  int decimals = v >= 100 ? 2 : v >= 10 ? 3 : 4;
  snprintf(buf, size, "%.*f%s", decimals, v, units[u]);
  return buf;
}

/* bytes in binary units (64.000MiB). */
static const char *rt_size(unsigned long long bytes, char *buf, size_t size)
{
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = (double)bytes;
  int u = 0;
  while (u < 4 && v >= 1024)
    v /= 1024, u++;
  snprintf(buf, size, u ? "%.3f%s" : "%.0f%s", v, units[u]);
  return buf;
}

static void rt_print_table(FILE *f, const RtRow *rows, int m, double total, int open_ended)
{
  char t[5][32];
  fprintf(f, "==cucpu== Profiling result of %s (%d OpenMP threads):\n",
          program_invocation_name, omp_get_max_threads());
  fprintf(f, "%16s %8s %10s %9s %10s %10s %10s %11s  %s\n", "Type", "Time(%)", "Time",
          "Calls", "Avg", "Min", "Max", "Size", "Name");
  for (int section = 0; section < 2; section++) {
    const char *title = section ? "Memory:" : "Kernels:";
    for (int i = 0; i < m; i++) {
      const RtProfEntry *e = &rows[i].e;
      if ((e->kind == RT_PROF_KERNEL) == section)
        continue;
      fprintf(f, "%16s %7.2f%% %10s %9llu %10s %10s %10s %11s  %s\n", title,
              total > 0 ? 100 * e->total / total : 0, rt_time(e->total, t[0], 32), e->calls,
              rt_time(e->total / (double)e->calls, t[1], 32), rt_time(e->min, t[2], 32),
              rt_time(e->max, t[3], 32), section ? rt_size(e->bytes, t[4], 32) : "",
              rows[i].label);
      title = "";
    }
  }
  if (open_ended)
    fprintf(f, "==cucpu== Kernel times run from the launch to the host thread's next CUDA "
               "call, launch or exit.\n");
}

/* s as a JSON string. */
static void rt_json_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", *s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

/* One row as a JSON object. */
static void rt_json_row(FILE *f, const RtRow *r, double total)
{
  const RtProfEntry *e = &r->e;
  int kernel = e->kind == RT_PROF_KERNEL;
  fprintf(f, "    {%s", kernel ? "\"name\": " : "\"kind\": ");
  rt_json_string(f, kernel ? r->label : rt_prof_kind_names[e->kind]);
  fprintf(f, ", \"%s\": %llu", kernel ? "launches" : "calls", e->calls);
  if (!kernel)
    fprintf(f, ", \"bytes\": %llu", e->bytes);
  fprintf(f, ", \"total_ms\": %.6f, \"avg_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f, "
             "\"share\": %.6f}", e->total, e->total / (double)e->calls, e->min, e->max,
          total > 0 ? e->total / total : 0);
}

static void rt_print_json(FILE *f, const RtRow *rows, int m, double total, int open_ended)
{
  fputs("{\n  \"program\": ", f);
  rt_json_string(f, program_invocation_name);
  fprintf(f, ",\n  \"openmp_threads\": %d,\n  \"kernel_time\": \"%s\",\n  \"total_ms\": %.6f",
          omp_get_max_threads(), open_ended ? "to_next_call" : "launch_to_return", total);
  for (int section = 0; section < 2; section++) {
    const char *sep = "\n";
    fprintf(f, ",\n  \"%s\": [", section ? "memory" : "kernels");
    for (int i = 0; i < m; i++)
      if ((rows[i].e.kind != RT_PROF_KERNEL) == section) {
        fputs(sep, f);
        rt_json_row(f, &rows[i], total);
        sep = ",\n";
      }
    fputs(*sep == ',' ? "\n  ]" : "]", f);
  }
  fputs("\n}\n", f);
}

void rt_prof_report(void)
{
  int n, open_ended;
  RtProfEntry *v = rt_prof_take(&n, &open_ended);
  RtRow *rows = calloc((size_t)(n ? n : 1), sizeof *rows);
  const char *mode = getenv("CUCPU_PROFILE");
  if (!rows || !mode) {
    free(v);
    free(rows);
    return;
  }
  int m = rt_rows(v, n, rows);
  double total = 0;
  for (int i = 0; i < m; i++)
    total += rows[i].e.total;
  if (!strncmp(mode, "json:", 5)) {
    FILE *f = fopen(mode + 5, "w");
    if (f)
      rt_print_json(f, rows, m, total, open_ended);
    if (!f || fclose(f) != 0)
      fprintf(stderr, "cucpu: warning: cannot write the profile to '%s': %s\n", mode + 5,
              strerror(errno));
  } else {
    rt_print_table(stderr, rows, m, total, open_ended);
  }
  for (int i = 0; i < m; i++)
    free(rows[i].label);
  free(rows);
  free(v);
}
