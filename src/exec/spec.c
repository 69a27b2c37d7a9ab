/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* spec.c — gasp-run's argument specs, their deterministic contents, the
 * FNV-1a hash of a buffer and element printing.
 *
 *   buf:<i8|i16|i32|i64|f32|f64>:<count>[:zero|iota|rand=<seed>]
 *   local:<bytes>    i32=<v>  i64=<v>  f32=<v>  f64=<v>
 *   struct:<field>;<field>;...   (each field a buf:..., a scalar spec, i8=<v>,
 *                                 i16=<v> or pad:<bytes>)
 *
 * Contents: zero (the default); iota: element j holds j; rand=<seed>: a
 * splitmix64 stream from seed — integers uniform in [0, 1024) (i8: any byte),
 * floats uniform in [0, 1) with 24 (f32) or 53 (f64) random bits. */
#include "exec/exec.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const elem_names[] = {"i8", "i16", "i32", "i64", "f32", "f64"};
static const size_t elem_sizes[] = {1, 2, 4, 8, 4, 8};

size_t spec_elem_size(ElemType t) { return elem_sizes[t]; }
const char *spec_elem_name(ElemType t) { return elem_names[t]; }

const char *run_kind_name(int k) {
  static const char *const names[] = {"global", "constant", "local", "private"};
  return k >= 0 && k < RK_COUNT ? names[k] : "none";
}

static bool parse_u64(const char *s, uint64_t *v) {
  if (!*s || *s == '-' || *s == '+')
    return false;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || *end)
    return false;
  *v = x;
  return true;
}

static bool parse_i64(const char *s, int64_t *v) {
  if (!*s)
    return false;
  char *end;
  errno = 0;
  long long x = strtoll(s, &end, 0);
  if (errno || *end)
    return false;
  *v = x;
  return true;
}

static bool parse_f64(const char *s, double *v) {
  if (!*s)
    return false;
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  if (*end || errno == ERANGE)
    return false;
  *v = x;
  return true;
}

static bool fail(char **err, const char *spec, const char *why) {
  *err = xasprintf("bad argument spec '%s': %s", spec, why);
  return false;
}

static bool parse_buf(const char *spec, const char *rest, RunArg *a, char **err) {
  char type[8], *colon = strchr(rest, ':');
  if (!colon || (size_t)(colon - rest) >= sizeof type)
    return fail(err, spec, "expected buf:<type>:<count>[:zero|iota|rand=<seed>]");
  memcpy(type, rest, (size_t)(colon - rest));
  type[colon - rest] = 0;
  int t = -1;
  for (int i = 0; i < 6; i++)
    if (!strcmp(type, elem_names[i]))
      t = i;
  if (t < 0)
    return fail(err, spec, "element type must be i8, i16, i32, i64, f32 or f64");
  a->kind = ARG_BUF;
  a->elem = (ElemType)t;
  char count[32];
  const char *init = strchr(colon + 1, ':');
  size_t clen = init ? (size_t)(init - colon - 1) : strlen(colon + 1);
  if (clen >= sizeof count)
    return fail(err, spec, "count too long");
  memcpy(count, colon + 1, clen);
  count[clen] = 0;
  uint64_t c;
  if (!parse_u64(count, &c) || c == 0 || c > (UINT64_C(1) << 28))
    return fail(err, spec, "count must be an integer in [1, 2^28]");
  a->count = (size_t)c;
  a->init = INIT_ZERO;
  if (!init)
    return true;
  init++;
  if (!strcmp(init, "zero"))
    a->init = INIT_ZERO;
  else if (!strcmp(init, "iota"))
    a->init = INIT_IOTA;
  else if (!strncmp(init, "rand=", 5) && parse_u64(init + 5, &a->seed))
    a->init = INIT_RAND;
  else
    return fail(err, spec, "contents must be zero, iota or rand=<seed>");
  return true;
}

void spec_free(RunArg *a) {
  free(a->fields);
  a->fields = NULL;
  a->nfields = 0;
}

/* A struct-only field: i8=<v>, i16=<v> (held in val.i32, written as its
   low bytes) or pad:<bytes>; false when f is none of them (*err unset) or
   is malformed (*err set). */
