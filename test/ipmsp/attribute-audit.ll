; The attribute audit (issue 71): what LLVM knew about a pointer before
; gasp cloned its function for a named space, it still knows after, on the
; clone's parameters, on the rewritten call sites and on the loads and
; stores now in a named space: noalias, readonly/writeonly, captures,
; dereferenceable(_or_null), align, noundef, range, !tbaa, !invariant.load,
; !alias.scope/!noalias and !nontemporal.  One thing must not stay:
; `nonnull` on a pointer now in NVPTX shared memory, where offset 0 is the
; first variable's address (the generic pointer was non-null, its shared
; offset need not be); in global memory the address is the generic one and
; `nonnull` stays.
; RUN: gasp-opt --clone-cost=8 -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=KERN < %t.ll
; RUN: gasp-run %s --kernel k --global 1 --arg buf:f32:64:iota --arg buf:f32:4 --arg i32=3 \
; RUN:   --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-opt --clone-cost=8 -S --whole-program %s | FileCheck %s --check-prefix=WP
; EXEC-LABEL: arg0: 64 x f32
; EXEC: identical
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x float] zeroinitializer, align 16

; Reads two floats through %p and writes their sum through %q: the clone
; for (global, global) keeps every attribute and every access's metadata;
; the clone for (shared, global) keeps them too but for %p's nonnull.
; CHECK-LABEL: define internal float @helper.as1_1(ptr addrspace(1) noalias noundef nonnull readonly align 16 captures(none) dereferenceable(64) %p, ptr addrspace(1) noundef nonnull writeonly align 8 dereferenceable_or_null(32) %q, i32 noundef range(i32 0, 64) %i)
; CHECK: load float, ptr addrspace(1) %a, align 4, !tbaa ![[TBAA:[0-9]+]], !invariant.load ![[EMPTY:[0-9]+]], !alias.scope ![[SA:[0-9]+]], !noalias ![[SB:[0-9]+]], !nontemporal ![[NT:[0-9]+]]
; CHECK: load float, ptr addrspace(1) %p, align 16, !tbaa ![[TBAA]], !noalias ![[SB]]
; CHECK: store float %s, ptr addrspace(1) %q, align 8, !tbaa ![[TBAA]], !alias.scope ![[SB]], !nontemporal ![[NT]]
; CHECK-LABEL: define internal float @helper.as3_1(ptr addrspace(3) noalias noundef readonly align 16 captures(none) dereferenceable(64) %p, ptr addrspace(1) noundef nonnull writeonly align 8 dereferenceable_or_null(32) %q, i32 noundef range(i32 0, 64) %i)
; CHECK: load float, ptr addrspace(3) %a, align 4, !tbaa ![[TBAA]], !invariant.load ![[EMPTY]], !alias.scope ![[SA]], !noalias ![[SB]], !nontemporal ![[NT]]
define internal float @helper(ptr noalias noundef nonnull readonly captures(none) align 16 dereferenceable(64) %p, ptr noundef writeonly nonnull align 8 dereferenceable_or_null(32) %q, i32 noundef range(i32 0, 64) %i) #0 {
entry:
  %idx = zext i32 %i to i64
  %a = getelementptr inbounds float, ptr %p, i64 %idx
  %v = load float, ptr %a, align 4, !tbaa !1, !invariant.load !4, !alias.scope !5, !noalias !8, !nontemporal !9
  %w = load float, ptr %p, align 16, !tbaa !1, !noalias !8
  %s = fadd float %v, %w
  store float %s, ptr %q, align 8, !tbaa !1, !nontemporal !9, !alias.scope !8
  ret float %s
}

; Calls the helper with its global input and with a shared table: the
; kernel's parameters keep theirs, the call sites keep theirs (range and
; dereferenceable included) but the shared argument's nonnull.
; KERN-LABEL: define ptx_kernel void @k(ptr noalias noundef readonly align 16 captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n)
; KERN: call float @helper.as1_1(ptr addrspace(1) noalias noundef nonnull readonly align 16 dereferenceable(64) %{{[0-9]+}}, ptr addrspace(1) noundef nonnull align 8 %{{[0-9]+}}, i32 noundef range(i32 0, 64) %n)
; KERN: call float @helper.as3_1(ptr addrspace(3) noalias noundef readonly align 16 dereferenceable(64) @sh, ptr addrspace(1) noundef nonnull align 8 %{{[0-9]+}}, i32 noundef %n)
; WP-LABEL: define ptx_kernel void @k(
; WP: call float @helper.as3_1(ptr addrspace(3) noalias noundef readonly align 16 dereferenceable(64) @sh,
define ptx_kernel void @k(ptr noalias noundef readonly captures(none) align 16 %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) {
entry:
  %sp = addrspacecast ptr addrspace(3) @sh to ptr
  store float 2.0, ptr %sp, align 16
  %r1 = call float @helper(ptr noalias noundef nonnull readonly align 16 dereferenceable(64) %in, ptr noundef nonnull align 8 %out, i32 noundef range(i32 0, 64) %n)
  %r2 = call float @helper(ptr noalias noundef nonnull readonly align 16 dereferenceable(64) %sp, ptr noundef nonnull align 8 %out, i32 noundef %n)
  %t = fadd float %r1, %r2
  %o1 = getelementptr inbounds float, ptr %out, i64 1
  store float %t, ptr %o1, align 4, !tbaa !1
  ret void
}

attributes #0 = { noinline nounwind }

!1 = !{!2, !2, i64 0}
!2 = !{!"float", !3, i64 0}
!3 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!4 = !{}
!5 = !{!6}
!6 = distinct !{!6, !7, !"scope_a"}
!7 = distinct !{!7, !"domain"}
!8 = !{!11}
!11 = distinct !{!11, !7, !"scope_b"}
!9 = !{i32 1}
