; NVPTX aligns the by-value aggregates, aggregates and vectors a local
; function passes to 16 bytes, and a non-local or address-taken one's to the
; ABI's; ptxas then allocates the callers otherwise (bench/pipeline
; saxpy_tmpl.cu: 32 bytes of stack where clang's build takes 8).
; externalize puts a function gasp made that passes such a value, whose root
; clang's build has non-local (!gasp.rootlink), in the module's ABI table
; (@gasp.abi, in llvm.compiler.used and section llvm.metadata, which llc
; leaves out of the PTX), so llc aligns it as for clang's build; the copies
; stay internal under their own names.  Copies passing only scalars and
; pointers, and copies of a local root, are left out.  Under
; --whole-program a retype in place is kept too.  Both builds compute what
; the input computes, a second run changes nothing (it drops the table
; before its first pass and makes it again).
; RUN: gasp-opt -S --clone-cost=0 -stats -stats-json %s -o %t.ll 2> %t.stats
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: llc-22 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: gasp-opt -S --clone-cost=0 --whole-program %s -o %t.wp.ll
; RUN: FileCheck %s --check-prefix=WP < %t.wp.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:8 --arg i32=3 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 1 --arg buf:i32:8 --arg i32=3 --check-as --compare %t.wp.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt -S --clone-cost=0 %t.ll -o - | grep -v ModuleID > %t.again.ll
; RUN: grep -v ModuleID %t.ll | diff -u - %t.again.ll
; RUN: gasp-opt -S --clone-cost=0 --whole-program %t.wp.ll -o - | grep -v ModuleID > %t.wp.again.ll
; RUN: grep -v ModuleID %t.wp.ll | diff -u - %t.wp.again.ll
; EXEC: identical
; CHECK: @gasp.abi = internal global [4 x ptr] [ptr @apply.as1_g, ptr @ext.as3, ptr @ext.as1, ptr @once.as1], section "llvm.metadata"
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @gasp.abi], section "llvm.metadata"
; CHECK-DAG: define internal void @apply.as1_g(ptr addrspace(1) %y, ptr byval(%struct.F) align 4 %f)
; CHECK-DAG: define internal void @ext.as3(ptr addrspace(3) %p, <2 x i32> %v)
; CHECK-DAG: define internal void @ext.as1(ptr addrspace(1) %p, <2 x i32> %v)
; CHECK-DAG: define internal void @plain.as1(ptr addrspace(1) %p, i32 %v)
; CHECK-DAG: define internal void @mine.as1_g(ptr addrspace(1) %p, ptr byval(%struct.F) align 4 %f)
; CHECK-DAG: define internal void @mine.as3_g(ptr addrspace(3) %p, ptr byval(%struct.F) align 4 %f)
; STATS: "externalize.abi": 4
; PTX-NOT: gasp.abi
; PTX-NOT: compiler.used
; PTX-DAG: .param .align 4 .b8 apply_$_as1_g_param_1[4]
; PTX-DAG: .param .align 8 .b8 ext_$_as3_param_1[8]
; PTX-DAG: .param .align 16 .b8 mine_$_as1_g_param_1[4]
; PTX-DAG: .param .align 16 .b8 mine_$_as3_g_param_1[4]
; WP: @gasp.abi = internal global [4 x ptr] [ptr @apply, ptr @ext.as3, ptr @ext.as1, ptr @once]
; WP-DAG: define internal void @apply(ptr addrspace(1) %y, ptr byval(%struct.F) align 4 %f)
; WP-DAG: define internal void @once(ptr addrspace(1) %p, [2 x i32] %v)
; WP-DAG: define internal void @plain(ptr addrspace(1) %p, i32 %v)
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.F = type { i32 }

@sh = internal addrspace(3) global [8 x i32] zeroinitializer, align 4

; A C++ template helper taking a functor by value, called with global memory:
; its copy is kept at the ABI's alignment, as clang's linkonce_odr original.
define linkonce_odr void @apply(ptr %y, ptr byval(%struct.F) align 4 %f) noinline {
  %a = load i32, ptr %f, align 4
  %v = load i32, ptr %y, align 4
  %s = add i32 %v, %a
  store i32 %s, ptr %y, align 4
  ret void
}

; An external helper taking a vector, called with shared and global memory: its
; two copies are kept, as the original is external.
define void @ext(ptr %p, <2 x i32> %v) noinline {
  %a = extractelement <2 x i32> %v, i32 0
  %b = extractelement <2 x i32> %v, i32 1
  %s = add i32 %a, %b
  store i32 %s, ptr %p, align 4
  ret void
}

; Scalars and pointers only: the back end lowers them alike either way, so
; the copy is not kept.
define linkonce_odr void @plain(ptr %p, i32 %v) noinline {
  store i32 %v, ptr %p, align 4
  ret void
}

; A local root: clang's build aligns its by-value struct to 16 as well, so
; its copies are not kept.
define internal void @mine(ptr %p, ptr byval(%struct.F) align 4 %f) noinline {
  %a = load i32, ptr %f, align 4
  store i32 %a, ptr %p, align 4
  ret void
}

; An array by value: copied, and under --whole-program retyped in place (one
; caller); kept either way.
define linkonce_odr void @once(ptr %p, [2 x i32] %v) noinline {
  %a = extractvalue [2 x i32] %v, 0
  store i32 %a, ptr %p, align 4
  ret void
}

; The kernel: a functor on its stack, a global buffer and the shared array.
define ptx_kernel void @k(ptr %y, i32 %a) {
  %f = alloca %struct.F, align 4
  store i32 %a, ptr %f, align 4
  call void @apply(ptr %y, ptr byval(%struct.F) align 4 %f)
  %sh = addrspacecast ptr addrspace(3) @sh to ptr
  %v0 = insertelement <2 x i32> poison, i32 %a, i32 0
  %v = insertelement <2 x i32> %v0, i32 3, i32 1
  call void @ext(ptr %sh, <2 x i32> %v)
  %y1 = getelementptr inbounds i32, ptr %y, i64 1
  call void @ext(ptr %y1, <2 x i32> %v)
  %y2 = getelementptr inbounds i32, ptr %y, i64 2
  call void @plain(ptr %y2, i32 %a)
  %y3 = getelementptr inbounds i32, ptr %y, i64 3
  call void @mine(ptr %y3, ptr byval(%struct.F) align 4 %f)
  call void @mine(ptr %sh, ptr byval(%struct.F) align 4 %f)
  %y5 = getelementptr inbounds i32, ptr %y, i64 5
  %arr = insertvalue [2 x i32] poison, i32 %a, 0
  %arr2 = insertvalue [2 x i32] %arr, i32 7, 1
  call void @once(ptr %y5, [2 x i32] %arr2)
  %l = load i32, ptr addrspace(3) @sh, align 4
  %y4 = getelementptr inbounds i32, ptr %y, i64 4
  store i32 %l, ptr %y4, align 4
  ret void
}
