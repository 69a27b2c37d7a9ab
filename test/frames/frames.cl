// The thread's own stack frame, as random OpenCL programs and printf use it:
// a struct with volatile fields initialised from a constant (SROA makes the
// initialiser's stores non-volatile, beside the volatile field accesses), a
// volatile local handed to a helper, and a printf; and a float4 read at a
// lane picked at run time (InstCombine makes `a.z > a.y ? d.z : d.y` one
// extractelement at a selected index: GEGL's color-to-alpha).  Without
// gasp's `frames` pass llc-22 writes the initialiser, the printf buffer and
// the vector's lanes through the generic stack pointer (st [%SP+k]); with
// it, every frame access is .local and the lane a select.
//
// gasp-opt on clang -O2 output, then llc: 10 generic accesses -> 0; the
// kernels compute and print the same (gasp-run runs the expanded printf
// call as CUDA's vprintf).
// RUN: clang-22 -cl-std=CL2.0 -Xclang -finclude-default-header -nogpulib -target nvptx64-nvidia-cuda -O2 -S -emit-llvm %s -o %t.ll
// RUN: llc -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=CLANG
// RUN: gasp-opt -S %t.ll -o %t.gasp.ll
// RUN: FileCheck %s --check-prefix=IR < %t.gasp.ll
// RUN: llc -mcpu=sm_90 %t.gasp.ll -o - | FileCheck %s --check-prefix=PTX
// RUN: gasp-run %t.ll --kernel k --global 4 --arg buf:i64:4 --arg i32=2 > %t.clang.out
// RUN: gasp-run %t.gasp.ll --kernel k --global 4 --arg buf:i64:4 --arg i32=2 > %t.gasp.out
// RUN: diff %t.clang.out %t.gasp.out
// RUN: FileCheck %s --check-prefix=OUT < %t.gasp.out
// RUN: gasp-run %t.ll --kernel k --global 4 --arg buf:i64:4 --arg i32=2 --check-as --compare %t.gasp.ll | FileCheck %s --check-prefix=EXEC
// RUN: gasp-run %t.ll --kernel pick --global 16 --arg buf:f32:64:rand=7 --arg buf:f32:16 --check-as --compare %t.gasp.ll | FileCheck %s --check-prefix=EXEC
// (Through the plugin: test/plugin/frames.test.)
//
// CLANG-COUNT-9: {{[[:space:]]st\.[bsuf][0-9]+}} [%SP
// IR: call void (...) @llvm.fake.use(ptr addrspace(5)
// IR: store i32 {{.*}}, ptr addrspace(5)
// IR: call i32 @printf(ptr addrspace(4) {{.*}}, ptr %
// PTX-NOT: {{[[:space:]](ld|st)(\.volatile)?\.[bsuf][0-9]+ }}
// PTX: .entry k(
// PTX-NOT: {{[[:space:]](ld|st)(\.volatile)?\.[bsuf][0-9]+ }}
// OUT: k: 35 4 17.000000
// OUT: arg0: 4 x i64
// EXEC: identical
struct S0 { volatile int f0; long f1; volatile short f2; int f3; };
struct S1 { int a[4]; volatile unsigned b; };

static int step(struct S0 *p, volatile int *q) {
  volatile int l = 3;
  long acc = 7;
  for (int i = 0; i < 4; i++) {
    acc += p->f1 * l;
    *q ^= (int)acc;
  }
  return (int)acc + p->f3;
}

kernel void k(global ulong *out, int n) {
  struct S0 c0 = {1, 2L, 3, 4};
  struct S1 c1 = {{1, 2, 3, 4}, 5u};
  volatile int g = 9;
  int id = get_global_id(0);
  for (int i = 0; i < 3; i++) {
    c1.a[i & 3] += c0.f0;
    c1.b += c1.a[(i + 1) & 3];
  }
  c0.f3 = step(&c0, &g);
  out[id] = c0.f0 + c0.f1 + c0.f2 + c0.f3 + c1.b + g + c1.a[id & 3];
  if (id == n)
    printf("k: %d %ld %f\n", c0.f3, c0.f1 + n, (float)g);
}

// Which of d's lanes to keep is a select of 2, 1 and 0, read at run time.
kernel void pick(global float4 *in, global float *out) {
  int id = get_global_id(0);
  float4 v = in[id], color = in[(id + 1) & 15];
  float4 d = fabs(v - color);
  float4 a = d / (fabs(color) + 1.0f);
  float r;
  if (a.z > a.y && a.z > a.x)
    r = d.z;
  else if (a.y > a.x)
    r = d.y;
  else
    r = d.x;
  out[id] = r * a.w;
}
