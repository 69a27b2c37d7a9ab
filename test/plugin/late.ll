; gasp<late>, the pipeline the plugin runs again at the optimizer's last
; extension point (`forget,infer,hazards,frames`), names what inlining re-created after
; the early run: a helper's generic parameter, inlined, is a cast of the
; caller's private array.  (Not in the sanitizer build: opt does not carry
; the sanitizer runtimes.)
; UNSUPPORTED: asan
; RUN: opt-22 -load-pass-plugin=%build/lib/gasp-plugin.so '-passes=gasp<late>' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: for i in 0 2 5; do gasp-run %s --kernel k --global 4 --arg buf:f32:8:rand=3 --arg i32=$i --check-as --compare %t.ll; done | FileCheck %s --check-prefix=EXEC
; EXEC-COUNT-3: identical
;
; In clang's -O2 pipeline the late run comes after the vectorizers, the
; early one before the inliner:
; RUN: opt-22 -load-pass-plugin=%build/lib/gasp-plugin.so -passes='default<O2>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=ORDER
; ORDER: gasp-run<auto;early>({{.*}}inline,{{.*}}slp-vectorizer,{{.*}}gasp-run<auto;late>(gasp-forget,
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spirv64-unknown-unknown"

; The private array is read and written through its generic cast at a
; run-time index; every access becomes a private one.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: addrspace(4)
; CHECK: store float %{{.*}}, ptr %{{.*}}, align 4
; CHECK: load float, ptr %{{.*}}, align 4
; CHECK-NOT: addrspace(4)
; CHECK: ret void
define spir_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %a = alloca [4 x float], align 4
  %g = addrspacecast ptr %a to ptr addrspace(4)
  %v = load float, ptr addrspace(1) %out, align 4
  %j = and i32 %i, 3
  %jj = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(4) %g, i64 %jj
  store float %v, ptr addrspace(4) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(4) %g, i64 1
  store float 2.0, ptr addrspace(4) %q, align 4
  %r = load float, ptr addrspace(4) %p, align 4
  %s = load float, ptr addrspace(4) %q, align 4
  %t = fadd float %r, %s
  store float %t, ptr addrspace(1) %out, align 4
  ret void
}
