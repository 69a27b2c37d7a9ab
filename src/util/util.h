/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* util.h — containers with no LLVM and no address spaces in them.
 *
 * VEC(T): a typed growable array (v, n, cap).  vec_push aborts on OOM, like
 *         every allocation here: running out of memory is not an input error.
 * PtrMap: open-addressing hash map from a non-null pointer to a uint32_t.
 * StrMap: the same from a string.
 */
#ifndef GASP_UTIL_H
#define GASP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The greatest common divisor of |a| and |b| (gcd(0, b) = |b|). */
int64_t gcd64(int64_t a, int64_t b);
/* vasprintf that aborts on failure; ap is consumed. */
char *xvasprintf(const char *fmt, va_list ap);
char *xasprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#define VEC(T)                                                                 \
  struct {                                                                     \
    T *v;                                                                      \
    size_t n, cap;                                                             \
  }

#define vec_grow(vec, need)                                                    \
  do {                                                                         \
    if ((need) > (vec)->cap) {                                                 \
      size_t nc_ = (vec)->cap ? (vec)->cap * 2 : 8;                            \
      while (nc_ < (need))                                                     \
        nc_ *= 2;                                                              \
      (vec)->v = xrealloc((vec)->v, nc_ * sizeof(*(vec)->v));                  \
      (vec)->cap = nc_;                                                        \
    }                                                                          \
  } while (0)

#define vec_push(vec, x)                                                       \
  do {                                                                         \
    vec_grow((vec), (vec)->n + 1);                                             \
    (vec)->v[(vec)->n++] = (x);                                                \
  } while (0)

#define vec_free(vec)                                                          \
  do {                                                                         \
    free((vec)->v);                                                            \
    (vec)->v = NULL;                                                           \
    (vec)->n = (vec)->cap = 0;                                                 \
  } while (0)

typedef struct PtrMap {
  const void **keys;
  uint32_t *vals;
  size_t n, cap; /* cap is a power of two or 0 */
} PtrMap;

void map_init(PtrMap *m);
void map_free(PtrMap *m);
void map_clear(PtrMap *m);
/* Room for n keys without growing. */
void map_reserve(PtrMap *m, size_t n);
/* Stores key -> val, replacing an old value. */
void map_put(PtrMap *m, const void *key, uint32_t val);
/* Returns 1 and sets *val when key is present. */
int map_get(const PtrMap *m, const void *key, uint32_t *val);

#define MAP_NONE UINT32_MAX
/* The value for key, or MAP_NONE. */
uint32_t map_find(const PtrMap *m, const void *key);

/* StrMap: open-addressing hash map from a string (copied) to a uint32_t. */
typedef struct StrMap {
  char **keys;
  uint32_t *vals;
  size_t n, cap;
} StrMap;
void smap_free(StrMap *m);
void smap_put(StrMap *m, const char *key, uint32_t val);
/* The value for key, or MAP_NONE. */
uint32_t smap_find(const StrMap *m, const char *key);

#endif
