/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* test_util.c — unit tests: pools, vectors, maps (src/util). */
#include "unit.h"

static void test_strmap(void) {
  StrMap m = {0};
  CHECK(smap_find(&m, "a") == MAP_NONE);
  char key[32];
  for (unsigned i = 0; i < 1000; i++) {
    snprintf(key, sizeof key, "f%u.as1_3", i);
    smap_put(&m, key, i);
  }
  smap_put(&m, "f7.as1_3", 77);
  CHECK(m.n == 1000);
  CHECK(smap_find(&m, "f7.as1_3") == 77);
  CHECK(smap_find(&m, "f999.as1_3") == 999);
  CHECK(smap_find(&m, "f1000.as1_3") == MAP_NONE);
  smap_free(&m);
  CHECK(smap_find(&m, "f1.as1_3") == MAP_NONE);
}

/* A pool owns what is allocated in it and what its bound containers grow:
   contents survive growth, early drops unlink one block, and one release
   frees the rest (LeakSanitizer, under make check-asan, sees a leak). */
static void test_pool(void) {
  Pool pool = {0};
  unsigned char *z = pool_alloc(&pool, 64);
  bool zero = true;
  for (int i = 0; i < 64; i++)
    zero = zero && z[i] == 0;
  CHECK(zero);
  VEC(uint32_t) v = {.pool = &pool};
  for (uint32_t i = 0; i < 5000; i++)
    vec_push(&v, i * 3);
  bool kept = v.n == 5000;
  for (uint32_t i = 0; i < v.n; i++)
    kept = kept && v.v[i] == i * 3;
  CHECK(kept);
  PtrMap m = {.pool = &pool};
  static char keys[3000];
  for (uint32_t i = 0; i < 3000; i++)
    map_put(&m, &keys[i], i);
  bool found = m.n == 3000;
  for (uint32_t i = 0; i < 3000; i++)
    found = found && map_find(&m, &keys[i]) == i;
  CHECK(found);
  /* map_reset: storage far larger than the next use needs is given back,
     storage of about its size only cleared; either way the map is empty */
  size_t grown = m.cap;
  map_reset(&m, 3000);
  CHECK(m.n == 0 && m.cap == grown && map_find(&m, &keys[5]) == MAP_NONE);
  for (uint32_t i = 0; i < 3000; i++)
    map_put(&m, &keys[i], i);
  map_reset(&m, 4);
  CHECK(m.n == 0 && m.cap == 0 && m.pool == &pool);
  for (uint32_t i = 0; i < 3000; i++)
    map_put(&m, &keys[i], i);
  /* map_clear costs what the map holds: full storage is cleared and kept,
     storage a larger use grew is given back once few keys are left in it
     (a map cleared per function after one huge function) */
  map_clear(&m);
  CHECK(m.n == 0 && m.cap == grown && map_find(&m, &keys[7]) == MAP_NONE);
  map_put(&m, &keys[1], 1);
  map_clear(&m);
  CHECK(m.n == 0 && m.cap == 0 && m.pool == &pool);
  map_clear(&m);
  CHECK(m.n == 0 && m.cap == 0 && map_find(&m, &keys[1]) == MAP_NONE);
  for (uint32_t i = 0; i < 100; i++)
    map_put(&m, &keys[i], i);
  size_t small = m.cap;
  map_clear(&m);
  CHECK(m.n == 0 && m.cap == small && map_find(&m, &keys[50]) == MAP_NONE);
  map_put(&m, &keys[50], 5);
  CHECK(map_find(&m, &keys[50]) == 5 && map_find(&m, &keys[49]) == MAP_NONE);
  for (uint32_t i = 0; i < 3000; i++)
    map_put(&m, &keys[i], i);
  char *s = pool_strdup(&pool, "clone.as1");
  CHECK(!strcmp(s, "clone.as1"));
  /* dropping a block in the middle of the list leaves the others */
  pool_drop(&pool, z);
  CHECK(!strcmp(s, "clone.as1") && v.v[4999] == 4999 * 3);
  /* emptied containers stay bound: growing again allocates in the pool */
  vec_free(&v);
  map_free(&m);
  CHECK(v.pool == &pool && m.pool == &pool && !v.n && !m.n);
  vec_push(&v, 7u);
  map_put(&m, &keys[0], 9);
  CHECK(v.v[0] == 7 && map_find(&m, &keys[0]) == 9);
  pool_release(&pool);
  CHECK(pool.head == NULL);
  /* a released pool is usable again; the heap (an unbound VEC) is apart */
  ValVec heap = {0};
  vec_push(&heap, NULL);
  uint32_t *again = pool_alloc(&pool, sizeof *again);
  CHECK(heap.pool == NULL && *again == 0 && pool.head != NULL);
  pool_release(&pool);
  vec_free(&heap);
  /* with no pool: calloc, realloc and free */
  unsigned char *h = pool_alloc(NULL, 32);
  CHECK(h[0] == 0 && h[31] == 0);
  pool_drop(NULL, h);
  void *p = pool_resize(NULL, NULL, 16);
  p = pool_resize(NULL, p, 4096);
  pool_drop(NULL, p);
  CHECK(p != NULL);
}

