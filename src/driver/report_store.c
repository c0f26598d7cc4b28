/*
 * report_store.c: the --report file, which gathers the entries of every
 * input translated with the same --report=FILE, never overwriting one
 * with another:
 *
 *   { "files": [ entry, ... ],     one per input (report.c); a new entry
 *                                  of the same file replaces the old one
 *     "profile": {...} }           CUCPU_PROFILE=json output, when added
 *
 * FILE ending in .html is a page (report_html.c) that embeds the same JSON
 * in <script type="application/json" id="cucpu-report-data">, which is
 * where the next update reads it from; any other name is the JSON itself.
 * A file that holds neither (or an older single-entry report) starts the
 * report afresh (keeping that entry).
 *
 * Updates run under an exclusive flock of the file, so that `make -j` may
 * run several cucpu with one report: read, change, write a temporary file
 * beside it and rename it into place; a process that got the lock on a
 * file since replaced tries again. A FILE that is not a regular file
 * (/dev/stdout) gets the one entry, unlocked.
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define DATA_OPEN "<script type=\"application/json\" id=\"cucpu-report-data\">"
#define DATA_CLOSE "</script>"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The whole of fd from its start, malloc'd. */
static char *read_all(int fd)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    ssize_t got;
    while (buf && (got = pread(fd, buf + n, cap - n - 1, (off_t)n)) > 0) {
        n += (size_t)got;
        if (n + 1 == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf)
        drv_fatal("out of memory");
    buf[n] = 0;
    return buf;
}

/* An empty report. */
static cJSON *new_root(void)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddArrayToObject(root, "files");
    return root;
}

/* The report that text holds (a page's embedded data, or JSON), or a new
 * one; an older single-entry report becomes its first entry. */
static cJSON *parse_root(const char *text)
{
    const char *data = strstr(text, DATA_OPEN);
    cJSON *root = cJSON_Parse(data ? data + strlen(DATA_OPEN) : text);
    if (root && cJSON_IsObject(root) && cJSON_IsArray(cJSON_GetObjectItem(root, "files")))
        return root;
    cJSON *fresh = new_root();
    if (root && cJSON_IsObject(root) && cJSON_IsString(cJSON_GetObjectItem(root, "file")))
        cJSON_AddItemToArray(cJSON_GetObjectItem(fresh, "files"), root);
    else
        cJSON_Delete(root);
    return fresh;
}

/* The report as the text of path: a page, or JSON. */
static char *render(const char *path, const cJSON *root)
{
    if (!ends_with(path, ".html"))
        return cJSON_Print(root);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        drv_fatal("out of memory");
    drv_report_html(f, root);
    fclose(f);
    return buf;
}

/* Writes text to path through a temporary file and a rename. */
static int replace_file(const char *path, const char *text)
{
    char *tmp = drv_strf("%s.tmp.%d", path, (int)getpid());
    FILE *f = fopen(tmp, "w");
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = (f && fclose(f) == 0) && ok;
    if (ok && rename(tmp, path) == 0)
        return 0;
    unlink(tmp);
    fprintf(stderr, "cucpu: error: cannot write report '%s': %s\n", path, strerror(errno));
    return 1;
}

/* Opens and locks path; *fd is -1 when path is not a regular file (or
 * cannot be opened), which then gets a fresh report. */
static void lock_report(const char *path, int *fd)
{
    for (;;) {
        struct stat st, now;
        *fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (*fd < 0 || fstat(*fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            if (*fd >= 0)
                close(*fd);
            *fd = -1;
            return;
        }
        while (flock(*fd, LOCK_EX) != 0 && errno == EINTR)
            ;
        if (stat(path, &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev)
            return;
        close(*fd);   /* replaced while we waited: lock the new file */
    }
}

/* Runs change(root, arg) on the report at path and writes it back. */
static int update(const char *path, void (*change)(cJSON *, const void *), const void *arg)
{
    int fd;
    lock_report(path, &fd);
    char *old = fd >= 0 ? read_all(fd) : NULL;
    cJSON *root = old ? parse_root(old) : new_root();
    free(old);
    change(root, arg);
    char *text = render(path, root);
    int rc;
    if (fd >= 0) {
        rc = replace_file(path, text);
        close(fd);    /* and with it the lock */
    } else {
        FILE *f = fopen(path, "w");
        rc = !f || fputs(text, f) < 0 || fputc('\n', f) == EOF;
        rc = (f && fclose(f) != 0) || rc;
        if (rc)
            fprintf(stderr, "cucpu: error: cannot write report '%s'\n", path);
    }
    free(text);
    cJSON_Delete(root);
    return rc;
}

/* The entry of file in root, or NULL. */
static cJSON *entry_of(cJSON *root, const char *file)
{
    cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(root, "files")) {
        const cJSON *f = cJSON_GetObjectItem(e, "file");
        if (cJSON_IsString(f) && !strcmp(f->valuestring, file))
            return e;
    }
    return NULL;
}

static void put_entry(cJSON *root, const void *arg)
{
    cJSON *entry = (cJSON *)arg, *files = cJSON_GetObjectItem(root, "files");
    cJSON *old = entry_of(root, cJSON_GetObjectItem(entry, "file")->valuestring);
    if (old)
        cJSON_ReplaceItemViaPointer(files, old, entry);
    else
        cJSON_AddItemToArray(files, entry);
}

int drv_report_store(const char *path, cJSON *entry)
{
    return update(path, put_entry, entry);
}

static void put_profile(cJSON *root, const void *arg)
{
    cJSON_DeleteItemFromObject(root, "profile");
    cJSON_AddItemToObject(root, "profile", (cJSON *)arg);
}

int drv_report_add_profile(const char *path, const char *profile)
{
    int fd = open(profile, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "cucpu: error: cannot open profile '%s'\n", profile);
        return 1;
    }
    char *text = read_all(fd);
    close(fd);
    cJSON *p = cJSON_Parse(text);
    free(text);
    if (!p || !cJSON_IsArray(cJSON_GetObjectItem(p, "kernels"))) {
        cJSON_Delete(p);
        fprintf(stderr, "cucpu: error: '%s' is not a profile (CUCPU_PROFILE=json:FILE)\n", profile);
        return 1;
    }
    return update(path, put_profile, p);
}

/* What drv_report_add_vectorized passes to its change. */
typedef struct {
    const char *file;
    const int *lines;
    int n;
} Vectorized;

static void put_vectorized(cJSON *root, const void *arg)
{
    const Vectorized *v = arg;
    cJSON *e = entry_of(root, v->file);
    if (!e)
        return;
    cJSON_DeleteItemFromObject(e, "vectorized_lines");
    cJSON_AddItemToObject(e, "vectorized_lines", cJSON_CreateIntArray(v->lines, v->n));
}

int drv_report_add_vectorized(const char *path, const char *file, const int *lines, int n)
{
    Vectorized v = {file, lines, n};
    return update(path, put_vectorized, &v);
}

const char *drv_report_path(const DrvJob *job)
{
    const char *path = NULL;
    for (int i = 0; i < job->xflags.n; i++)
        if (!strncmp(job->xflags.v[i], "--report=", 9))
            path = job->xflags.v[i] + 9;
    return path;
}
