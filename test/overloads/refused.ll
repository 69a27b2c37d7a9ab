; RUN: gasp-opt -S -pass-remarks=overloads %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: gasp-opt -S %t.ll | FileCheck %s
; RUN: FileCheck %s --check-prefix=GONE < %t.ll
; RUN: gasp-opt -S -pass-remarks-missed=overloads %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED
; Calls the overloads pass leaves to the generic builtin, on spir64 (the
; SPIR-V translator's triple, which reads builtins by name as LLVM's SPIR-V
; back end does), and the one it renames; a second run changes nothing.
; REMARK: remark: {{.*}}1 builtin call takes its named-space overload
; REMARK-NOT: remark
; Each call left says why (Missed):
; MISSED: remark: {{.*}}atomic_load(int _Atomic volatile AS4*) keeps its generic pointers: OpenCL C declares no overload for those spaces (an atomic object in private or constant memory)
; MISSED: remark: {{.*}}atomic_fetch_add(int _Atomic volatile AS4*, int) keeps its generic pointers: its pointer argument 0 may point to more than one space: global, local
; MISSED: remark: {{.*}}fract(float, float AS4*) keeps its generic pointers: its pointer argument 1 comes from what gasp cannot see
; MISSED: remark: {{.*}}fract(float, float AS4*) keeps its generic pointers: its pointer argument 1 is null
; MISSED-NOT: remark
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; An atomic object in private memory: OpenCL C 3.0 declares no private
; overload of an atomic, so the generic one stays.
; CHECK-LABEL: define spir_func i32 @private_object(
; CHECK: call spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(ptr addrspace(4)
define spir_func i32 @private_object() {
  %a = alloca i32, align 4
  store i32 1, ptr %a, align 4
  %g = addrspacecast ptr %a to ptr addrspace(4)
  %r = call spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(ptr addrspace(4) %g)
  ret i32 %r
}

; A pointer of two spaces (a phi of a global and a local pointer).
; CHECK-LABEL: define spir_func i32 @two_spaces(
; CHECK: call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) %p, i32 1)
define spir_func i32 @two_spaces(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %ga = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  br label %j
b:
  %la = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  br label %j
j:
  %p = phi ptr addrspace(4) [ %ga, %a ], [ %la, %b ]
  %r = call spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4) %p, i32 1)
  ret i32 %r
}

; A pointer the function does not know (an external function's parameter),
; and the null pointer.
; CHECK-LABEL: define spir_func float @unknown(
; CHECK: call spir_func float @_Z5fractfPU3AS4f(float %x, ptr addrspace(4) %p)
; CHECK: call spir_func float @_Z5fractfPU3AS4f(float %x, ptr addrspace(4) null)
define spir_func float @unknown(float %x, ptr addrspace(4) %p) {
  %a = call spir_func float @_Z5fractfPU3AS4f(float %x, ptr addrspace(4) %p)
  %b = call spir_func float @_Z5fractfPU3AS4f(float %x, ptr addrspace(4) null)
  %s = fadd float %a, %b
  ret float %s
}

; A function that is no builtin of those families, handed a global pointer.
; CHECK-LABEL: define spir_func void @not_builtin(
; CHECK: call spir_func void @_Z3fooPU3AS4i(ptr addrspace(4) %c)
define spir_func void @not_builtin(ptr addrspace(1) %g) {
  %c = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  call spir_func void @_Z3fooPU3AS4i(ptr addrspace(4) %c)
  ret void
}

; A call whose function type is not its callee's (a prototype of its own):
; left as written.
; CHECK-LABEL: define spir_func <4 x float> @other_prototype(
; CHECK: call spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i32 %i, ptr addrspace(4) %c)
define spir_func <4 x float> @other_prototype(ptr addrspace(1) %g, i32 %i) {
  %c = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %v = call spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i32 %i, ptr addrspace(4) %c)
  ret <4 x float> %v
}

; The one renamed: a vload through a constant-memory pointer (constant is
; a vload's space too); the cast that only fed the call is gone, and so is
; the generic declaration nothing calls any more.
; GONE-NOT: _Z6vload2mPU3AS4Kf
; CHECK-LABEL: define spir_func <2 x float> @from_constant(
; CHECK-NOT: addrspacecast
; CHECK: call spir_func <2 x float> @_Z6vload2mPU3AS2Kf(i64 %i, ptr addrspace(2) %k)
define spir_func <2 x float> @from_constant(ptr addrspace(2) %k, i64 %i) {
  %c = addrspacecast ptr addrspace(2) %k to ptr addrspace(4)
  %v = call spir_func <2 x float> @_Z6vload2mPU3AS4Kf(i64 %i, ptr addrspace(4) %c)
  ret <2 x float> %v
}
; CHECK: declare spir_func <2 x float> @_Z6vload2mPU3AS2Kf(i64, ptr addrspace(2)) #[[A:[0-9]+]]
; CHECK: attributes #[[A]] = { nounwind willreturn memory(read) }

declare spir_func i32 @_Z11atomic_loadPU3AS4VU7_Atomici(ptr addrspace(4))
declare spir_func i32 @_Z16atomic_fetch_addPU3AS4VU7_Atomicii(ptr addrspace(4), i32)
declare spir_func float @_Z5fractfPU3AS4f(float, ptr addrspace(4))
declare spir_func void @_Z3fooPU3AS4i(ptr addrspace(4))
declare spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i64, ptr addrspace(4))
declare spir_func <2 x float> @_Z6vload2mPU3AS4Kf(i64, ptr addrspace(4)) #0

attributes #0 = { nounwind willreturn memory(read) }