static bool parse_narrow(const char *spec, const char *f, RunArg *d, bool *bad, char **err) {
  int64_t v;
  uint64_t n;
  *bad = false;
  if (!strncmp(f, "i8=", 3) || !strncmp(f, "i16=", 4)) {
    bool byte = f[1] == '8';
    int64_t lo = byte ? INT8_MIN : INT16_MIN, hi = byte ? UINT8_MAX : UINT16_MAX;
    if (!parse_i64(f + (byte ? 3 : 4), &v) || v < lo || v > hi) {
      *bad = true;
      return fail(err, spec, byte ? "an i8= field needs an 8-bit integer"
                                  : "an i16= field needs a 16-bit integer");
    }
    d->kind = byte ? ARG_I8 : ARG_I16;
    d->val.i32 = (int32_t)v;
    return true;
  }
  if (!strncmp(f, "pad:", 4)) {
    if (!parse_u64(f + 4, &n) || n == 0 || n > 4096) {
      *bad = true;
      return fail(err, spec, "pad:<bytes> needs a size in [1, 4096]");
    }
    d->kind = ARG_PAD;
    d->count = (size_t)n;
    return true;
  }
  return false;
}

/* struct:<field>;<field>;... — at most SPEC_MAX_FIELDS fields, no nesting,
   no local; i8=, i16= and pad: only here. */
static bool parse_struct(const char *spec, const char *rest, RunArg *a, char **err) {
  a->kind = ARG_STRUCT;
  a->fields = xcalloc(SPEC_MAX_FIELDS, sizeof *a->fields);
  char *copy = xstrdup(rest), *save = NULL;
  bool ok = true, bad = false;
  for (char *f = strtok_r(copy, ";", &save); f && ok; f = strtok_r(NULL, ";", &save)) {
    RunArg *d = &a->fields[a->nfields];
    if (a->nfields == SPEC_MAX_FIELDS) {
      char *why = xasprintf("a struct has at most %d fields", SPEC_MAX_FIELDS);
      ok = fail(err, spec, why);
      free(why);
    } else if (!strncmp(f, "struct:", 7) || !strncmp(f, "local:", 6))
      ok = fail(err, spec,
                "a struct field is a buf:..., a scalar (i8=, i16=, i32=, i64=, f32=, f64=) or pad:<bytes>");
    else if (parse_narrow(spec, f, d, &bad, err))
      a->nfields++;
    else if (bad || !spec_parse(f, d, err))
      ok = false;
    else
      a->nfields++;
  }
  free(copy);
  if (ok && !a->nfields)
    ok = fail(err, spec, "a struct needs at least one field");
  if (!ok)
    spec_free(a);
  return ok;
}

size_t spec_field_size(const RunArg *f) {
  switch (f->kind) {
  case ARG_I8:
    return 1;
  case ARG_I16:
    return 2;
  case ARG_PAD:
    return f->count;
  case ARG_I32:
  case ARG_F32:
    return 4;
  default:
    return 8;
  }
}

void spec_field_write(const RunArg *f, void *dst) {
  if (f->kind == ARG_PAD)
    memset(dst, 0, f->count);
  else /* little-endian hosts: an i8 or i16 is val.i32's low bytes */
    memcpy(dst, &f->val, spec_field_size(f));
}

size_t spec_struct_layout(const RunArg *a, size_t *offs) {
  size_t at = 0, align = 1;
  for (unsigned k = 0; k < a->nfields; k++) {
    size_t sz = spec_field_size(&a->fields[k]), al = a->fields[k].kind == ARG_PAD ? 1 : sz;
    at = (at + al - 1) / al * al;
    offs[k] = at;
    at += sz;
    if (al > align)
      align = al;
  }
  return (at + align - 1) / align * align;
}

unsigned spec_buffer_count(const RunArg *args, unsigned nargs) {
  unsigned n = nargs;
  for (unsigned i = 0; i < nargs; i++)
    for (unsigned k = 0; k < args[i].nfields; k++)
      n += args[i].fields[k].kind == ARG_BUF;
  return n;
}

const RunArg *spec_buffer(const RunArg *args, unsigned nargs, unsigned b, char *label,
                          size_t cap) {
  if (b < nargs) {
    snprintf(label, cap, "arg%u", b);
    return &args[b];
  }
  unsigned n = nargs;
  for (unsigned i = 0; i < nargs; i++)
    for (unsigned k = 0; k < args[i].nfields; k++)
      if (args[i].fields[k].kind == ARG_BUF && n++ == b) {
        snprintf(label, cap, "arg%u.%u", i, k);
        return &args[i].fields[k];
      }
  return NULL;
}

