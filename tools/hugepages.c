/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* hugepages.c — see hugepages.h. */
#include "hugepages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* hugetlb=1: glibc advises huge pages (madvise) on what it maps for the
   heap.  gasp-opt's one worker thread already shares the main arena
   (tune_malloc sets M_ARENA_MAX), whose heap grows contiguously. */
static const char setting[] = "glibc.malloc.hugetlb=1";

char *hugepages_tunables(const char *thp, const char *tunables, long long input_bytes) {
  if (input_bytes < HUGE_INPUT_BYTES)
    return NULL;
  /* "always [madvise] never": the bracketed word is the kernel's mode */
  if (!thp || !strchr(thp, '[') || strstr(thp, "[never]"))
    return NULL;
  if (tunables && strstr(tunables, "glibc.malloc.hugetlb"))
    return NULL;
  size_t n = (tunables ? strlen(tunables) + 1 : 0) + sizeof setting;
  char *v = malloc(n);
  if (!v)
    return NULL;
  if (tunables && *tunables)
    snprintf(v, n, "%s:%s", tunables, setting);
  else
    snprintf(v, n, "%s", setting);
  return v;
}

void hugepages_restart(char **argv, const char *input) {
#if defined(__GLIBC__) && defined(__linux__)
  struct stat st;
  if (!input || !strcmp(input, "-") || stat(input, &st) || !S_ISREG(st.st_mode))
    return;
  char thp[128] = "";
  FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  if (!f)
    return;
  size_t got = fread(thp, 1, sizeof thp - 1, f);
  fclose(f);
  thp[got] = 0;
  const char *was = getenv("GLIBC_TUNABLES");
  char *v = hugepages_tunables(thp, was, (long long)st.st_size);
  if (!v)
    return;
  char *old = was ? strdup(was) : NULL; /* setenv may free was */
  if (setenv("GLIBC_TUNABLES", v, 1) == 0) {
    fflush(NULL);
    execv("/proc/self/exe", argv);
  }
  /* no second start: go on in this one, with the environment as it was */
  if (old)
    setenv("GLIBC_TUNABLES", old, 1);
  else
    unsetenv("GLIBC_TUNABLES");
  free(old);
  free(v);
#else
  (void)argv;
  (void)input;
#endif
}
