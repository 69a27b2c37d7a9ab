/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* util.h — containers with no LLVM and no address spaces in them.
 *
 * Pool:   allocations that end together: what is allocated in a pool, or
 *         grown by a container bound to it, is freed by one pool_release.
 * VEC(T): a typed growable array (v, n, cap).  vec_push aborts on OOM, like
 *         every allocation here: running out of memory is not an input error.
 * PtrMap: open-addressing hash map from a non-null pointer to a uint32_t.
 * StrMap: the same from a string.
 *
 * A VEC or a PtrMap owns its storage on the heap (pool NULL, the zero value)
 * or in the pool it is bound to (pool_bind): then vec_free/map_free may
 * still give storage back early, and the owner's one pool_release frees
 * whatever is left.  An object that keeps its containers in its own pool
 * tears down in one call, error paths included.
 */
#ifndef GASP_UTIL_H
#define GASP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* a + b and a * b, aborting like an allocation that fails when they do not
   fit a size_t (a size computed for an allocation never wraps). */
size_t size_add(size_t a, size_t b);
size_t size_mul(size_t a, size_t b);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* a followed by b, malloc'd (xasprintf("%s%s") without the format's cost). */
char *xconcat(const char *a, const char *b);
/* The greatest common divisor of |a| and |b| (gcd(0, b) = |b|). */
int64_t gcd64(int64_t a, int64_t b);
/* Code the program's own reasoning says is never reached: prints
   "internal error: unreachable: msg (file:line)" and aborts (gasp-opt
   reports the crash: exit 3, nothing written).  Use it instead of a
   comment that says "not reached". */
#define unreachable(msg) util_unreachable((msg), __FILE__, __LINE__)
_Noreturn void util_unreachable(const char *msg, const char *file, int line);
/* vasprintf that aborts on failure; ap is consumed. */
char *xvasprintf(const char *fmt, va_list ap);
char *xasprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Blocks are kept in a list, not carved from chunks, so a container that
   grows gives back what it outgrew: a pool holds what the same malloc'd
   allocations would, plus a link each. */
typedef struct Pool {
  struct PoolBlock *head;
  unsigned char *bump, *end; /* pool_record's current chunk */
  size_t chunk;              /* its size (doubles, up to 64 KiB) */
} Pool;
/* n zeroed bytes owned by a; with a NULL, on the heap (xcalloc). */
void *pool_alloc(Pool *a, size_t n);
/* pool_alloc for a record that lives until pool_release: never resized
   or dropped.  Small ones share chunks (one block each, not one per
   record: cheaper to make, to walk and to release). */
void *pool_record(Pool *a, size_t n);
/* p (NULL, or from a) resized to n bytes, still owned by a; with a NULL,
   xrealloc. */
void *pool_resize(Pool *a, void *p, size_t n);
/* Gives p (NULL, or from a) back now; with a NULL, free. */
void pool_drop(Pool *a, void *p);
/* A copy of string s owned by a. */
char *pool_strdup(Pool *a, const char *s);
/* Frees everything a owns; a is empty and usable again. */
void pool_release(Pool *a);
/* Binds a container (a VEC or a PtrMap, still empty) to pool a. */
#define pool_bind(c, a) ((c)->pool = (a))

#define VEC(T)                                                                 \
  struct {                                                                     \
    T *v;                                                                      \
    size_t n, cap;                                                             \
    Pool *pool; /* where v lives: NULL, the heap */                            \
  }

#define vec_grow(vec, need)                                                    \
  do {                                                                         \
    if ((need) > (vec)->cap) {                                                 \
      size_t nc_ = (vec)->cap ? (vec)->cap * 2 : 8;                            \
      while (nc_ < (need))                                                     \
        nc_ *= 2;                                                              \
      (vec)->v = pool_resize((vec)->pool, (vec)->v,                            \
                             size_mul(nc_, sizeof(*(vec)->v)));                \
      (vec)->cap = nc_;                                                        \
    }                                                                          \
  } while (0)

#define vec_push(vec, x)                                                       \
  do {                                                                         \
    vec_grow((vec), (vec)->n + 1);                                             \
    (vec)->v[(vec)->n++] = (x);                                                \
  } while (0)

/* Empties vec and gives its storage back; it stays bound to its pool. */
#define vec_free(vec)                                                          \
  do {                                                                         \
    pool_drop((vec)->pool, (vec)->v);                                          \
    (vec)->v = NULL;                                                           \
    (vec)->n = (vec)->cap = 0;                                                 \
  } while (0)

typedef struct PtrMap {
  const void **keys;
  uint32_t *vals;
  size_t n, cap; /* cap is a power of two or 0 */
  Pool *pool;    /* where keys and vals live: NULL, the heap */
} PtrMap;

/* An empty map on the heap. */
void map_init(PtrMap *m);
/* Empties m and gives its storage back; it stays bound to its pool. */
void map_free(PtrMap *m);
/* Empties m at the cost of what it holds: storage much larger than its
   keys (grown by an earlier, larger use) is given back rather than cleared
   whole.  Clearing it all made a map cleared per function or per region
   cost the largest one each time: one function of 40,000 stack pointers
   before 8,000 small ones, 60% of gasp-opt's time in memset. */
void map_clear(PtrMap *m);
/* Empties m for about n keys: storage a much larger use grew is given back
   rather than cleared whole (a reused map costs what its next use needs). */
void map_reset(PtrMap *m, size_t n);
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
