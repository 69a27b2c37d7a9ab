/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* util.c — allocation wrappers, the pool and the hash maps (see util.h). */
#include "util.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void die_oom(void) {
  fputs("gasp: out of memory\n", stderr);
  abort();
}

size_t size_add(size_t a, size_t b) {
  if (a > SIZE_MAX - b)
    die_oom();
  return a + b;
}

size_t size_mul(size_t a, size_t b) {
  if (b && a > SIZE_MAX / b)
    die_oom();
  return a * b;
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die_oom();
  return p;
}

void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz ? sz : 1);
  if (!p)
    die_oom();
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    die_oom();
  return p;
}

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = xmalloc(n);
  memcpy(d, s, n);
  return d;
}

char *xconcat(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b) + 1;
  char *d = xmalloc(na + nb);
  memcpy(d, a, na);
  memcpy(d + na, b, nb);
  return d;
}

/* ---- pool: a doubly linked list of malloc'd blocks -------------------- */

typedef struct PoolBlock {
  struct PoolBlock *prev, *next;
  _Alignas(max_align_t) unsigned char data[];
} PoolBlock;

static PoolBlock *block_of(void *p) {
  return (PoolBlock *)((unsigned char *)p - offsetof(PoolBlock, data));
}

static void *link_block(Pool *a, PoolBlock *b) {
  b->prev = NULL;
  b->next = a->head;
  if (a->head)
    a->head->prev = b;
  a->head = b;
  return b->data;
}

static void unlink_block(Pool *a, PoolBlock *b) {
  if (b->prev)
    b->prev->next = b->next;
  else
    a->head = b->next;
  if (b->next)
    b->next->prev = b->prev;
}

void *pool_alloc(Pool *a, size_t n) {
  if (!a)
    return xcalloc(1, n);
  return link_block(a, xcalloc(1, size_add(sizeof(PoolBlock), n)));
}

#define RECORD_MAX 512
#define CHUNK_FIRST 256
#define CHUNK_MAX ((size_t)64 << 10)

void *pool_record(Pool *a, size_t n) {
  if (!a || n > RECORD_MAX)
    return pool_alloc(a, n);
  size_t align = _Alignof(max_align_t);
  n = n ? (n + align - 1) / align * align : align;
  assert(!a->bump || a->bump <= a->end);
  if (!a->bump || (size_t)(a->end - a->bump) < n) {
    size_t next = a->chunk ? (a->chunk < CHUNK_MAX ? 2 * a->chunk : CHUNK_MAX)
                           : CHUNK_FIRST;
    /* A record larger than the next chunk gets a block of its own and
       leaves the current chunk as it is (its room stays for later ones). */
    if (n > next)
      return pool_alloc(a, n);
    a->chunk = next;
    a->bump = pool_alloc(a, a->chunk);
    a->end = a->bump + a->chunk;
  }
  void *p = a->bump;
  a->bump += n;
  assert(a->bump <= a->end);
  return p;
}

void *pool_resize(Pool *a, void *p, size_t n) {
  if (!a)
    return xrealloc(p, n);
  if (!p)
    return link_block(a, xmalloc(size_add(sizeof(PoolBlock), n)));
  PoolBlock *b = block_of(p);
  unlink_block(a, b);
  return link_block(a, xrealloc(b, size_add(sizeof *b, n)));
}

char *pool_strdup(Pool *a, const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(pool_record(a, n), s, n);
}

void pool_drop(Pool *a, void *p) {
  if (!a || !p) {
    free(p);
    return;
  }
  PoolBlock *b = block_of(p);
  unlink_block(a, b);
  free(b);
}

void pool_release(Pool *a) {
  for (PoolBlock *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  a->head = NULL;
  a->bump = a->end = NULL;
  a->chunk = 0;
}

int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

void util_unreachable(const char *msg, const char *file, int line) {
  fprintf(stderr, "internal error: unreachable: %s (%s:%d)\n", msg, file, line);
  abort();
}

char *xvasprintf(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n < 0)
    die_oom(); /* vsnprintf fails only for lack of memory or an int overflow */
  char *s = xmalloc((size_t)n + 1);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

char *xasprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = xvasprintf(fmt, ap);
  va_end(ap);
  return s;
}

