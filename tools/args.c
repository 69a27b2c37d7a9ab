/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* args.c — see args.h. */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* argv's arg without its one or two leading dashes (NULL: not an option). */
static const char *opt_name(const char *s) {
  if (s[0] != '-' || !s[1])
    return NULL;
  return s + (s[1] == '-' ? 2 : 1);
}

bool args_flag(const char *arg, const char *name) {
  const char *n = opt_name(arg);
  return n && !strcmp(n, name);
}

const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing) {
  const char *s = opt_name(argv[*i]);
  size_t n = strlen(name);
  *missing = false;
  if (!s || strncmp(s, name, n))
    return NULL;
  if (s[n] == '=')
    return s + n + 1;
  if (s[n])
    return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

typedef struct Vec {
  char **v;
  int n, cap;
} Vec;

/* The expanded argument vectors and the response files' text live until
   the tool exits; kept here so that they stay reachable (LeakSanitizer).
   Tool code, not library code: the library has no mutable globals. */
static Vec kept;

static void push(Vec *a, char *s) {
  if (a->n + 1 >= a->cap) {
    a->cap = a->cap ? a->cap * 2 : 16;
    char **nv = realloc(a->v, (size_t)a->cap * sizeof *nv);
    if (!nv) {
      fprintf(stderr, "out of memory\n");
      exit(3);
    }
    a->v = nv;
  }
  a->v[a->n++] = s;
  a->v[a->n] = NULL;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (size_t k; buf && (k = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
    n += k;
    if (n + 1 == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb)
        free(buf);
      buf = nb;
    }
  }
  if (buf)
    buf[n] = 0;
  fclose(f);
  return buf;
}

/* Splits text into arguments (quotes, backslashes) appended to out; nested
   @files expanded. */
static bool expand_one(const char *path, Vec *out, int depth, char **err);

static bool split(const char *path, char *text, Vec *out, int depth, char **err) {
  char *p = text;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p)
      return true;
    char *start = p, *w = p;
    char quote = 0;
    while (*p && (quote || (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r'))) {
      if (!quote && (*p == '\'' || *p == '"')) {
        quote = *p++;
      } else if (quote && *p == quote) {
        quote = 0;
        p++;
      } else if (*p == '\\' && p[1] && quote != '\'') {
        *w++ = p[1];
        p += 2;
      } else {
        *w++ = *p++;
      }
    }
    if (quote) { /* nothing of a malformed file is used: the caller stops */
      size_t n = strlen(path) + 80;
      *err = malloc(n);
      if (*err)
        snprintf(*err, n, "response file '%s': unterminated %c quote", path, quote);
      return false;
    }
    bool end = !*p;
    *w = 0;
    if (!end)
      p++;
    if (start[0] == '@' && start[1]) {
      if (!expand_one(start + 1, out, depth + 1, err))
        return false;
    } else {
      push(out, start);
    }
    if (end)
      return true;
  }
}

static bool expand_one(const char *path, Vec *out, int depth, char **err) {
  if (depth > 20) {
    size_t n = strlen(path) + 80;
    *err = malloc(n);
    if (*err)
      snprintf(*err, n, "response files nested too deeply at '%s'", path);
    return false;
  }
  char *text = read_file(path);
  if (!text) {
    const char *why = strerror(errno);
    size_t n = strlen(path) + strlen(why) + 64;
    *err = malloc(n);
    if (*err)
      snprintf(*err, n, "cannot read response file '%s': %s", path, why);
    return false;
  }
  push(&kept, text); /* argv points into it */
  return split(path, text, out, depth, err);
}

bool args_expand(int *argc, char ***argv, char **err) {
  bool any = false;
  for (int i = 1; i < *argc && !any; i++)
    any = (*argv)[i][0] == '@' && (*argv)[i][1];
  if (!any)
    return true;
  Vec out = {0};
  push(&out, (*argv)[0]);
  for (int i = 1; i < *argc; i++) {
    char *a = (*argv)[i];
    if (a[0] == '@' && a[1]) {
      if (!expand_one(a + 1, &out, 0, err)) {
        free(out.v);
        return false;
      }
    } else {
      push(&out, a);
    }
  }
  push(&kept, (char *)out.v);
  *argc = out.n;
  *argv = out.v;
  return true;
}
