; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp -S --passes=alias %s -o - 2>&1 | FileCheck %s
; Idempotence: a second run adds nothing (uniqued nodes, already listed).
; RUN: gasp-opt -S --passes=alias - -o %t1.ll < %s 2>/dev/null
; RUN: gasp-opt -S --passes=alias - -o %t2.ll < %t1.ll 2>/dev/null
; RUN: diff %t1.ll %t2.ll
; RUN: gasp-opt -pass-remarks=. -pass-remarks-analysis=. -pass-remarks-missed=ipmsp --passes=alias -stats -stats-json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; The alias pass on spir64 (global 1, constant 2, local 3, private 0,
; generic 4): every access whose pointers are all in named spaces gets its
; classes as !alias.scope and every other class as !noalias; generic ones
; get none; a memcpy between two spaces carries both; existing scoped
; metadata is kept and extended.
target triple = "spir64-unknown-unknown"

@cst = addrspace(2) constant i32 5

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(4) %p) {
  %priv = alloca [4 x i32], align 4
  %v = load i32, ptr addrspace(1) %g, align 4
  store i32 %v, ptr addrspace(3) %l, align 4
  store i32 %v, ptr %priv, align 4
  %c = load i32, ptr addrspace(2) @cst, align 4
  %x = load i32, ptr addrspace(4) %p, align 4
  %old = atomicrmw add ptr addrspace(1) %g, i32 %c seq_cst, align 4
  %pair = cmpxchg ptr addrspace(3) %l, i32 0, i32 1 seq_cst seq_cst, align 4
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) %l, ptr addrspace(1) %g, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %priv, i8 0, i64 16, i1 false)
  call void @llvm.memcpy.p1.p4.i64(ptr addrspace(1) %g, ptr addrspace(4) %p, i64 16, i1 false)
  %y = load i32, ptr addrspace(1) %g, align 4, !alias.scope !0, !noalias !3
  ret void
}

declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p1.p4.i64(ptr addrspace(1), ptr addrspace(4), i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; a front end's own domain (as inlining a noalias argument leaves it)
!0 = !{!1}
!1 = distinct !{!1, !2, !"k: %a"}
!2 = distinct !{!2, !"k"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"k: %b"}

; CHECK: remark: {{.*}}9 of 11 memory accesses carry address-space scopes (2 generic)
; CHECK-LABEL: define spir_kernel void @k(
; CHECK:  %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[G:![0-9]+]], !noalias [[NOTG:![0-9]+]]
; CHECK:  store i32 %v, ptr addrspace(3) %l, align 4, !alias.scope [[L:![0-9]+]], !noalias [[NOTL:![0-9]+]]
; CHECK:  store i32 %v, ptr %priv, align 4, !alias.scope [[P:![0-9]+]], !noalias [[NOTP:![0-9]+]]
; CHECK:  %c = load i32, ptr addrspace(2) @cst, align 4, !alias.scope [[C:![0-9]+]], !noalias [[NOTC:![0-9]+]]
; CHECK:  %x = load i32, ptr addrspace(4) %p, align 4{{$}}
; CHECK:  atomicrmw add ptr addrspace(1) %g, i32 %c seq_cst, align 4, !alias.scope [[G]], !noalias [[NOTG]]
; CHECK:  cmpxchg ptr addrspace(3) %l, i32 0, i32 1 seq_cst seq_cst, align 4, !alias.scope [[L]], !noalias [[NOTL]]
; CHECK:  call void @llvm.memcpy.p3.p1.i64({{.*}}), !alias.scope [[GL:![0-9]+]], !noalias [[NOTGL:![0-9]+]]
; CHECK:  call void @llvm.memset.p0.i64({{.*}}), !alias.scope [[P]], !noalias [[NOTP]]
; CHECK:  call void @llvm.memcpy.p1.p4.i64({{.*}} i1 false){{$}}
; CHECK:  %y = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[OLDG:![0-9]+]], !noalias [[OLDN:![0-9]+]]
; CHECK-DAG: [[DOM:![0-9]+]] = !{!"gasp.as"}
; CHECK-DAG: [[SG:![0-9]+]] = !{!"gasp.as.global", [[DOM]]}
; CHECK-DAG: [[SL:![0-9]+]] = !{!"gasp.as.local", [[DOM]]}
; CHECK-DAG: [[SP:![0-9]+]] = !{!"gasp.as.private", [[DOM]]}
; CHECK-DAG: [[SC:![0-9]+]] = !{!"gasp.as.constant", [[DOM]]}
; CHECK-DAG: [[G]] = !{[[SG]]}
; CHECK-DAG: [[NOTG]] = !{[[SL]], [[SP]], [[SC]]}
; CHECK-DAG: [[L]] = !{[[SL]]}
; CHECK-DAG: [[NOTL]] = !{[[SG]], [[SP]], [[SC]]}
; CHECK-DAG: [[P]] = !{[[SP]]}
; CHECK-DAG: [[NOTP]] = !{[[SG]], [[SL]], [[SC]]}
; CHECK-DAG: [[C]] = !{[[SC]]}
; CHECK-DAG: [[NOTC]] = !{[[SG]], [[SL]], [[SP]]}
; CHECK-DAG: [[GL]] = !{[[SG]], [[SL]]}
; CHECK-DAG: [[NOTGL]] = !{[[SP]], [[SC]]}
; the existing lists come first, gasp's scopes after them
; CHECK-DAG: [[OLDG]] = !{[[A:![0-9]+]], [[SG]]}
; CHECK-DAG: [[OLDN]] = !{[[B:![0-9]+]], [[SL]], [[SP]], [[SC]]}
; CHECK-DAG: [[A]] = distinct !{[[A]], [[KD:![0-9]+]], !"k: %a"}
; CHECK-DAG: [[B]] = distinct !{[[B]], [[KD]], !"k: %b"}

; STATS: "alias.accesses-generic": 2
; STATS: "alias.accesses-merged": 1
; STATS: "alias.accesses-scoped": 9
