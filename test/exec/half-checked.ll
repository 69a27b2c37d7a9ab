; vload_half and vstore_half[_rte] are checked sites (builtins.c half_mem,
; prep.c): their 2 bytes at p + 2 * offset are checked against the space the
; pointer claims and counted among the other accesses, as an atomic's are.
; @ok stores 1.5 at half 3, loads it back and stores it doubled at half 1:
; three accesses, the halves 0x3e00 and 0x4200.
; RUN: rm -rf %t && gasp-run %s --kernel ok --global 1 --check-as --count --arg buf:i16:4 --dump %t | FileCheck %s --check-prefix=OK
; RUN: od -An -t x2 %t/arg0.bin | FileCheck %s --check-prefix=HALVES
; OK: accesses: loads=0 stores=0 other=3 generic=0
; HALVES: 0000 4200 0000 3e00

; @bad stores through local memory claimed to be global: exit 3, the
; violation named at the call, at the local array's half 5 (byte 10).
; RUN: gasp-run %s --kernel bad --global 1 --check-as --arg buf:i16:4; test $? = 3
; RUN: not gasp-run %s --kernel bad --global 1 --check-as --arg buf:i16:4 2>&1 | FileCheck %s --check-prefix=BAD
; BAD:      address-space violation work-item (0,0,0) of group (0,0,0)
; BAD-NEXT:   in @bad: call spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float 1.000000e+00, i64 5, ptr addrspace(1) %q)
; BAD-NEXT:   claimed space: global (addrspace 1)
; BAD-NEXT:   actual space: local
; BAD-NEXT:   address: 0x{{[0-9a-f]*}}00a (local)

; @past loads far past the buffer: reported at the load, before it faults.
; RUN: not gasp-run %s --kernel past --global 1 --check-as --arg buf:i16:4 2>&1 | FileCheck %s --check-prefix=PAST
; PAST:      in @past: %v = call spir_func float @_Z10vload_halfmPU3AS1KDh(i64 100000000, ptr addrspace(1) %g)
; PAST-NEXT:   claimed space: global (addrspace 1)
; PAST-NEXT:   actual space: none
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global [8 x i16] undef

declare spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float, i64, ptr addrspace(1))
declare spir_func float @_Z10vload_halfmPU3AS1KDh(i64, ptr addrspace(1))

define spir_kernel void @ok(ptr addrspace(1) %g) {
  call spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float 1.5, i64 3, ptr addrspace(1) %g)
  %v = call spir_func float @_Z10vload_halfmPU3AS1KDh(i64 3, ptr addrspace(1) %g)
  %w = fmul float %v, 2.0
  call spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float %w, i64 1, ptr addrspace(1) %g)
  ret void
}

define spir_kernel void @bad(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(3) @lds to ptr addrspace(4)
  %q = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
  call spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float 1.0, i64 5, ptr addrspace(1) %q)
  ret void
}

define spir_kernel void @past(ptr addrspace(1) %g) {
  %v = call spir_func float @_Z10vload_halfmPU3AS1KDh(i64 100000000, ptr addrspace(1) %g)
  call spir_func void @_Z15vstore_half_rtefmPU3AS1Dh(float %v, i64 0, ptr addrspace(1) %g)
  ret void
}
