; The tag of a kernel's by-value struct (lower), without byvalcopy, which
; would copy it into private memory first (a struct over its size limit is
; not copied); with it, the output runs identically too.
; RUN: gasp-opt -S --lower-generic=tags --passes='internalize,infer,[fields,callsplit,ipmsp,memsum],resolve,lower,alias' %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt -S --lower-generic=tags %s -o %t.copy.ll
; RUN: gasp-run %s --kernel k --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.copy.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel w --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.copy.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel w --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel r --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.copy.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel r --global 4 --arg 'struct:i32=1;i32=2;i32=3;i32=4;f32=2.5' --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; Tags on NVPTX: a kernel's by-value struct parameter (a CUDA struct
; argument, an OpenCL struct kernel argument: `ptr byval` in the generic
; space) is private memory from birth — NVPTX's argument lowering gives a
; generic pointer to it a copy in local memory.  It is tagged private at
; the kernel's entry, as a device function's byval parameter is: the
; dispatch of an access through it takes the private arm and
; isspacep.local on it stays 1 (it took the global arm and answered 0).
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { [4 x i32], float }

; A helper reading through the pointer it is given.
define internal i32 @get(ptr %p, i32 %i) noinline {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

; The kernel hands its struct to the helper and asks whether it is local
; memory: its tag is private (001) from the entry on.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: ptrtoint ptr %s to i64
; CHECK-NEXT: {{%.*}} = and i64 {{%.*}}, 2305843009213693951
; CHECK-NEXT: {{%.*}} = or i64 {{%.*}}, 2305843009213693952
define ptx_kernel void @k(ptr byval(%S) align 4 %s, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %tid, 3
  %v = call i32 @get(ptr %s, i32 %i)
  %l = call i1 @llvm.nvvm.isspacep.local(ptr %s)
  %lz = zext i1 %l to i32
  %fp = getelementptr inbounds i8, ptr %s, i64 16
  %f = load float, ptr %fp, align 4
  %fi = fptosi float %f to i32
  %s1 = add i32 %v, %fi
  %s2 = mul i32 %lz, 10
  %s3 = add i32 %s1, %s2
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s3, ptr addrspace(1) %o, align 4
  ret void
}

; The kernel writes its own copy and reads it back through the helper.
define ptx_kernel void @w(ptr byval(%S) align 4 %s, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %tid, 3
  %a = getelementptr inbounds i32, ptr %s, i32 %i
  store i32 %tid, ptr %a, align 4
  %v = call i32 @get(ptr %s, i32 %i)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; An optnone kernel (clang -O0) that only reads its struct: infer leaves it
; alone, so its reads go through the generic address of the private copy
; and the parameter is tagged private (it was left untagged, as if infer
; had moved its reads into the parameter space: the global arm read it).
; Its tag is known whatever the address, so the read is named private with
; no switch (test/lower/known-tag.ll), and the tag, unused, goes.
; CHECK-LABEL: define ptx_kernel void @r(
; CHECK-NOT: switch
; CHECK: [[P:%.*]] = addrspacecast ptr %s to ptr addrspace(5)
; CHECK: %a = getelementptr inbounds [4 x i32], ptr addrspace(5) [[P]], i32 0, i32 %i
; CHECK-NEXT: %v = load i32, ptr addrspace(5) %a, align 4
; CHECK-NOT: switch
; CHECK: ret void
define ptx_kernel void @r(ptr byval(%S) align 4 %s, ptr addrspace(1) %out) noinline optnone {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = and i32 %tid, 3
  %a = getelementptr inbounds [4 x i32], ptr %s, i32 0, i32 %i
  %v = load i32, ptr %a, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i1 @llvm.nvvm.isspacep.local(ptr)
