; The late run infers from the IR alone: `forget` drops the early run's
; field facts first.  Between the plugin's two runs LLVM's dead-argument
; elimination may rebuild a fields clone without a leading parameter and
; copy its metadata, so "parameter 1's aggregate holds global pointers"
; then names another parameter.  Here that parameter holds a local
; pointer: trusting the stale fact would read local memory as global.
; (Not in the sanitizer build: opt does not carry the sanitizer runtimes.)
; UNSUPPORTED: asan
; RUN: opt-22 -load-pass-plugin=%build/lib/gasp-plugin.so '-passes=gasp<late>' -S %s -o %t.ll 2>/dev/null
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; Without `forget` the fact is believed (what the late run must not do):
; RUN: gasp-opt --passes=infer -S %s -o - | FileCheck %s --check-prefix=TRUSTED
; TRUSTED: load i32, ptr addrspace(1)
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global i32 7

; Reads through the pointer its second parameter holds: stays generic, and
; the stale fact is gone.
; CHECK-LABEL: define spir_func i32 @read(ptr %agg, ptr %other)
; CHECK-NOT: !gasp.fields
; CHECK: load i32, ptr addrspace(4)
define spir_func i32 @read(ptr %agg, ptr %other) !gasp.fields !0 {
  %p = load ptr addrspace(4), ptr %other, align 8
  %v = load i32, ptr addrspace(4) %p, align 4
  ret i32 %v
}

; Hands @read a slot holding a global pointer and one holding a local one.
define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = alloca ptr addrspace(4), align 8
  %o = alloca ptr addrspace(4), align 8
  %g = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr %a, align 8
  %l = addrspacecast ptr addrspace(3) @lds to ptr addrspace(4)
  store ptr addrspace(4) %l, ptr %o, align 8
  %v = call spir_func i32 @read(ptr %a, ptr %o)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

!0 = !{i32 1, i64 0, i32 1}
