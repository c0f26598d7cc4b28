/*
 * report_html.c: the --report=FILE.html page, one self-contained file:
 *
 *   the summary        files, kernels, failures
 *   the profile        plots and times, when one was added (report_plot.c)
 *   per input file     its status, schedule and passes; its diagnostics,
 *                      each with its source line; a table of its kernels
 *                      (barriers, thread loops, omp simd loops, what was
 *                      stored across barriers, the lines whose loops the
 *                      host compiler vectorized, the profiled time); and
 *                      per kernel what each pass did
 *   the data           the report as JSON, in a <script> element that the
 *                      next update reads (report_store.c)
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static const char style[] =
    "body{font:14px/1.45 sans-serif;margin:2em auto;max-width:1150px;color:#222;padding:0 1em}"
    "h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ccc}"
    "h3{font-size:1.05em}table{border-collapse:collapse;margin:.6em 0}"
    "th,td{border:1px solid #ccc;padding:2px 7px;text-align:right;vertical-align:top}"
    "th{background:#f2f2f2}.l{text-align:left}code,pre{font-family:monospace}"
    "pre{background:#f6f6f6;padding:.4em .6em;margin:.2em 0 .8em;overflow:auto}"
    ".error{color:#b00020;font-weight:bold}.note{color:#555;font-weight:bold}"
    ".translated{color:#087f23}.failed{color:#b00020}details{margin:.3em 0}";

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

static const char *yes(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItem(o, key)) ? "yes" : "";
}

/* The profile row of kernel k (by name before template arguments or
 * parameters), or NULL. */
static const cJSON *profile_of(const cJSON *root, const cJSON *k)
{
    const char *name = str(k, "name");
    size_t n = strcspn(name, "<(");
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(cJSON_GetObjectItem(root, "profile"), "kernels")) {
        const char *pn = str(p, "name");
        if (strcspn(pn, "<(") == n && !strncmp(pn, name, n))
            return p;
    }
    return NULL;
}

/* The vectorized lines of file entry e within [from, to], as "12, 14". */
static char *vectorized(const cJSON *e, int from, int to)
{
    char *s = drv_strf("%s", "");
    const cJSON *l;
    cJSON_ArrayForEach(l, cJSON_GetObjectItem(e, "vectorized_lines")) {
        if (l->valueint >= from && l->valueint <= to)
            s = drv_strf("%s%s%d", s, *s ? ", " : "", l->valueint);
    }
    return s;
}

static void diagnostics(FILE *f, const cJSON *e)
{
    const cJSON *d, *diags = cJSON_GetObjectItem(e, "diagnostics");
    if (!cJSON_GetArraySize(diags))
        return;
    fputs("<h3>Diagnostics</h3>\n", f);
    cJSON_ArrayForEach(d, diags) {
        fprintf(f, "<div><span class=\"%s\">%s</span> <code>", str(d, "kind"), str(d, "kind"));
        drv_html_text(f, str(d, "file"));
        fprintf(f, ":%d:%d</code>: ", (int)num(d, "line"), (int)num(d, "col"));
        drv_html_text(f, str(d, "message"));
        fputs("</div>\n", f);
        if (*str(d, "source")) {
            fputs("<pre>", f);
            drv_html_text(f, str(d, "source"));
            int col = (int)num(d, "col");
            fprintf(f, "\n%*s^</pre>\n", col > 1 ? col - 1 : 0, "");
        }
    }
}

static void kernel_row(FILE *f, const cJSON *root, const cJSON *e, const cJSON *k)
{
    const cJSON *b = cJSON_GetObjectItem(k, "barriers"), *x = cJSON_GetObjectItem(k, "across_barriers");
    const cJSON *p = profile_of(root, k);
    fputs("<tr><td class=\"l\"><code>", f);
    drv_html_text(f, str(k, "name"));
    fprintf(f, "</code></td><td>%d</td><td>%d / %d</td><td>%d</td><td>%d</td><td>%d</td>"
               "<td>%s</td><td>%s</td><td>%d / %d</td><td>%d</td><td>%d</td><td>%s</td>",
            (int)num(k, "line"), (int)num(b, "found"), (int)num(b, "eliminated"),
            (int)num(k, "thread_loops"), (int)num(k, "simd_thread_loops"),
            (int)num(k, "interchanged_thread_loops"), yes(k, "flat"), yes(k, "balanced"),
            (int)num(x, "stored"), (int)num(x, "recomputed"), (int)num(x, "stored_bytes_per_thread"),
            (int)num(k, "hoisted"), vectorized(e, (int)num(k, "line"), (int)num(k, "end_line")));
    if (p)
        fprintf(f, "<td>%.3f ms / %d</td></tr>\n", num(p, "total_ms"), (int)num(p, "launches"));
    else
        fputs("<td></td></tr>\n", f);
}

