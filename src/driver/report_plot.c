/*
 * report_plot.c: the report page's plots, inline SVG (no script, nothing
 * fetched), from a CUCPU_PROFILE=json profile and the report's kernels:
 *
 *   plot-time     a bar per profiled kernel, its total time, slowest first
 *   plot-choices  each profiled kernel's time per launch against how it was
 *                 translated: one column per shape (flat, or the number of
 *                 thread loops that barriers split it into), filled points
 *                 for kernels with omp simd thread loops
 *
 * A profile row names a kernel by its signature (`scale<float>(float*,
 * int)`); it matches the report's kernels of the same name before any
 * template arguments or parameters.
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#define BAR_COLOR "#d62728"
#define POINT_COLOR "#1f77b4"

static double dmax(double a, double b)
{
    return a > b ? a : b;
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* name up to its template arguments or parameters. */
static char *base_name(const char *name)
{
    return drv_strndup(name, strcspn(name, "<("));
}

void drv_html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* The report's kernel whose name matches the profile row's, or NULL. */
static const cJSON *kernel_of(const cJSON *root, const char *profile_name)
{
    const char *want = base_name(profile_name);
    const cJSON *file, *k;
    cJSON_ArrayForEach(file, cJSON_GetObjectItem(root, "files")) {
        cJSON_ArrayForEach(k, cJSON_GetObjectItem(file, "kernels")) {
            if (!strcmp(base_name(str(k, "name")), want))
                return k;
        }
    }
    return NULL;
}

/* How k was translated, as a column of plot-choices. */
static char *shape_of(const cJSON *k)
{
    int loops = (int)num(k, "thread_loops");
    if (cJSON_IsTrue(cJSON_GetObjectItem(k, "flat")))
        return drv_strf("flat");
    return drv_strf("%d thread loop%s", loops, loops == 1 ? "" : "s");
}

/* Rank of a shape, for the columns' order: flat, then by loop count. */
static int shape_rank(const char *shape)
{
    return strcmp(shape, "flat") ? atoi(shape) + 1 : 0;
}

static void plot_time(FILE *f, const cJSON *kernels)
{
    int n = cJSON_GetArraySize(kernels);
    double max = 0;
    const cJSON *k;
    cJSON_ArrayForEach(k, kernels) {
        max = dmax(max, num(k, "total_ms"));
    }
    int h = 30 + 26 * n;
    fprintf(f, "<svg id=\"plot-time\" xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" "
               "height=\"%d\" role=\"img\" aria-label=\"time per kernel\">\n", h);
    fprintf(f, "<text x=\"330\" y=\"16\" font-size=\"12\">total time (ms)</text>\n");
    int i = 0;
    cJSON_ArrayForEach(k, kernels) {
        double t = num(k, "total_ms"), w = max > 0 ? 400 * t / max : 0;
        int y = 26 + 26 * i++;
        fputs("<text x=\"320\" text-anchor=\"end\" font-size=\"12\" y=\"", f);
        fprintf(f, "%d\">", y + 14);
        drv_html_text(f, str(k, "name"));
        fprintf(f, "</text>\n<rect x=\"330\" y=\"%d\" width=\"%.1f\" height=\"20\" fill=\"%s\"/>\n",
                y, dmax(w, 1), BAR_COLOR);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%.3f ms, %d launch%s</text>\n",
                336 + dmax(w, 1), y + 14, t, (int)num(k, "launches"),
                num(k, "launches") == 1 ? "" : "es");
    }
    fputs("</svg>\n", f);
}

/* The shapes (columns) of the profiled kernels that the report knows. */
static int shapes(const cJSON *root, const cJSON *kernels, char **cols, int max)
{
    int n = 0;
    const cJSON *p;
    cJSON_ArrayForEach(p, kernels) {
        const cJSON *k = kernel_of(root, str(p, "name"));
        if (!k)
            continue;
        char *s = shape_of(k);
        int i = 0;
        while (i < n && strcmp(cols[i], s))
            i++;
        if (i == n && n < max)
            cols[n++] = s;
    }
    for (int i = 1; i < n; i++)     /* insertion sort by rank */
        for (int j = i; j > 0 && shape_rank(cols[j]) < shape_rank(cols[j - 1]); j--) {
            char *t = cols[j];
            cols[j] = cols[j - 1];
            cols[j - 1] = t;
        }
    return n;
}

static void plot_choices(FILE *f, const cJSON *root, const cJSON *kernels)
{
    char *cols[32];
    int ncols = shapes(root, kernels, cols, 32);
    double max = 0;
    const cJSON *p;
    if (!ncols)
        return;
    cJSON_ArrayForEach(p, kernels) {
        max = dmax(max, num(p, "avg_ms"));
    }
    max = max > 0 ? max * 1.1 : 1;
    const int left = 80, top = 20, height = 300, colw = 160;
    int width = left + colw * ncols + 40;
    fprintf(f, "<svg id=\"plot-choices\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
               "height=\"%d\" role=\"img\" aria-label=\"time per launch against the translation\">\n",
            width, top + height + 50);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", left, top, left,
            top + height);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", left,
            top + height, width - 20, top + height);
    for (int t = 0; t <= 4; t++) {
        double y = top + height - height * t / 4.0;
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">%.3g ms</text>\n",
                left - 6, y + 4, max * t / 4);
    }
    for (int c = 0; c < ncols; c++)
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">%s</text>\n",
                left + colw * c + colw / 2, top + height + 20, cols[c]);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\">time per launch; filled: omp simd "
               "thread loops</text>\n", left, top + height + 42);
    cJSON_ArrayForEach(p, kernels) {
        const cJSON *k = kernel_of(root, str(p, "name"));
        if (!k)
            continue;
        char *s = shape_of(k);
        int c = 0;
        while (c < ncols && strcmp(cols[c], s))
            c++;
        double x = left + colw * c + colw / 2.0, y = top + height - height * num(p, "avg_ms") / max;
        int simd = num(k, "simd_thread_loops") > 0;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" stroke=\"%s\" stroke-width=\"2\" "
                   "fill=\"%s\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">", x, y, POINT_COLOR,
                simd ? POINT_COLOR : "white", x + 9, y + 4);
        drv_html_text(f, base_name(str(p, "name")));
        fputs("</text>\n", f);
    }
    fputs("</svg>\n", f);
}

void drv_report_plots(FILE *f, const cJSON *root)
{
    const cJSON *profile = cJSON_GetObjectItem(root, "profile");
    const cJSON *kernels = cJSON_GetObjectItem(profile, "kernels");
    if (!cJSON_GetArraySize(kernels))
        return;
    fputs("<h2 id=\"profile\">Profile of ", f);
    drv_html_text(f, str(profile, "program"));
    fprintf(f, "</h2>\n<p>%d OpenMP threads; kernel times %s.</p>\n",
            (int)num(profile, "openmp_threads"),
            !strcmp(str(profile, "kernel_time"), "launch_to_return")
                ? "from launch to return"
                : "from the launch to the host thread's next CUDA call");
    fputs("<h3>Time per kernel</h3>\n", f);
    plot_time(f, kernels);
    fputs("<h3>Time per launch against the translation</h3>\n", f);
    plot_choices(f, root, kernels);
}
