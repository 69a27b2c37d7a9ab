; Every kind of Missed remark names its real cause — the reason
; text, not a count.  The reasons come from the one space analysis
; (space.c): where two spaces meet it names the merge and the spaces; where
; something gasp cannot see comes in it names that value.  @global, @agg,
; @null and @dead are external helpers, so that static resolution
; (resolve.c) cannot prove their accesses global.
; RUN: gasp-opt --clone-cost=0 -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s
; RUN: gasp-opt --clone-cost=0 -pass-remarks-missed=gasp --volatile=keep %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEEP
target triple = "spir64-unknown-unknown"

@gv = addrspace(4) global i32 0
@table = internal addrspace(1) global ptr @taken

declare spir_func ptr addrspace(4) @ext()

; CHECK: remark: {{.*}}store stays generic: phi of different spaces (global, local)
; A phi of a local and a global pointer.
define spir_kernel void @phi(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c) {
entry:
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  br i1 %c, label %x, label %j
x:
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  br label %j
j:
  %p = phi ptr addrspace(4) [ %a, %entry ], [ %b, %x ]
  store i32 1, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: vector of pointers into different spaces (global, local)
; The lanes of a vector of pointers hold a local and a global pointer.
define spir_kernel void @lanes(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 %i) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %v0 = insertelement <2 x ptr addrspace(4)> poison, ptr addrspace(4) %a, i32 0
  %v1 = insertelement <2 x ptr addrspace(4)> %v0, ptr addrspace(4) %b, i32 1
  %p = extractelement <2 x ptr addrspace(4)> %v1, i32 %i
  store i32 2, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: indirect call: the function's address is taken (parameter 0 of @taken)
; A helper whose address is stored in a table.
define internal spir_func void @taken(ptr addrspace(4) %p) {
  store i32 3, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: externally visible function with no caller left in the module (parameter 0 of @nocaller)
; An external helper nothing in the module calls.
define spir_func void @nocaller(ptr addrspace(4) %p) {
  store i32 4, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: a caller passes a pointer of unknown space (parameter 0 of @mixed; @callmixed passes one)
; A helper called with a global pointer and with a pointer of unknown space.
define internal spir_func void @mixed(ptr addrspace(4) %p) {
  store i32 5, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: returned by a function whose return is not one space (@either)
; Calls @mixed twice and stores through what @either returns.
define spir_kernel void @callmixed(ptr addrspace(1) %g, ptr addrspace(4) %u, ptr addrspace(3) %l, i1 %c) {
  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @mixed(ptr addrspace(4) %x)
  call spir_func void @mixed(ptr addrspace(4) %u)
  %e = call spir_func ptr addrspace(4) @either(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c)
  store i32 6, ptr addrspace(4) %e, align 4
  ret void
}

; Returns a local or a global pointer.
define internal spir_func ptr addrspace(4) @either(ptr addrspace(3) %l, ptr addrspace(1) %g, i1 %c) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %b = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %s = select i1 %c, ptr addrspace(4) %a, ptr addrspace(4) %b
  ret ptr addrspace(4) %s
}

; CHECK: remark: {{.*}}store stays generic: global variable in the generic space (@gv)
; Stores to a variable that lives in the generic space.
define spir_func void @global() {
  store i32 7, ptr addrspace(4) @gv, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: taken out of an aggregate value (extractvalue)
; A pointer taken out of a struct value.
define spir_func void @agg({ ptr addrspace(4), i32 } %s) {
  %p = extractvalue { ptr addrspace(4), i32 } %s, 0
  store i32 8, ptr addrspace(4) %p, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: null or undef pointer
; A store through the generic null (an external helper: resolve cannot
; prove its pointers global).
define spir_func void @null() {
  store i32 9, ptr addrspace(4) null, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: in a block not reachable from the entry
; An access in a block no path reaches.
define spir_func void @dead(ptr addrspace(1) %g) {
entry:
  ret void
never:
  %x = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  store i32 10, ptr addrspace(4) %x, align 4
  ret void
}

; CHECK: remark: {{.*}}store stays generic: pointer from an opaque call (@ext; through a private slot)
; An opaque call's pointer kept in a private slot and reloaded.
define spir_kernel void @slot() {
  %s = alloca ptr addrspace(4), align 8
  %e = call spir_func ptr addrspace(4) @ext()
  store ptr addrspace(4) %e, ptr %s, align 8
  %p = load ptr addrspace(4), ptr %s, align 8
  store i32 11, ptr addrspace(4) %p, align 4
  ret void
}

; KEEP: remark: {{.*}}store stays generic: one space, not rewritten (a volatile access the target keeps generic, or infer did not run) (comes from local)
; A volatile store through a local pointer, with --volatile=keep.
define spir_kernel void @vol(ptr addrspace(3) %l) {
  %a = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  store volatile i32 12, ptr addrspace(4) %a, align 4
  ret void
}
