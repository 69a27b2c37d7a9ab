; The explicit-cast spellings gasp-run provides at run time: OpenCL's
; __to_*, the mangled to_*, the SPIR-V builtin functions and the
; llvm.spv.generic.cast.to.ptr.explicit intrinsic.  Work-item 0 passes a
; local pointer, work-item 1 a global one, work-item 2 a private one; each
; writes which casts returned non-null (bit 0 global, 1 local, 2 private)
; for the four spellings.
; RUN: rm -rf %t && gasp-run %s --kernel k --global 3 --arg buf:i32:12 --arg local:16 --check-as --dump %t
; RUN: od -An -t d4 -w16 -v %t/arg0.bin | FileCheck %s
; CHECK:      2 2 2 2
; CHECK-NEXT: 1 1 1 1
; CHECK-NEXT: 4 4 4 4
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func ptr addrspace(1) @__to_global(ptr addrspace(4))
declare spir_func ptr addrspace(3) @__to_local(ptr addrspace(4))
declare spir_func ptr @__to_private(ptr addrspace(4))
declare spir_func ptr addrspace(1) @_Z9to_globalPU3AS4v(ptr addrspace(4))
declare spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4))
declare spir_func ptr @_Z10to_privatePU3AS4v(ptr addrspace(4))
declare spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(ptr addrspace(4), i32)
declare spir_func ptr addrspace(3) @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(ptr addrspace(4), i32)
declare spir_func ptr @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(ptr addrspace(4), i32)
declare ptr addrspace(1) @llvm.spv.generic.cast.to.ptr.explicit.p1.p4(ptr addrspace(4))
declare ptr addrspace(3) @llvm.spv.generic.cast.to.ptr.explicit.p3.p4(ptr addrspace(4))
declare ptr @llvm.spv.generic.cast.to.ptr.explicit.p0.p4(ptr addrspace(4))

define internal i32 @bits(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr %p) {
  %a = icmp ne ptr addrspace(1) %g, null
  %b = icmp ne ptr addrspace(3) %l, null
  %c = icmp ne ptr %p, null
  %a1 = zext i1 %a to i32
  %b1 = zext i1 %b to i32
  %c1 = zext i1 %c to i32
  %b2 = shl i32 %b1, 1
  %c2 = shl i32 %c1, 2
  %s = or i32 %a1, %b2
  %r = or i32 %s, %c2
  ret i32 %r
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %loc) {
  %priv = alloca i32
  %id = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gl = addrspacecast ptr addrspace(3) %loc to ptr addrspace(4)
  %gg = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  %is0 = icmp eq i64 %id, 0
  %is1 = icmp eq i64 %id, 1
  %x = select i1 %is1, ptr addrspace(4) %gg, ptr addrspace(4) %gp
  %p = select i1 %is0, ptr addrspace(4) %gl, ptr addrspace(4) %x
  %g1 = call spir_func ptr addrspace(1) @__to_global(ptr addrspace(4) %p)
  %l1 = call spir_func ptr addrspace(3) @__to_local(ptr addrspace(4) %p)
  %p1 = call spir_func ptr @__to_private(ptr addrspace(4) %p)
  %r1 = call i32 @bits(ptr addrspace(1) %g1, ptr addrspace(3) %l1, ptr %p1)
  %g2 = call spir_func ptr addrspace(1) @_Z9to_globalPU3AS4v(ptr addrspace(4) %p)
  %l2 = call spir_func ptr addrspace(3) @_Z8to_localPU3AS4v(ptr addrspace(4) %p)
  %p2 = call spir_func ptr @_Z10to_privatePU3AS4v(ptr addrspace(4) %p)
  %r2 = call i32 @bits(ptr addrspace(1) %g2, ptr addrspace(3) %l2, ptr %p2)
  %g3 = call spir_func ptr addrspace(1) @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(ptr addrspace(4) %p, i32 5)
  %l3 = call spir_func ptr addrspace(3) @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(ptr addrspace(4) %p, i32 4)
  %p3 = call spir_func ptr @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(ptr addrspace(4) %p, i32 7)
  %r3 = call i32 @bits(ptr addrspace(1) %g3, ptr addrspace(3) %l3, ptr %p3)
  %g4 = call ptr addrspace(1) @llvm.spv.generic.cast.to.ptr.explicit.p1.p4(ptr addrspace(4) %p)
  %l4 = call ptr addrspace(3) @llvm.spv.generic.cast.to.ptr.explicit.p3.p4(ptr addrspace(4) %p)
  %p4 = call ptr @llvm.spv.generic.cast.to.ptr.explicit.p0.p4(ptr addrspace(4) %p)
  %r4 = call i32 @bits(ptr addrspace(1) %g4, ptr addrspace(3) %l4, ptr %p4)
  %base = mul i64 %id, 4
  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 %base
  store i32 %r1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o1, i64 1
  store i32 %r2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o1, i64 2
  store i32 %r3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %o1, i64 3
  store i32 %r4, ptr addrspace(1) %o4
  ret void
}
