; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --lower-generic=tags --passes=lower %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -stats -stats-json --summary --lower-generic=tags --passes=lower %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; Runtime dispatch : every generic load, store, atomicrmw, cmpxchg
; and memory intrinsic becomes a switch on bits 61-63 with global as the
; default; each arm keeps alignment, volatility, ordering, syncscope and
; metadata; results join in a phi.  @k casts local and private pointers to
; generic, so @use gets a private (1) and a local (2) arm (spir64).
target triple = "spir64-unknown-unknown"

define internal spir_func i32 @use(ptr addrspace(4) %p, ptr addrspace(4) %q) {
entry:
  %v = load volatile i32, ptr addrspace(4) %p, align 8, !tbaa !0
  store atomic i32 %v, ptr addrspace(4) %q syncscope("workgroup") release, align 4
  %old = atomicrmw add ptr addrspace(4) %p, i32 1 syncscope("workgroup") monotonic, align 4
  %pair = cmpxchg weak ptr addrspace(4) %q, i32 0, i32 %old acq_rel monotonic, align 4
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 4 %q, ptr addrspace(4) align 4 %p, i64 4, i1 false)
  %r = extractvalue { i32, i1 } %pair, 0
  ret i32 %r
}

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %priv = alloca i32, align 4
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  %r = call spir_func i32 @use(ptr addrspace(4) %gp, ptr addrspace(4) %gl)
  store i32 %r, ptr addrspace(1) %g, align 4
  ret void
}

declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4), ptr addrspace(4), i64, i1)
!0 = !{!"int", !1}
!1 = !{!"tbaa root"}

; CHECK-LABEL: define internal spir_func i32 @use(
; CHECK:       entry:
; CHECK-NEXT:    [[I:%.*]] = ptrtoint ptr addrspace(4) %p to i64
; CHECK-NEXT:    %tag = lshr i64 [[I]], 61
; CHECK-NEXT:    switch i64 %tag, label %gen.global [
; CHECK-NEXT:      i64 2, label %gen.local
; CHECK-NEXT:      i64 1, label %gen.private
; CHECK-NEXT:    ]
; Each arm clears the tag of the head's ptrtoint.
; CHECK:       gen.local:
; CHECK-NEXT:    [[B:%.*]] = shl i64 [[I]], 4
; CHECK-NEXT:    [[C:%.*]] = ashr i64 [[B]], 4
; CHECK-NEXT:    [[U:%.*]] = inttoptr i64 [[C]] to ptr addrspace(4)
; CHECK-NEXT:    [[L:%.*]] = addrspacecast ptr addrspace(4) [[U]] to ptr addrspace(3)
; CHECK-NEXT:    [[VL:%.*]] = load volatile i32, ptr addrspace(3) [[L]], align 8, !tbaa
; CHECK:       gen.private:
; CHECK:         [[P:%.*]] = addrspacecast ptr addrspace(4) {{.*}} to ptr
; CHECK-NEXT:    [[VP:%.*]] = load volatile i32, ptr [[P]], align 8, !tbaa
; CHECK:       gen.global:
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(4) %p to ptr addrspace(1)
; CHECK-NEXT:    [[VG:%.*]] = load volatile i32, ptr addrspace(1) [[G]], align 8, !tbaa
; CHECK:         %v = phi i32 [ [[VL]], %gen.local ], [ [[VP]], %gen.private ], [ [[VG]], %gen.global ]
; CHECK:         store atomic i32 %v, ptr addrspace(3) {{.*}} syncscope("workgroup") release, align 4
; CHECK:         store atomic i32 %v, ptr {{.*}} syncscope("workgroup") release, align 4
; CHECK:         store atomic i32 %v, ptr addrspace(1) {{.*}} syncscope("workgroup") release, align 4
; CHECK:         atomicrmw add ptr addrspace(3) {{.*}}, i32 1 syncscope("workgroup") monotonic, align 4
; CHECK:         atomicrmw add ptr {{.*}}, i32 1 syncscope("workgroup") monotonic, align 4
; CHECK:         atomicrmw add ptr addrspace(1) {{.*}}, i32 1 syncscope("workgroup") monotonic, align 4
; CHECK:         %old = phi i32
; CHECK:         cmpxchg weak ptr addrspace(3) {{.*}}, i32 0, i32 %old acq_rel monotonic, align 4
; CHECK:         %pair = phi { i32, i1 }
; A memcpy of two generic pointers: a switch on the destination, one on
; the source in each of its arms (nine copies).
; CHECK:         call void @llvm.memcpy.p3.p3.i64(ptr addrspace(3) align 4
; CHECK:         call void @llvm.memcpy.p3.p0.i64(
; CHECK:         call void @llvm.memcpy.p3.p1.i64(
; CHECK:         call void @llvm.memcpy.p0.p3.i64(
; CHECK:         call void @llvm.memcpy.p1.p1.i64(
; CHECK:         %r = extractvalue { i32, i1 } %pair, 0
; CHECK-NOT:   ptr addrspace(4) align
; Tags on cast to generic: private 001 (no null check for an alloca),
; local 010 with null kept null.
; CHECK-LABEL: define spir_kernel void @k(
; CHECK:         %gp = addrspacecast ptr %priv to ptr addrspace(4)
; CHECK-NEXT:    [[PI:%.*]] = ptrtoint ptr addrspace(4) %gp to i64
; CHECK-NEXT:    [[PC:%.*]] = and i64 [[PI]], 2305843009213693951
; CHECK-NEXT:    [[PO:%.*]] = or i64 [[PC]], 2305843009213693952
; CHECK-NEXT:    %tagged = inttoptr i64 [[PO]] to ptr addrspace(4)
; CHECK-NEXT:    %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
; CHECK-NEXT:    [[LI:%.*]] = ptrtoint ptr addrspace(4) %gl to i64
; CHECK-NEXT:    [[LC:%.*]] = and i64 [[LI]], 2305843009213693951
; CHECK-NEXT:    [[LO:%.*]] = or i64 [[LC]], 4611686018427387904
; CHECK-NEXT:    %tagged1 = inttoptr i64 [[LO]] to ptr addrspace(4)
; CHECK-NEXT:    [[NN:%.*]] = icmp ne ptr addrspace(3) %l, null
; CHECK-NEXT:    %tagged2 = select i1 [[NN]], ptr addrspace(4) %tagged1, ptr addrspace(4) %gl
; CHECK-NEXT:    call spir_func i32 @use(ptr addrspace(4) %tagged, ptr addrspace(4) %tagged2)
; CHECK-NOT:   declare {{.*}}@llvm.memcpy.p4

; REMARK: remark: {{.*}}5 of 5 generic accesses need a runtime dispatch, 8 switches (arms: local, private, global)
; STATS-DAG: "lower.casts-tagged": 2
; STATS-DAG: "lower.dispatches": 5
; STATS-DAG: "lower.switches": 8
; STATS-DAG: generic memory ops after: 0
