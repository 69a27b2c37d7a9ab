// Writers get field facts too: a decompressor's stream struct (hashcat's
// zip kernels, miniz's mz_stream) holds the input cursor (global), the
// output buffer (private) and a CRC table (local); the helpers write its
// integer fields (the running CRC and key) and read the table through it,
// and the kernel moves the cursor on between calls.  Before, a callee that
// wrote any field took no facts (only readers did) and the table reads
// stayed generic; now a parameter whose stores the caller's model lists
// (memory.c, writes_fields: integers, its own parameters, constants,
// copies of the struct's own fields) takes them like a reader's.  And an
// internal helper whose copy would not pay under the clone cost model,
// every call of which has the same shape (step, called twice), takes the
// shape in place once all its calls have been seen: no copy is made.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn %s -o %t.am.ll
// RUN: gasp-opt --clone-cost=0 -stats -stats-json --summary -pass-remarks=fields %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s
// CHECK-DAG: remark: {{.*}}cloned as @step.f3o32as3 for the pointers its callers store in its aggregate arguments: argument 3 offset 32 local
// CHECK-DAG: remark: {{.*}}cloned as @xor_byte.f1o32as3 for the pointers its callers store in its aggregate arguments: argument 1 offset 32 local
// CHECK-DAG: generic memory ops reachable from kernels: 0 (before: 10)
// CHECK-DAG: "fields.clones": 2
// On nvptx64 and amdgcn the copies do not pay (step reads no table itself:
// its copy names nothing); step is internal and both calls have one shape,
// so it takes it in place; xor_byte's ipmsp copy, called once, too.
// RUN: gasp-opt -stats -stats-json --summary -pass-remarks=fields -pass-remarks-missed=fields %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// RUN: gasp-opt -stats -stats-json --summary -pass-remarks=fields -pass-remarks-missed=fields %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// NV-NOT: not cloned for the pointers a caller stores in its aggregate arguments (argument 3
// NV: remark: {{.*}}specialized in place for the pointers its callers store in its aggregate arguments: argument 3 offset 32 local
// NV: remark: {{.*}}specialized in place for the pointers its callers store in its aggregate arguments: argument 1 offset 32 local
// NV: generic memory ops reachable from kernels: 0
// NV: "fields.annotated": 2
// The table read is local in every build.
// RUN: FileCheck %s --check-prefix=IR < %t.sp.gasp.ll
// RUN: FileCheck %s --check-prefix=IR < %t.nv.gasp.ll
// RUN: FileCheck %s --check-prefix=IR < %t.am.gasp.ll
// IR-LABEL: define internal {{.*}}@xor_byte.
// IR: load i32, ptr addrspace(3)
// RUN: gasp-run %t.sp.ll --kernel unzip --global 4 --local 4 --arg buf:i8:256:rand=5 --arg buf:i32:4 --arg local:1024 --arg i32=40 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel unzip --global 4 --local 4 --arg buf:i8:256:rand=5 --arg buf:i32:4 --arg local:1024 --arg i32=40 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel unzip --global 4 --local 4 --arg buf:i8:256:rand=5 --arg buf:i32:4 --arg local:1024 --arg i32=40 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
typedef struct {
  const uchar *next_in;
  uint avail_in;
  uchar *next_out;
  uint key0, crc;
  const uint *tab;
} Stream;

// Writes the stream's integer fields and reads its table: a writer.
uchar xor_byte(uchar c, Stream *s) {
  uint p = c ^ (s->key0 & 0xff);
  s->crc = s->tab[(s->crc ^ p) & 0xff] ^ (s->crc >> 8);
  s->key0 = s->key0 * 134775813u + p;
  return (uchar)p;
}

// Hands the stream on to the writer; called twice by the kernel.
static int step(const uchar *in, uint *n, uchar *out, Stream *s) {
  uint k = *n < 16 ? *n : 16;
  for (uint i = 0; i < k; i++)
    out[i] = xor_byte(in[i], s);
  *n = k;
  return k == 16;
}

kernel void unzip(global const uchar *src, global uint *res, local uint *tab, uint len) {
  uint l = get_local_id(0);
  tab[l & 255] = l * 2654435761u;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar buf[16];
  Stream s;
  s.next_in = src + l;
  s.avail_in = len;
  s.next_out = buf;
  s.key0 = l;
  s.crc = ~0u;
  s.tab = tab;
  uint n = 4;
  step(s.next_in, &n, s.next_out, &s);
  s.next_in += n;
  s.avail_in -= n;
  int more = 1;
  while (more && s.avail_in) {
    n = s.avail_in;
    more = step(s.next_in, &n, s.next_out, &s);
    s.next_in += n;
    s.avail_in -= n;
  }
  res[l] = ~s.crc + buf[3];
}
