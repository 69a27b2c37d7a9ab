; The reason for an access left generic names what the
; pointer really came from: a direct invoke is a call of that function (not
; "an indirect call"), inline assembly is inline assembly, and a cast from
; an address space outside the table says so (not "a unknown" space).
; (infer rewrites the last store into addrspace(99), a space of its own to
; the lattice; with infer not run the reason is given.)
; RUN: gasp-opt -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s
; RUN: gasp-opt --passes=alias -pass-remarks-missed=gasp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOINFER
; CHECK: remark: {{.*}}store stays generic: pointer from an opaque call (@mk)
; CHECK-NEXT: remark: {{.*}}store stays generic: returned by inline assembly
; CHECK-NOT: remark:
; NOINFER: remark: {{.*}}store stays generic: cast from an address space the target table does not name (addrspace(99) on 'spir')
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(4) @mk()
declare i32 @pers(...)

; Three generic stores: through an invoke result, an asm result and a cast
; from addrspace(99).
define spir_kernel void @k(ptr addrspace(99) %q) personality ptr @pers {
  %p = invoke spir_func ptr addrspace(4) @mk() to label %ok unwind label %bad
ok:
  store i32 1, ptr addrspace(4) %p, align 4
  %a = call ptr addrspace(4) asm "mov $0", "=r"()
  store i32 2, ptr addrspace(4) %a, align 4
  %g = addrspacecast ptr addrspace(99) %q to ptr addrspace(4)
  store i32 3, ptr addrspace(4) %g, align 4
  ret void
bad:
  %lp = landingpad { ptr, i32 } cleanup
  ret void
}