/* ---- pointer map: linear probing, keys hashed by their address bits ---- */

static size_t hash_ptr(const void *k) {
  uint64_t x = (uint64_t)(uintptr_t)k;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

void map_init(PtrMap *m) { memset(m, 0, sizeof *m); }

void map_free(PtrMap *m) {
  Pool *pool = m->pool;
  pool_drop(pool, m->keys);
  pool_drop(pool, m->vals);
  map_init(m);
  m->pool = pool;
}

void map_reset(PtrMap *m, size_t n) {
  if (m->cap > 8 * n + 1024) {
    map_free(m);
  } else if (m->n) {
    memset(m->keys, 0, m->cap * sizeof *m->keys);
    m->n = 0;
  }
}

void map_clear(PtrMap *m) { map_reset(m, m->n); }

static void map_rehash(PtrMap *m, size_t ncap) {
  const void **ok = m->keys;
  uint32_t *ov = m->vals;
  size_t ocap = m->cap;
  m->keys = pool_alloc(m->pool, size_mul(ncap, sizeof *m->keys));
  m->vals = pool_alloc(m->pool, size_mul(ncap, sizeof *m->vals));
  m->cap = ncap;
  m->n = 0;
  for (size_t i = 0; i < ocap; i++)
    if (ok[i])
      map_put(m, ok[i], ov[i]);
  pool_drop(m->pool, ok);
  pool_drop(m->pool, ov);
}

void map_reserve(PtrMap *m, size_t n) {
  size_t cap = m->cap ? m->cap : 64;
  while (n * 2 > cap)
    cap *= 2;
  if (cap > m->cap)
    map_rehash(m, cap);
}

void map_put(PtrMap *m, const void *key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap)
    map_rehash(m, m->cap ? m->cap * 2 : 64);
  size_t mask = m->cap - 1, i = hash_ptr(key) & mask;
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & mask;
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->n++;
  }
  m->vals[i] = val;
}

int map_get(const PtrMap *m, const void *key, uint32_t *val) {
  if (!m->cap)
    return 0;
  size_t mask = m->cap - 1, i = hash_ptr(key) & mask;
  while (m->keys[i]) {
    if (m->keys[i] == key) {
      if (val)
        *val = m->vals[i];
      return 1;
    }
    i = (i + 1) & mask;
  }
  return 0;
}

uint32_t map_find(const PtrMap *m, const void *key) {
  uint32_t v;
  return map_get(m, key, &v) ? v : MAP_NONE;
}

/* ---- string map: linear probing, FNV-1a, keys copied ------------------- */

static size_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (size_t)h;
}

void smap_free(StrMap *m) {
  for (size_t i = 0; i < m->cap; i++)
    free(m->keys[i]);
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

static void smap_insert(StrMap *m, char *key, uint32_t val) {
  size_t mask = m->cap - 1, i = hash_str(key) & mask;
  while (m->keys[i]) {
    if (!strcmp(m->keys[i], key)) {
      free(key);
      m->vals[i] = val;
      return;
    }
    i = (i + 1) & mask;
  }
  m->keys[i] = key;
  m->vals[i] = val;
  m->n++;
}

void smap_put(StrMap *m, const char *key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap) {
    StrMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->n = 0;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    for (size_t i = 0; i < old.cap; i++)
      if (old.keys[i])
        smap_insert(m, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  smap_insert(m, xstrdup(key), val);
}

uint32_t smap_find(const StrMap *m, const char *key) {
  if (!m->cap)
    return MAP_NONE;
  size_t mask = m->cap - 1, i = hash_str(key) & mask;
  while (m->keys[i]) {
    if (!strcmp(m->keys[i], key))
      return m->vals[i];
    i = (i + 1) & mask;
  }
  return MAP_NONE;
}