bool spec_parse(const char *s, RunArg *a, char **err) {
  memset(a, 0, sizeof *a);
  if (!strncmp(s, "struct:", 7))
    return parse_struct(s, s + 7, a, err);
  if (!strncmp(s, "buf:", 4))
    return parse_buf(s, s + 4, a, err);
  if (!strncmp(s, "local:", 6)) {
    uint64_t n;
    if (!parse_u64(s + 6, &n) || n == 0 || n > (UINT64_C(1) << 26))
      return fail(err, s, "local memory size must be bytes in [1, 2^26]");
    a->kind = ARG_LOCAL;
    a->count = (size_t)n;
    return true;
  }
  if (!strncmp(s, "i32=", 4)) {
    int64_t v;
    if (!parse_i64(s + 4, &v) || v < INT32_MIN || v > (int64_t)UINT32_MAX)
      return fail(err, s, "not a 32-bit integer");
    a->kind = ARG_I32;
    a->val.i32 = (int32_t)(uint32_t)v;
    return true;
  }
  if (!strncmp(s, "i64=", 4)) {
    a->kind = ARG_I64;
    if (!parse_i64(s + 4, &a->val.i64))
      return fail(err, s, "not a 64-bit integer");
    return true;
  }
  if (!strncmp(s, "f32=", 4) || !strncmp(s, "f64=", 4)) {
    double v;
    if (!parse_f64(s + 4, &v))
      return fail(err, s, "not a floating-point number");
    if (s[1] == '3') {
      a->kind = ARG_F32;
      a->val.f32 = (float)v;
    } else {
      a->kind = ARG_F64;
      a->val.f64 = v;
    }
    return true;
  }
  return fail(err, s, "expected buf:…, local:<bytes>, i32=, i64=, f32=, f64= or struct:…");
}

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void spec_fill(const RunArg *a, void *data) {
  uint64_t state = a->seed;
  for (size_t j = 0; j < a->count; j++) {
    uint64_t r = a->init == INIT_RAND ? splitmix64(&state) : 0;
    int64_t iv = a->init == INIT_IOTA ? (int64_t)j : (int64_t)(r & 1023);
    double fv = a->init == INIT_IOTA ? (double)j : 0.0;
    if (a->init == INIT_RAND)
      fv = a->elem == EL_F32 ? (double)(r >> 40) / 16777216.0
                             : (double)(r >> 11) / 9007199254740992.0;
    if (a->init == INIT_ZERO)
      iv = 0;
    switch (a->elem) {
    case EL_I8:
      ((uint8_t *)data)[j] = a->init == INIT_RAND ? (uint8_t)r : (uint8_t)iv;
      break;
    case EL_I16:
      ((int16_t *)data)[j] = (int16_t)iv;
      break;
    case EL_I32:
      ((int32_t *)data)[j] = (int32_t)iv;
      break;
    case EL_I64:
      ((int64_t *)data)[j] = iv;
      break;
    case EL_F32:
      ((float *)data)[j] = (float)fv;
      break;
    case EL_F64:
      ((double *)data)[j] = fv;
      break;
    }
  }
}

uint64_t spec_fnv1a(const void *data, size_t n) {
  const unsigned char *p = data;
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= UINT64_C(0x100000001b3);
  }
  return h;
}

unsigned spec_sizes(const char *s, size_t out[3]) {
  unsigned n = 0;
  const char *p = s;
  out[0] = out[1] = out[2] = 1;
  for (;;) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(p, &end, 10);
    if (end == p || errno || v == 0 || v > (1ull << 30) || n == 3 || *p == '-')
      return 0;
    out[n++] = (size_t)v;
    if (!*end)
      return n;
    if (*end != ',')
      return 0;
    p = end + 1;
  }
}

char *spec_dump(const char *dir, const char *label, bool after, const void *data, size_t bytes) {
  char *path = xasprintf("%s/%s%s.bin", dir, label, after ? "" : ".in");
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(data, 1, bytes, f) == bytes;
  if (f && fclose(f))
    ok = false;
  if (ok) {
    free(path);
    return NULL;
  }
  return path;
}

void spec_format(ElemType t, const void *data, size_t j, char *buf, size_t n) {
  switch (t) {
  case EL_I8:
    snprintf(buf, n, "%d", ((const int8_t *)data)[j]);
    break;
  case EL_I16:
    snprintf(buf, n, "%d", ((const int16_t *)data)[j]);
    break;
  case EL_I32:
    snprintf(buf, n, "%" PRId32, ((const int32_t *)data)[j]);
    break;
  case EL_I64:
    snprintf(buf, n, "%" PRId64, ((const int64_t *)data)[j]);
    break;
  case EL_F32:
    snprintf(buf, n, "%.9g", (double)((const float *)data)[j]);
    break;
  case EL_F64:
    snprintf(buf, n, "%.17g", ((const double *)data)[j]);
    break;
  }
}
