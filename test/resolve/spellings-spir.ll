; RUN: gasp-opt -S --passes=resolve %s -o - | FileCheck %s
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --passes=resolve %s -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
; Every spir64 spelling of the explicit casts , applied to a
; generic pointer whose source is local: to_local gives the pointer back,
; to_global and to_private give null (the source decides, although the
; unknown @sink makes the reach "unknown").  A pointer of unknown source (@unknown's
; parameter, called from outside) keeps every call.
target triple = "spir64-unknown-unknown"

declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))
declare spir_func ptr addrspace(3) @__to_local(ptr addrspace(4))
declare spir_func ptr @__to_private(ptr addrspace(4))
declare spir_func ptr addrspace(1) @_Z9to_globalPU3AS4v(ptr addrspace(4))
declare spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4))
declare spir_func ptr @_Z10to_privatePU3AS4v(ptr addrspace(4))
declare spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(ptr addrspace(4), i32)
declare spir_func ptr addrspace(3) @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(ptr addrspace(4), i32)
declare spir_func ptr @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(ptr addrspace(4), i32)
declare ptr addrspace(1) @llvm.spv.generic.cast.to.ptr.explicit.p1(ptr addrspace(4))
declare ptr addrspace(3) @llvm.spv.generic.cast.to.ptr.explicit.p3(ptr addrspace(4))
declare ptr @llvm.spv.generic.cast.to.ptr.explicit.p0(ptr addrspace(4))
declare spir_func void @sink(ptr addrspace(1), ptr addrspace(3), ptr)

define spir_kernel void @k(ptr addrspace(3) %l) {
  %p = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %g1 = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %p)
  %l1 = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %p)
  %p1 = call spir_func ptr @__to_private(ptr addrspace(4) %p)
  call spir_func void @sink(ptr addrspace(1) %g1, ptr addrspace(3) %l1, ptr %p1)
  %g2 = call spir_func ptr addrspace(1) @_Z9to_globalPU3AS4v(ptr addrspace(4) %p)
  %l2 = call spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4) %p)
  %p2 = call spir_func ptr @_Z10to_privatePU3AS4v(ptr addrspace(4) %p)
  call spir_func void @sink(ptr addrspace(1) %g2, ptr addrspace(3) %l2, ptr %p2)
  %g3 = call spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(ptr addrspace(4) %p, i32 5)
  %l3 = call spir_func ptr addrspace(3) @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(ptr addrspace(4) %p, i32 4)
  %p3 = call spir_func ptr @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(ptr addrspace(4) %p, i32 7)
  call spir_func void @sink(ptr addrspace(1) %g3, ptr addrspace(3) %l3, ptr %p3)
  %g4 = call ptr addrspace(1) @llvm.spv.generic.cast.to.ptr.explicit.p1(ptr addrspace(4) %p)
  %l4 = call ptr addrspace(3) @llvm.spv.generic.cast.to.ptr.explicit.p3(ptr addrspace(4) %p)
  %p4 = call ptr @llvm.spv.generic.cast.to.ptr.explicit.p0(ptr addrspace(4) %p)
  call spir_func void @sink(ptr addrspace(1) %g4, ptr addrspace(3) %l4, ptr %p4)
  ret void
}

define spir_func void @unknown(ptr addrspace(4) %p) {
  %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %p)
  %l = call spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4) %p)
  %q = call ptr @llvm.spv.generic.cast.to.ptr.explicit.p0(ptr addrspace(4) %p)
  call spir_func void @sink(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %q)
  ret void
}

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT:     call {{.*}}to_
; CHECK-NOT:     GenericCast
; CHECK-NOT:     llvm.spv
; CHECK-COUNT-4: call spir_func void @sink(ptr addrspace(1) null, ptr addrspace(3) %l, ptr null)
; CHECK-LABEL: define spir_func void @unknown(
; CHECK:         %g = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %p)
; CHECK:         %l = call spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4) %p)
; CHECK:         %q = call ptr @llvm.spv.generic.cast.to.ptr.explicit.p0(ptr addrspace(4) %p)

; REMARK: remark: {{.*}}generic pointers may point to local,unknown; 12 explicit casts folded, 0 accesses made global
; REMARK-NOT: @unknown
