// Functions called through pointers (C++ virtual functions, a table of
// steps) keep their signatures: the table holds the originals, so ipmsp can
// neither copy nor retype them, and their pointer parameters stayed
// generic.  Under --whole-program every call is one of the module's: an
// indirect call with as many arguments may reach each such function, so
// the meet of the spaces every call passes names the parameter, with a cast
// at the function's entry.  Both hit functions read the ray and write the
// record through private pointers in `trace`; `trace_global` passes a ray
// in global memory, so the rays stay generic and the records are named.
// The shades take one argument more: the hit calls do not reach them, and
// their one call passes local memory.  Without --whole-program nothing
// changes.
// RUN: %ocl-spir %s -o %t.sp.ll
// RUN: %ocl-nvptx %s -o %t.nv.ll
// RUN: %ocl-amdgcn -mcpu=gfx1100 %s -o %t.am.ll
// RUN: gasp-opt --whole-program -stats -stats-json --summary -pass-remarks=indirect %t.nv.ll -o %t.nv.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=NV
// NV-DAG: remark: {{.*}}called through pointers; every call the module makes passes argument 1 private
// NV-DAG: remark: {{.*}}called through pointers; every call the module makes passes argument 0 local, argument 1 local
// NV-DAG: "indirect.functions": 4
// NV-DAG: "indirect.parameters": 6
// RUN: FileCheck %s --check-prefix=NVIR < %t.nv.gasp.ll
// NVIR-LABEL: define internal {{.*}}@sphere_hit(ptr {{.*}}%0, ptr {{.*}}%1, float
// NVIR: addrspacecast ptr %1 to ptr addrspace(5)
// NVIR-NOT: addrspacecast ptr %0
// NVIR: store float {{.*}}, ptr addrspace(5)
// NVIR-LABEL: define internal {{.*}}@shade_a(
// NVIR: addrspacecast ptr %0 to ptr addrspace(3)
// RUN: gasp-opt --whole-program -stats -stats-json %t.sp.ll -o %t.sp.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: gasp-opt --whole-program -stats -stats-json %t.am.ll -o %t.am.gasp.ll -S 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: "indirect.functions": 4
// RUN: gasp-opt -stats -stats-json %t.nv.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN-NOT: "indirect.
// RUN: gasp-run %t.sp.ll --kernel trace --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=3 --arg i32=5 --check-as --compare %t.sp.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel trace --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=3 --arg i32=5 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel trace --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=3 --arg i32=5 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.nv.ll --kernel trace_global --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=4 --arg i32=6 --check-as --compare %t.nv.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.am.ll --kernel trace_global --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=4 --arg i32=6 --check-as --compare %t.am.gasp.ll | FileCheck %s --check-prefix=EXEC
// EXEC: identical
// Under --lower-generic=tags a function's address cast to generic (spir64's
// function pointers are addrspace(0), private's number) is code, not data:
// it gets no tag, so the tables in constant initializers are kept (before:
// "a constant cannot carry one") and the calls through them still land.
// RUN: gasp-opt --lower-generic=tags -S %t.sp.ll -o %t.sp.tags.ll
// RUN: gasp-run %t.sp.ll --kernel trace --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=3 --arg i32=5 --check-as --compare %t.sp.tags.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.sp.ll --kernel trace_global --global 8 --local 4 --arg buf:f32:8 --arg buf:f32:24:rand=4 --arg i32=6 --check-as --compare %t.sp.tags.ll | FileCheck %s --check-prefix=EXEC
#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable
typedef struct { float t; float n[3]; } Rec;
typedef int (*HitFn)(const float *ray, Rec *rec, float r);
typedef float (*ShadeFn)(const float *a, float *b, int i, int j);

// Intent: a sphere's hit, called through the table only; both parameters
// are read or written more than once.
static __attribute__((noinline)) int sphere_hit(const float *ray, Rec *rec, float r) {
  float d = ray[0] * ray[0] + ray[1] * ray[1] - r;
  if (d < 0.0f)
    return 0;
  rec->t = d; rec->n[0] = ray[0]; rec->n[1] = ray[1]; rec->n[2] = ray[2];
  return 1;
}

// Intent: a plane's hit, the table's other entry (the same type).
static __attribute__((noinline)) int plane_hit(const float *ray, Rec *rec, float r) {
  if (ray[2] == 0.0f)
    return 0;
  rec->t = r / ray[2]; rec->n[0] = 0.0f; rec->n[1] = ray[0]; rec->n[2] = 1.0f;
  return 1;
}

// Intent: another arity, through its own table, with local memory.
static __attribute__((noinline)) float shade_a(const float *a, float *b, int i, int j) {
  b[i & 3] += a[j & 3] * 0.5f;
  b[(i + 2) & 3] -= a[(j + 2) & 3];
  return b[(i + 1) & 3] + a[(j + 1) & 3];
}

// Intent: the same type as shade_a, the other entry of its table.
static __attribute__((noinline)) float shade_b(const float *a, float *b, int i, int j) {
  b[j & 3] -= a[i & 3];
  b[(j + 1) & 3] += a[(i + 1) & 3];
  return b[(j + 2) & 3] * a[(i + 3) & 3];
}

// Intent: private rays and records through the table.
kernel void trace(global float *out, global const float *rays, int n) {
  HitFn shapes[2] = {sphere_hit, plane_hit};
  ShadeFn shades[2] = {shade_a, shade_b};
  local float la[4], lb[4];
  size_t i = get_global_id(0), l = get_local_id(0);
  if (l == 0)
    for (int k = 0; k < 4; k++) { la[k] = k; lb[k] = 2 * k; }
  barrier(CLK_LOCAL_MEM_FENCE);
  float ray[3] = {rays[3 * i], rays[3 * i + 1], rays[3 * i + 2]};
  Rec rec = {0.0f, {0.0f, 0.0f, 0.0f}};
  float acc = 0.0f;
  for (int k = 0; k < n; k++)
    if (shapes[(i + k) & 1](ray, &rec, (float)k))
      acc += rec.t + rec.n[0] + rec.n[2];
  if (l == 1)
    acc += shades[(i >> 2) & 1](la, lb, (int)i, n);
  out[i] = acc;
}

// Intent: the same calls with a ray in global memory (rays stay generic).
kernel void trace_global(global float *out, global const float *rays, int n) {
  HitFn shapes[2] = {plane_hit, sphere_hit};
  size_t i = get_global_id(0);
  Rec rec = {0.0f, {0.0f, 0.0f, 0.0f}};
  float acc = 0.0f;
  for (int k = 0; k < n; k++)
    if (shapes[(i + k) & 1](&rays[3 * i], &rec, (float)k))
      acc += rec.t - rec.n[1];
  out[i] = acc;
}