/* pool_record: zeroed, aligned records that do not overlap, small ones
   sharing chunks (fewer blocks than records), large ones a block each;
   one release frees them all and resets the chunk. */
static void test_pool_record(void) {
  Pool pool = {0};
  enum { N = 2000 };
  unsigned char *r[N];
  size_t size[N];
  bool ok = true;
  for (size_t i = 0; i < N; i++) {
    size[i] = i % 7 == 0 ? 0 : i % 97 == 0 ? 4000 : 1 + i % 45;
    r[i] = pool_record(&pool, size[i]);
    ok = ok && r[i] && (uintptr_t)r[i] % _Alignof(max_align_t) == 0;
    for (size_t k = 0; k < size[i]; k++)
      ok = ok && r[i][k] == 0;
    memset(r[i], (int)(i & 0xff), size[i]);
  }
  CHECK(ok);
  for (size_t i = 0; i < N; i++) /* no record wrote over another */
    for (size_t k = 0; k < size[i]; k++)
      ok = ok && r[i][k] == (unsigned char)(i & 0xff);
  CHECK(ok);
  size_t shared = 0, align = _Alignof(max_align_t); /* the next record right after */
  for (size_t i = 0; i + 1 < N; i++) {
    size_t used = size[i] ? (size[i] + align - 1) / align * align : align;
    shared += size[i] <= 512 && r[i + 1] == r[i] + used;
  }
  CHECK(shared > N / 2);
  CHECK(!strcmp(pool_strdup(&pool, "clone of @f"), "clone of @f"));
  pool_release(&pool);
  CHECK(pool.head == NULL && pool.bump == NULL && pool.chunk == 0);
  unsigned *h = pool_record(NULL, sizeof *h); /* no pool: the heap */
  CHECK(*h == 0);
  free(h);
}

/* Every record size from 1 to 4096 (and a few of 64 KiB and more), in
   fresh pools and in one partly used pool, small and large interleaved:
   each record is zeroed, lies in memory of its own (filled, then checked
   whole after all were made) and the current chunk never runs past its
   end.  Under make check-asan a record handed out past its block is a
   heap-buffer-overflow report (a 257..512-byte first record did). */
static void test_pool_record_sizes(void) {
  bool ok = true;
  for (size_t n = 1; n <= 4096; n++) { /* fresh pools */
    Pool pool = {0};
    unsigned char *r = pool_record(&pool, n);
    for (size_t k = 0; k < n; k++)
      ok = ok && r[k] == 0;
    memset(r, 0xab, n);
    unsigned char *q = pool_record(&pool, 1 + n % 64); /* then a small one */
    ok = ok && *q == 0 && (q >= r + n || q + 1 + n % 64 <= r);
    ok = ok && (!pool.bump || pool.bump <= pool.end);
    pool_release(&pool);
  }
  CHECK(ok);
  enum { N = 3 * 4096 + 16 };
  static unsigned char *r[N];
  static size_t size[N];
  size_t m = 0;
  Pool pool = {0};
  for (size_t n = 1; n <= 4096; n++) { /* one pool, partly used, interleaved */
    size[m] = n;
    size[m + 1] = 1 + (n * 7) % 300;
    size[m + 2] = n % 1024 == 0 ? ((size_t)64 << 10) + n : 1 + n % 16;
    for (size_t j = m; j < m + 3; j++) {
      r[j] = pool_record(&pool, size[j]);
      ok = ok && r[j][0] == 0 && r[j][size[j] - 1] == 0;
      memset(r[j], (int)(j % 251), size[j]);
      ok = ok && pool.bump <= pool.end;
    }
    m += 3;
  }
  for (size_t j = 0; j < m; j++)
    for (size_t k = 0; k < size[j]; k++)
      ok = ok && r[j][k] == (unsigned char)(j % 251);
  CHECK(ok);
  pool_release(&pool);
  /* sizes whose block size would not fit a size_t stop like an allocation
     that fails, not with a short block: checked arithmetic */
  CHECK(size_add(3, 4) == 7 && size_mul(3, 4) == 12 && size_mul(0, SIZE_MAX) == 0);
}

void unit_util(void) {
  test_strmap();
  test_pool();
  test_pool_record();
  test_pool_record_sizes();
}
