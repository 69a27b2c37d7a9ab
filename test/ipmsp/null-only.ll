; A parameter every call passes null (or undef) to is named global, where
; generic null is the 0 bit pattern: the call passes global's null, and the
; accesses the callee makes through it, behind its null test, are global
; ones instead of generic ones the back end must keep.  HeCBench
; secp256k1's `secp256k1_gej_add_ge_var(&sum, &sum, &ge[i], 0)` cloned
; `.as5_5_5_g` with 10 generic accesses left in clang -O3's PTX (the
; plugin); named, 0.  A real vote wins over null (@mix: local, its null
; call passing local's null: on NVPTX as on AMDGPU the cast of generic
; null, for a shared variable sits at address 0 and cvta of a shared 0 is
; not generic null; on NVPTX, twins then hands @mix generic pointers named
; at its entry, the null call passing generic null and the other the
; tile's generic address: twins.c), and on NVPTX a null-only parameter whose
; value leaves the function (@nilint's ptrtoint) keeps generic by the
; cast-back rule, as a global one would; amdgcn has no such rule.
; RUN: gasp-opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-run %s --kernel k --global 4 --arg buf:i32:64:iota --arg buf:i32:8:iota --arg i32=2 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: llc-22 -O2 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.s
; RUN: FileCheck %s --check-prefix=PTX < %t.s
; RUN: sed 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/; s/^target datalayout = .*//; s/ptx_kernel/amdgpu_kernel/; s/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.g.ll
; RUN: FileCheck %s --check-prefix=AMD < %t.amd.g.ll
; RUN: gasp-run %t.amd.ll --kernel k --global 4 --arg buf:i32:64:iota --arg buf:i32:8:iota --arg i32=2 --check-as --compare %t.amd.g.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt %s -o /dev/null -pass-remarks-missed=gasp 2>&1 | FileCheck %s --check-prefix=WHY
; EXEC: identical
; WHY: load stays generic: callers pass only null, but the parameter's value also leaves the function as a generic pointer {{.*}}cast-back rule) (parameter 0 of @nilkeep)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [16 x i32] undef, align 4
@keep = internal addrspace(1) global ptr null, align 8

; Visible outside: cloned for its one caller, rzr (null there) named global.
; CHECK-LABEL: define void @acc(ptr %r, ptr %a, ptr %rzr)
define void @acc(ptr %r, ptr %a, ptr %rzr) #0 {
  %v = load i32, ptr %a, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %r, align 4
  %nz = icmp ne ptr %rzr, null
  br i1 %nz, label %wr, label %done
wr:
  %x = load i32, ptr %rzr, align 4
  %y = add i32 %x, %w
  store i32 %y, ptr %rzr, align 4
  br label %done
done:
  ret void
}

; A shared pointer at one call and null at the other: the real vote, local.
define internal i32 @mix(ptr %p) #0 {
  %z = icmp eq ptr %p, null
  br i1 %z, label %n, label %l
l:
  %v = load i32, ptr %p, align 4
  ret i32 %v
n:
  ret i32 -1
}

; Null at one call and undef at the other: named global in place.
define internal i32 @nil(ptr %p, i32 %i) #0 {
  %z = icmp eq ptr %p, null
  br i1 %z, label %n, label %l
l:
  %q = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
n:
  ret i32 0
}

; Null only, but its value leaves as an integer: NVPTX's cast-back rule
; keeps it generic; amdgcn names it.
; CHECK-LABEL: define internal i32 @nilint(ptr %p)
define internal i32 @nilint(ptr %p) #0 {
  %i2 = ptrtoint ptr %p to i64
  %t = trunc i64 %i2 to i32
  ret i32 %t
}

; Null only, its value stored as a generic pointer and its load behind the
; null test: the cast-back rule keeps it generic, and the remark says the
; callers pass only null.
define internal i32 @nilkeep(ptr %p) #0 {
  store ptr %p, ptr addrspace(1) @keep, align 8
  %z = icmp eq ptr %p, null
  br i1 %z, label %n, label %l
l:
  %v = load i32, ptr %p, align 4
  ret i32 %v
n:
  ret i32 0
}

; The calls pass each null in its parameter's space.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:         call void @acc.as1_1_1(ptr addrspace(1) %o, ptr addrspace(1) %{{.*}}, ptr addrspace(1) null)
; CHECK:         [[GS:%.*]] = addrspacecast ptr addrspace(3) %s to ptr
; CHECK-NEXT:    call i32 @mix(ptr [[GS]])
; CHECK-NEXT:    call i32 @mix(ptr null)
; CHECK:         call i32 @nil(ptr addrspace(1) null, i32 %i)
; CHECK:         call i32 @nil(ptr addrspace(1) undef, i32 %i)
; CHECK:         call i32 @nilint(ptr null)
; AMD-LABEL: define amdgpu_kernel void @k(
; AMD:         call void @acc.as1_1_1(ptr addrspace(1) %o, ptr addrspace(1) %{{.*}}, ptr addrspace(1) null)
; AMD:         call i32 @mix(ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)))
; AMD:         call i32 @nil(ptr addrspace(1) null, i32 %i)
; AMD:         call i32 @nilint(ptr addrspace(1) null)
define ptx_kernel void @k(ptr %out, ptr %in, i32 %i) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %o = getelementptr inbounds i32, ptr %out, i32 %tid
  %s = getelementptr inbounds [16 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %s, align 4
  call void @acc(ptr %o, ptr %in, ptr null)
  %gs = addrspacecast ptr addrspace(3) %s to ptr
  %a = call i32 @mix(ptr %gs)
  %b = call i32 @mix(ptr null)
  %c = call i32 @nil(ptr null, i32 %i)
  %d = call i32 @nil(ptr undef, i32 %i)
  %g = call i32 @nilint(ptr null)
  %kk = call i32 @nilkeep(ptr null)
  %e0 = add i32 %a, %b
  %e = add i32 %e0, %g
  %f0 = add i32 %e, %c
  %f = add i32 %f0, %d
  %o4 = getelementptr inbounds i32, ptr %o, i32 16
  store i32 %f, ptr %o4, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { noinline }

; CHECK-LABEL: define internal void @acc.as1_1_1(ptr addrspace(1) %r, ptr addrspace(1) %a, ptr addrspace(1) %rzr)
; (its null test, used by its own block's branch, compares with global's 0)
; CHECK:         icmp ne ptr addrspace(1) %rzr, null
; CHECK:         load i32, ptr addrspace(1) %rzr
; CHECK:         store i32 %y, ptr addrspace(1) %rzr
; CHECK-LABEL: define internal i32 @nil(ptr addrspace(1) %p, i32 %i)
; CHECK:         load i32, ptr addrspace(1)
; AMD-LABEL: define internal i32 @nilint(ptr addrspace(1) %p)
; CHECK-LABEL: define internal i32 @mix(ptr %p)
; CHECK-NEXT:    %p.local = addrspacecast ptr %p to ptr addrspace(3)
; CHECK:         load i32, ptr addrspace(3) %p.local

; In the clone's final code every access is global, none generic.
; PTX-LABEL: .func acc_$_as1_1_1(
; PTX-NOT:     {{^}}{{[[:space:]]+}}{{ld|st}}.b32
; PTX:         ld.global.b32
; PTX:         st.global.b32
; PTX:         ld.global.b32
; PTX:         st.global.b32
; PTX-NOT:     {{^}}{{[[:space:]]+}}{{ld|st}}.b32
; PTX:         {{^}}}
