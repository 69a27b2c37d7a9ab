; What memory may hold is proven for every write the module
; allows, or the load stays generic.  One module per case (the summary is
; module-wide).
; RUN: split-file %s %t
;
; A kernel stores a local pointer into a global buffer: global memory holds
; global (what the host wrote) and local pointers, so a pointer loaded from
; it stays generic.
; RUN: gasp-opt -S -pass-remarks-missed=gasp %t/leak.ll -o %t/leak.gasp.ll 2>&1 | FileCheck %s --check-prefix=LEAK
; RUN: FileCheck %s --check-prefix=LEAKIR < %t/leak.gasp.ll
; RUN: gasp-run %t/leak.ll --kernel leak --global 1 --local 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t/leak.gasp.ll | FileCheck %s --check-prefix=EXEC
; LEAK: remark: {{.*}}store stays generic: loaded from memory that holds different spaces (global, local; global written by the host; local stored in @leak)
; LEAKIR-LABEL: define spir_kernel void @leak(
; LEAKIR: store i32 7, ptr addrspace(4) %p
;
; The same kernel storing a global pointer instead: global memory holds
; only global pointers, and the access through the reloaded one is global.
; RUN: gasp-opt -S %t/global.ll -o %t/global.gasp.ll
; RUN: FileCheck %s --check-prefix=GLOBAL < %t/global.gasp.ll
; RUN: gasp-run %t/global.ll --kernel keep --global 1 --arg buf:i64:1 --arg buf:i32:1 --check-as --compare %t/global.gasp.ll | FileCheck %s --check-prefix=EXEC
; GLOBAL-LABEL: define spir_kernel void @keep(
; GLOBAL: store i32 7, ptr addrspace(1)
;
; A local table of pointers whose address goes to an external function:
; that function may write any pointer there.
; RUN: gasp-opt -S -pass-remarks-missed=gasp %t/escape.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ESCAPE
; ESCAPE: remark: {{.*}}store stays generic: pointer loaded from memory (local memory may hold a pointer gasp cannot see)
;
; A local pointer's bits stored as an integer into global memory: they may
; come back from any memory as a pointer.
; RUN: gasp-opt -S -pass-remarks-missed=gasp %t/exposed.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPOSED
; EXPOSED: remark: {{.*}}store stays generic: loaded from memory that holds different spaces (global, local; global written by the host; local stored in @exposed)
;
;
; Local pointers scattered into global memory by llvm.masked.scatter: the
; intrinsic's vector of pointers is stored somewhere gasp does not model.
; RUN: gasp-opt -S %t/scatter.ll -o - | FileCheck %s --check-prefix=SCATTER
; SCATTER-LABEL: define spir_kernel void @scatter(
; SCATTER: store i32 1, ptr addrspace(4) %p
;
; An externally visible helper may be given memory that code outside the
; module wrote: in the open world its load stays generic; under
; --whole-program no code outside calls it and the load is global (its
; linkage, internal while gasp's passes run, is clang's again at the end:
; externalize).
; RUN: gasp-opt -S %t/open.ll -o - | FileCheck %s --check-prefix=OPEN
; RUN: gasp-opt -S --whole-program %t/open.ll -o - | FileCheck %s --check-prefix=CLOSED
; OPEN-LABEL: define spir_func void @helper(
; OPEN: store i32 1, ptr addrspace(4) %p
; CLOSED-LABEL: define spir_func void @helper(
; CLOSED: store i32 1, ptr addrspace(1)
;
; A SPIR kernel's by-value object (SYCL's, as clang's SYCL device mode
; passes it) is private memory the host wrote global pointers into, even
; when the module takes the kernel's address (a table of kernels), where
; the finer model of its slots (memory.c) does not apply: private memory
; then holds global pointers beside the local one a kernel stores into its
; own object, and a pointer loaded from the object stays generic.  (Before,
; private memory held only that local pointer, and the load was named local.)
; RUN: gasp-opt -S -pass-remarks-missed=gasp %t/byval.ll -o %t/byval.gasp.ll 2>&1 | FileCheck %s --check-prefix=BYVAL
; RUN: FileCheck %s --check-prefix=BYVALIR < %t/byval.gasp.ll
; RUN: gasp-run %t/byval.ll --kernel reads --global 1 --arg 'struct:buf:i32:1' --check-as --compare %t/byval.gasp.ll | FileCheck %s --check-prefix=EXEC
; BYVAL: remark: {{.*}}store stays generic: {{.*}}global written by the host; local stored in @sets
; BYVALIR-LABEL: define spir_kernel void @reads(
; BYVALIR: store i32 7, ptr addrspace(4) %p
; EXEC: identical

;--- leak.ll
target triple = "spir64-unknown-unknown"
@tile = internal addrspace(3) global i32 0, align 4

; Stores a local pointer into global memory and writes through the reload.
define spir_kernel void @leak(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @tile to ptr addrspace(4)), ptr addrspace(1) %tab, align 8
  %p = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  store i32 7, ptr addrspace(4) %p, align 4
  %v = load i32, ptr addrspace(3) @tile, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  store i64 0, ptr addrspace(1) %tab, align 8 ; no address in the compared output
  ret void
}

;--- global.ll
target triple = "spir64-unknown-unknown"

; Stores a global pointer into global memory and writes through the reload.
define spir_kernel void @keep(ptr addrspace(1) %tab, ptr addrspace(1) %out) {
  %g = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  store ptr addrspace(4) %g, ptr addrspace(1) %tab, align 8
  %p = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  store i32 7, ptr addrspace(4) %p, align 4
  store i64 0, ptr addrspace(1) %tab, align 8 ; no address in the compared output
  ret void
}

;--- escape.ll
target triple = "spir64-unknown-unknown"
@tab = internal addrspace(3) global [2 x ptr addrspace(4)] undef, align 8
@tile = internal addrspace(3) global i32 0, align 4

declare spir_func void @fill(ptr addrspace(3))

; The table's address goes to @fill, which gasp cannot see.
define spir_kernel void @escape() {
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @tile to ptr addrspace(4)), ptr addrspace(3) @tab, align 8
  call spir_func void @fill(ptr addrspace(3) @tab)
  %p = load ptr addrspace(4), ptr addrspace(3) @tab, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

;--- exposed.ll
target triple = "spir64-unknown-unknown"
@tile = internal addrspace(3) global i32 0, align 4

; A local pointer's integer is stored into one global buffer; a pointer is
; loaded from another.
define spir_kernel void @exposed(ptr addrspace(1) %ints, ptr addrspace(1) %tab) {
  %c = addrspacecast ptr addrspace(3) @tile to ptr addrspace(4)
  %i = ptrtoint ptr addrspace(4) %c to i64
  %j = add i64 %i, 0
  store i64 %j, ptr addrspace(1) %ints, align 8
  %p = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

;--- scatter.ll
target triple = "spir64-unknown-unknown"
@tile = internal addrspace(3) global [2 x i32] undef, align 4

declare void @llvm.masked.scatter.v2p4.v2p1(<2 x ptr addrspace(4)>, <2 x ptr addrspace(1)>, i32, <2 x i1>)

; Scatters two local pointers into the table, then writes through one.
define spir_kernel void @scatter(ptr addrspace(1) %tab) {
  %l = addrspacecast ptr addrspace(3) @tile to ptr addrspace(4)
  %v0 = insertelement <2 x ptr addrspace(4)> poison, ptr addrspace(4) %l, i32 0
  %v1 = insertelement <2 x ptr addrspace(4)> %v0, ptr addrspace(4) %l, i32 1
  %a1 = getelementptr ptr addrspace(4), ptr addrspace(1) %tab, i64 1
  %w0 = insertelement <2 x ptr addrspace(1)> poison, ptr addrspace(1) %tab, i32 0
  %w1 = insertelement <2 x ptr addrspace(1)> %w0, ptr addrspace(1) %a1, i32 1
  call void @llvm.masked.scatter.v2p4.v2p1(<2 x ptr addrspace(4)> %v1, <2 x ptr addrspace(1)> %w1, i32 8, <2 x i1> <i1 true, i1 true>)
  %p = load ptr addrspace(4), ptr addrspace(1) %tab, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

;--- open.ll
target triple = "spir64-unknown-unknown"

; Visible outside: loads a pointer from the memory it is given.
define spir_func void @helper(ptr addrspace(1) %t) {
  %p = load ptr addrspace(4), ptr addrspace(1) %t, align 8
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; The module's only kernel passes a host buffer.
define spir_kernel void @k(ptr addrspace(1) %t) {
  call spir_func void @helper(ptr addrspace(1) %t)
  ret void
}

;--- byval.ll
target triple = "spir64-unknown-unknown"
%Obj = type { ptr addrspace(4) }
@tile = internal addrspace(3) global i32 0, align 4
@kernels = addrspace(1) global [2 x ptr] [ptr @reads, ptr @sets]

; Writes through the pointer its object holds.
define spir_kernel void @reads(ptr byval(%Obj) align 8 %o) {
  %p = load ptr addrspace(4), ptr %o, align 8
  store i32 7, ptr addrspace(4) %p, align 4
  ret void
}

; Puts a local pointer into its own object and writes through it.
define spir_kernel void @sets(ptr byval(%Obj) align 8 %o) {
  store ptr addrspace(4) addrspacecast (ptr addrspace(3) @tile to ptr addrspace(4)), ptr %o, align 8
  %p = load ptr addrspace(4), ptr %o, align 8
  store i32 3, ptr addrspace(4) %p, align 4
  ret void
}