static void pass_effects(FILE *f, const cJSON *k)
{
    const cJSON *p;
    fputs("<details><summary><code>", f);
    drv_html_text(f, str(k, "name"));
    fputs("</code>: what each pass did</summary>\n<table><tr><th class=\"l\">pass</th>"
          "<th class=\"l\">effect</th></tr>\n", f);
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(k, "pass_effects")) {
        fprintf(f, "<tr><td class=\"l\">%s</td><td class=\"l\">", p->string);
        drv_html_text(f, cJSON_IsString(p) ? p->valuestring : "");
        fputs("</td></tr>\n", f);
    }
    fputs("</table></details>\n", f);
}

static void file_section(FILE *f, const cJSON *root, const cJSON *e)
{
    const cJSON *k, *p, *kernels = cJSON_GetObjectItem(e, "kernels");
    fputs("<section class=\"file\">\n<h2><code>", f);
    drv_html_text(f, str(e, "file"));
    fprintf(f, "</code> <span class=\"%s\">%s</span></h2>\n<p>Schedule <code>%s</code>; passes:",
            str(e, "status"), str(e, "status"), str(e, "schedule"));
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(e, "passes")) {
        fprintf(f, " <code>%s</code>", cJSON_IsString(p) ? p->valuestring : "");
    }
    fputs(".</p>\n", f);
    diagnostics(f, e);
    if (!cJSON_GetArraySize(kernels))
        return (void)fputs("</section>\n", f);
    fputs("<table>\n<tr><th class=\"l\">kernel</th><th>line</th><th>barriers found / removed</th>"
          "<th>thread loops</th><th>omp simd</th><th>interchanged</th><th>flat</th>"
          "<th>balanced</th><th>stored / recomputed</th><th>bytes per thread</th>"
          "<th>hoisted</th><th>vectorized lines</th><th>time / launches</th></tr>\n", f);
    cJSON_ArrayForEach(k, kernels) {
        kernel_row(f, root, e, k);
    }
    fputs("</table>\n", f);
    cJSON_ArrayForEach(k, kernels) {
        pass_effects(f, k);
    }
    fputs("</section>\n", f);
}

/* The summary line: files, failures, kernels. */
static void summary(FILE *f, const cJSON *files)
{
    int n = 0, failed = 0, kernels = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, files) {
        n++;
        failed += !strcmp(str(e, "status"), "failed");
        kernels += cJSON_GetArraySize(cJSON_GetObjectItem(e, "kernels"));
    }
    fprintf(f, "<p>%d file%s (%d translated, %d failed), %d kernel%s.</p>\n", n, n == 1 ? "" : "s",
            n - failed, failed, kernels, kernels == 1 ? "" : "s");
}

/* The report as JSON inside <script>: "</" written as "<\/", which JSON
 * reads as the same string and HTML does not take for an end tag. */
static void data(FILE *f, const cJSON *root)
{
    char *json = cJSON_PrintUnformatted(root);
    fputs("<script type=\"application/json\" id=\"cucpu-report-data\">", f);
    for (const char *s = json; s && *s; s++) {
        if (s[0] == '<' && s[1] == '/')
            fputs("<\\", f);
        else
            fputc(*s, f);
    }
    fputs("</script>\n", f);
    free(json);
}

void drv_report_html(FILE *f, const cJSON *root)
{
    const cJSON *e, *files = cJSON_GetObjectItem(root, "files");
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<title>cucpu report</title>\n<style>%s</style>\n</head>\n<body>\n"
               "<h1>cucpu report</h1>\n", style);
    summary(f, files);
    drv_report_plots(f, root);
    cJSON_ArrayForEach(e, files) {
        file_section(f, root, e);
    }
    data(f, root);
    fputs("</body>\n</html>", f);
}
