; NVPTX: a helper's parameter that callers pass in global memory keeps
; generic where its value also leaves the helper as a generic pointer
; (returned beside a pointer of another space, stored as a value, handed to
; a declaration): named, the helper would cast it back (a cvta.global) for
; accesses that a generic pointer makes as fast — clang's build passes it
; generic (random programs' ret_pick: 2 cvta more per call, 19 -> 21 PTX
; instructions).  Returned alone, the return is named with it (a later
; wave), and no cast is needed.  Shared memory is named as before (its
; accesses gain), and so is everything on amdgcn and under tags.
; RUN: gasp-opt -S %s -o %t.ll -stats -stats-json 2> %t.stats
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STAT < %t.stats
; RUN: gasp-opt %s -o /dev/null --summary 2>&1 | FileCheck %s --check-prefix=WHY
; RUN: gasp-opt -S --lower-generic=tags %s -o - | FileCheck %s --check-prefix=TAGS
; RUN: sed 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/; s/^target datalayout = .*//; s/ptx_kernel/amdgpu_kernel/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o - | FileCheck %s --check-prefix=AMD
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:16:iota --arg buf:i64:4 --arg i32=5 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:16:iota --arg buf:i64:4 --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -O2 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; EXEC: identical
; STAT: "ipmsp.cast-back": 4,
; WHY: 4  callers pass one space, but the parameter's value also leaves the function as a generic pointer {{.*}}cast-back rule
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [16 x i32] undef, align 4

; b (global) is returned beside a (shared): b keeps generic, a is shared.
; CHECK-LABEL: define internal ptr @pick(ptr addrspace(3) %a, ptr %b, i32 %i)
; CHECK:       load i32, ptr %{{.*}}
; TAGS-LABEL:  define internal ptr @pick(ptr addrspace(3) %a, ptr addrspace(1) %b, i32 %i)
; AMD-LABEL:   define internal ptr @pick(ptr addrspace(3) %a, ptr addrspace(1) %b, i32 %i)
; PTX-LABEL:   .func  (.param .b64 func_retval0) pick(
; PTX-NOT:     cvta.global
; PTX:         ret;
define internal ptr @pick(ptr %a, ptr %b, i32 %i) noinline {
  %j = and i32 %i, 3
  %e = getelementptr inbounds i32, ptr %b, i32 %j
  %v = load i32, ptr %e, align 4
  %w = add i32 %v, %i
  store i32 %w, ptr %e, align 4
  %x = load i32, ptr %a, align 4
  %c = icmp ugt i32 %x, %i
  %r = select i1 %c, ptr %a, ptr %b
  ret ptr %r
}

; Returned alone (an offset of it): named, and so is the return (the
; function moves to the module's end: checked there).
define internal ptr @at(ptr %b, i32 %i) noinline {
  %j = and i32 %i, 7
  %e = getelementptr inbounds i32, ptr %b, i32 %j
  %v = load i32, ptr %e, align 4
  %k = and i32 %v, 3
  %f = getelementptr inbounds i32, ptr %b, i32 %k
  ret ptr %f
}

; Stored as a value (into a table of pointers): kept generic.
; CHECK-LABEL: define internal void @keep(ptr %b, ptr addrspace(1) %slot)
; TAGS-LABEL:  define internal void @keep(ptr addrspace(1) %b, ptr addrspace(1) %slot)
define internal void @keep(ptr %b, ptr %slot) noinline {
  %v = load i32, ptr %b, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %b, align 4
  store ptr %b, ptr %slot, align 8
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %buf, ptr addrspace(1) %slots, i32 %n) {
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) %buf to ptr
  %s = addrspacecast ptr addrspace(1) %slots to ptr
  store i32 %n, ptr %t, align 4
  %p = call ptr @pick(ptr %t, ptr %g, i32 %n)
  %v = load i32, ptr %p, align 4
  %q = call ptr @at(ptr %g, i32 %n)
  %u = load i32, ptr %q, align 4
  call void @keep(ptr %g, ptr %s)
  %r = add i32 %v, %u
  %o = getelementptr inbounds i32, ptr addrspace(1) %buf, i32 15
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: define internal ptr addrspace(1) @at(ptr addrspace(1) %b, i32 %i)
