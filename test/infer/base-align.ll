; RUN: gasp-opt -S --passes=infer %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i32:4 --arg i32=7 --check-as --compare %t.ll | FileCheck %s --check-prefix=SAME
; RUN: gasp-opt -S %s -o %t.def.ll
; RUN: gasp-run %s --kernel k --global 2 --arg buf:i32:4 --arg i32=7 --check-as --compare %t.def.ll | FileCheck %s --check-prefix=SAME
; SAME: identical
; An access infer names through a cast keeps the alignment its base object
; gives it: LLVM's InferAlignment raises a store into an align-8 slot to
; align 8 on the generic pointer, but cannot see through the cast to the
; local space, so NVPTX's load/store vectorizer lost a printf buffer's
; st.local.v2 (README's transport.cu: v2 1 -> 0).  Byte offsets keep what
; they allow (+4: align 4; +8: align 8), a variable offset nothing.
; RUN: clang-22 -x cuda --cuda-device-only -nocudainc -nocudalib -Wno-unknown-cuda-version -DGASP_OWN_HEADER --cuda-gpu-arch=sm_90 -O2 -S %root/bench/pipeline/cuda/transport.cu -o %t.clang.s
; RUN: clang-22 -x cuda --cuda-device-only -nocudainc -nocudalib -Wno-unknown-cuda-version -DGASP_OWN_HEADER --cuda-gpu-arch=sm_90 -O2 -S %root/bench/pipeline/cuda/transport.cu -o %t.plugin.s -fpass-plugin=%build/lib/gasp-plugin.so
; RUN: echo "clang $(grep -c 'st.local.v2' %t.clang.s) plugin $(grep -c 'st.local.v2' %t.plugin.s)" | FileCheck %s --check-prefix=V2
; V2: clang 1 plugin 1
; UNSUPPORTED: asan
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = internal addrspace(3) global [8 x i32] zeroinitializer, align 16

; Writes two i32 into an align-8 slot and a shared array, then sums them:
; every named access takes the alignment its base and offset allow.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: store i32 %n, ptr addrspace(5) %{{[0-9]+}}, align 8
; CHECK: store i32 %m, ptr addrspace(5) %{{[0-9a-z.]+}}, align 4
; CHECK: store i32 %n, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @g, i64 8), align 8
; CHECK: store i32 %m, ptr addrspace(3) %{{[0-9a-z.]+}}, align 4
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %slot = alloca [2 x i32], align 8
  %m = add i32 %n, 1
  store i32 %n, ptr %slot, align 4
  %s1 = getelementptr inbounds nuw i8, ptr %slot, i64 4
  store i32 %m, ptr %s1, align 4
  %gp = addrspacecast ptr addrspace(3) @g to ptr
  %g8 = getelementptr inbounds nuw i8, ptr %gp, i64 8
  store i32 %n, ptr %g8, align 4
  %i = and i32 %n, 3
  %ix = zext i32 %i to i64
  %gi = getelementptr inbounds i32, ptr %gp, i64 %ix
  store i32 %m, ptr %gi, align 4
  %a = load i32, ptr %slot, align 4
  %b = load i32, ptr %s1, align 4
  %c = load i32, ptr %g8, align 4
  %d = load i32, ptr %gi, align 4
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %r = add i32 %ab, %cd
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
