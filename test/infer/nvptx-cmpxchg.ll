; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llc-22 -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.tags.ll
; RUN: FileCheck %s --check-prefix=TAGS < %t.tags.ll
; RUN: llc-22 -mtriple=nvptx64 -mcpu=sm_90 %t.tags.ll -o %t.tags.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.tags.ptx
; RUN: %if ptxas %{ ptxas -arch=sm_90 %t.tags.ptx -o %t.tags.cubin %}
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:1 --arg i32=3 --check-as --compare %t.tags.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; NVPTX's volatile and atomic policy: a cmpxchg through a pointer gasp
; proves private stays generic — llc-22 emits atom.local.cas for a
; cmpxchg in addrspace(5), which ptxas rejects for every SM ("State space
; incorrect for instruction 'atom'"); upstream's own inference leaves a
; volatile one alone, so the original assembles.  Here the private origin
; is visible only across the call (ipmsp gives @cas a private parameter).
; Under --lower-generic=tags the dispatch's private arm keeps the cmpxchg
; generic too (on the cleared pointer), and the global arm names it.
target datalayout = "e-p6:32:32-A5-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The parameter becomes private (named at the entry: twins passes a private
; parameter generic on NVPTX); the cmpxchg keeps the generic pointer.
; CHECK-LABEL: define internal i32 @cas(ptr %p,
; CHECK: [[P:%.*]] = addrspacecast ptr %p to ptr addrspace(5)
; CHECK: [[L:%.*]] = call ptr addrspace(5) @llvm.launder.invariant.group.p5(ptr addrspace(5) [[P]])
; CHECK: [[G:%.*]] = addrspacecast ptr addrspace(5) [[P]] to ptr
; CHECK: cmpxchg volatile ptr [[G]],
; CHECK: load volatile i32, ptr addrspace(5) [[L]]
; TAGS-LABEL: define internal i32 @cas(
; TAGS: gen.private:
; TAGS: [[C:%.*]] = addrspacecast ptr addrspace(5) {{%.*}} to ptr
; TAGS-NEXT: cmpxchg volatile ptr [[C]],
; TAGS: gen.global:
; TAGS: cmpxchg volatile ptr addrspace(1)
; PTX: atom.relaxed.sys.cas.b32
; PTX-NOT: atom{{.*}}.local
define internal i32 @cas(ptr %p, i32 %old, i32 %new) noinline {
  %r = cmpxchg volatile ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %v = extractvalue { i32, i1 } %r, 0
  %w = load volatile i32, ptr %p, align 4
  %s = add i32 %v, %w
  ret i32 %s
}

; A private variable handed to the helper.
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %x5 = alloca i32, align 4, addrspace(5)
  %x = addrspacecast ptr addrspace(5) %x5 to ptr
  store i32 %n, ptr %x, align 4
  %o = call i32 @cas(ptr %x, i32 %n, i32 5)
  %now = load i32, ptr %x, align 4
  %s = add i32 %o, %now
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
