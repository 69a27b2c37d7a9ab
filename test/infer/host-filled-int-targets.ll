; infer's pointer-wide integer loads (host-filled-int.ll, on nvptx64) on
; the other targets.  amdgcn: a HIP kernel's by-reference struct lives in
; the constant kernel-argument segment, which only the host writes, so the
; i64 read from it and made a pointer by inttoptr is a global pointer, as a
; pointer load of it would be.  spir64: the table says nothing of what the
; host wrote into a by-value struct, so the integer read stays generic, as
; the pointer load of the same slot does.  Each output runs as its input.
; RUN: split-file %s %t
; RUN: gasp-opt --passes=infer -verify-each -S %t/amdgcn.ll -o %t/amdgcn.g.ll
; RUN: FileCheck %s --check-prefix=AMD < %t/amdgcn.g.ll
; RUN: gasp-run %t/amdgcn.ll --kernel functor --global 16 --arg i64=16 --arg 'struct:buf:i32:16;i32=3' --check-as --compare %t/amdgcn.g.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --passes=infer -verify-each -S %t/spir.ll -o %t/spir.g.ll
; RUN: FileCheck %s --check-prefix=SPIR < %t/spir.g.ll
; RUN: gasp-run %t/spir.ll --kernel functor --global 16 --local 16 --arg i64=16 --arg 'struct:buf:i32:16;i32=3' --check-as --compare %t/spir.g.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t/spir.ll --kernel pointer --global 16 --local 16 --arg i64=16 --arg 'struct:buf:i32:16;i32=3' --check-as --compare %t/spir.g.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical

;--- amdgcn.ll
target triple = "amdgcn-amd-amdhsa"

%Functor = type { ptr, i32 }

declare i32 @llvm.amdgcn.workitem.id.x()

; The functor's pointer, read as an i64 from the argument segment: global.
; AMD-LABEL: define amdgpu_kernel void @functor(
; AMD: %1 = addrspacecast ptr %p to ptr addrspace(1)
; AMD: store i32 %v, ptr addrspace(1)
; AMD: load i32, ptr addrspace(1)
define amdgpu_kernel void @functor(i64 %n, ptr addrspace(4) byref(%Functor) align 8 %f) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %x = load i64, ptr addrspace(4) %f, align 8
  %p = inttoptr i64 %x to ptr
  %vp = getelementptr inbounds i8, ptr addrspace(4) %f, i64 8
  %v = load i32, ptr addrspace(4) %vp, align 8
  %q = getelementptr i32, ptr %p, i32 %t
  store i32 %v, ptr %q, align 4
  %r = load i32, ptr %q, align 4
  %r2 = add i32 %r, 1
  store i32 %r2, ptr %q, align 4
  ret void
}

;--- spir.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%Functor = type { ptr addrspace(4), i32 }

declare i64 @_Z12get_local_idj(i32)

; The same struct by value: generic, read as an i64 or as a pointer.
; SPIR-LABEL: define spir_kernel void @functor(
; SPIR: store i32 %v, ptr addrspace(4)
; SPIR: load i32, ptr addrspace(4)
define spir_kernel void @functor(i64 %n, ptr byval(%Functor) align 8 %f) {
  %t = call i64 @_Z12get_local_idj(i32 0)
  %x = load i64, ptr %f, align 8
  %p = inttoptr i64 %x to ptr addrspace(4)
  %vp = getelementptr inbounds i8, ptr %f, i64 8
  %v = load i32, ptr %vp, align 8
  %q = getelementptr i32, ptr addrspace(4) %p, i64 %t
  store i32 %v, ptr addrspace(4) %q, align 4
  %r = load i32, ptr addrspace(4) %q, align 4
  %r2 = add i32 %r, 1
  store i32 %r2, ptr addrspace(4) %q, align 4
  ret void
}

; SPIR-LABEL: define spir_kernel void @pointer(
; SPIR: store i32 %v, ptr addrspace(4)
define spir_kernel void @pointer(i64 %n, ptr byval(%Functor) align 8 %f) {
  %t = call i64 @_Z12get_local_idj(i32 0)
  %p = load ptr addrspace(4), ptr %f, align 8
  %vp = getelementptr inbounds i8, ptr %f, i64 8
  %v = load i32, ptr %vp, align 8
  %q = getelementptr i32, ptr addrspace(4) %p, i64 %t
  store i32 %v, ptr addrspace(4) %q, align 4
  %r = load i32, ptr addrspace(4) %q, align 4
  %r2 = add i32 %r, 1
  store i32 %r2, ptr addrspace(4) %q, align 4
  ret void
}
