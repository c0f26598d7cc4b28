/* symname.c: the name of the function that holds a code address, for the
 * profiler's kernel names (a launcher is named after its kernel).
 *
 * dladdr knows only exported symbols, and an executable exports none, so
 * we read the symbol table ourselves: dl_iterate_phdr finds the loaded
 * object that holds the address and its load bias, and the object's file
 * (/proc/self/exe for the program) gives its .symtab, or .dynsym when it
 * is stripped. C++ names are demangled with the C++ runtime's
 * __cxa_demangle (a translated .cu is C++), loaded when the program did not
 * need it.
 * Linux and ELF only; elsewhere, or for a stripped program, no name. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rt.h"

extern char *__cxa_demangle(const char *mangled, char *out, size_t *len,
                            int *status) __attribute__((weak));

/* The object that holds addr: its file and load bias. */
typedef struct RtObject {
  uintptr_t addr;
  const char *path;
  uintptr_t bias;
} RtObject;

static int rt_object_of(struct dl_phdr_info *info, size_t size, void *data)
{
  RtObject *o = data;
  (void)size;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && o->addr >= lo && o->addr - lo < ph->p_memsz) {
      o->path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
      o->bias = info->dlpi_addr;
      return 1;
    }
  }
  return 0;
}

/* The symbol table section of kind type (SHT_SYMTAB, SHT_DYNSYM), or NULL. */
static const ElfW(Shdr) *rt_symtab(const char *file, size_t len, unsigned type)
{
  const ElfW(Ehdr) *eh = (const void *)file;
  if (eh->e_shoff == 0 || eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) > len)
    return NULL;
  const ElfW(Shdr) *sh = (const void *)(file + eh->e_shoff);
  for (int i = 0; i < eh->e_shnum; i++)
    if (sh[i].sh_type == type && sh[i].sh_link < eh->e_shnum &&
        sh[i].sh_offset + sh[i].sh_size <= len &&
        sh[sh[i].sh_link].sh_offset + sh[sh[i].sh_link].sh_size <= len)
      return &sh[i];
  return NULL;
}

/* The name of the function symbol of tab that holds offset, or NULL. */
static const char *rt_lookup(const char *file, const ElfW(Shdr) *tab, uintptr_t offset)
{
  const ElfW(Ehdr) *eh = (const void *)file;
  const ElfW(Shdr) *strs = (const ElfW(Shdr) *)(file + eh->e_shoff) + tab->sh_link;
  const ElfW(Sym) *sym = (const void *)(file + tab->sh_offset);
  size_t n = tab->sh_size / sizeof *sym;
  for (size_t i = 0; i < n; i++)
    if (ELF64_ST_TYPE(sym[i].st_info) == STT_FUNC && sym[i].st_value <= offset &&
        offset - sym[i].st_value < sym[i].st_size && sym[i].st_name < strs->sh_size)
      return file + strs->sh_offset + sym[i].st_name;
  return NULL;
}

typedef char *RtDemangle(const char *, char *, size_t *, int *);

/* The C++ runtime's demangler: the program's, or libstdc++'s loaded now
 * (a program whose C++ needs nothing from it does not load it). */
static RtDemangle *rt_demangler(void)
{
  if (__cxa_demangle)
    return __cxa_demangle;
  void *lib = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
  return lib ? (RtDemangle *)dlsym(lib, "__cxa_demangle") : NULL;
}

/* The demangled form of name, malloc'd. */
static char *rt_demangle(const char *name)
{
  static RtDemangle *demangle;
  static int looked;
  int status = -1;
  if (!looked) {
    demangle = rt_demangler();
    looked = 1;
  }
  char *d = demangle ? demangle(name, NULL, NULL, &status) : NULL;
  if (d && status == 0)
    return d;
  free(d);
  return strdup(name);
}

char *rt_symbol_name(const void *addr)
{
  RtObject o = {(uintptr_t)addr, NULL, 0};
  if (!dl_iterate_phdr(rt_object_of, &o))
    return NULL;
  int fd = open(o.path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(ElfW(Ehdr))) {
    if (fd >= 0)
      close(fd);
    return NULL;
  }
  size_t len = (size_t)st.st_size;
  char *file = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (file == MAP_FAILED)
    return NULL;
  char *name = NULL;
  if (memcmp(file, ELFMAG, SELFMAG) == 0 && file[EI_CLASS] == (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)) {
    const ElfW(Shdr) *tab = rt_symtab(file, len, SHT_SYMTAB);
    const char *raw = tab ? rt_lookup(file, tab, o.addr - o.bias) : NULL;
    if (!raw && (tab = rt_symtab(file, len, SHT_DYNSYM)))
      raw = rt_lookup(file, tab, o.addr - o.bias);
    if (raw)
      name = rt_demangle(raw);
  }
  munmap(file, len);
  return name;
}
