; The clone cost model.  A function that callers with different
; spaces would copy is copied only when the copies cost at most --clone-cost
; instructions per use of a pointer parameter they name (the target's limit
; by default: 1 on nvptx, amdgcn and spir).  Each extra copy costs
; the whole body once more in what kernels reach; where a generic access is
; native, a second copy of a body that names fewer uses than it has
; instructions is not made and every call keeps the original.
; RUN: gasp-opt -S %s -o %t.ll -stats -stats-json -pass-remarks-missed=ipmsp 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefixes=DEEP,NOSMALL < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: gasp-opt -S %s --clone-cost=2 -o %t.2.ll
; RUN: FileCheck %s < %t.2.ll
; RUN: FileCheck %s --check-prefixes=DEEP,SMALL < %t.2.ll
; RUN: gasp-opt -S %s --clone-cost=0 -o %t.0.ll
; RUN: FileCheck %s --check-prefix=ALL < %t.0.ll
; RUN: gasp-opt -S %s --clone-cost=40 -o %t.40.ll
; RUN: FileCheck %s --check-prefix=ALL < %t.40.ll
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' %s > %t.amd.ll
; RUN: gasp-opt -S %t.amd.ll --clone-cost=0 -o %t.amd.out.ll
; RUN: FileCheck %s --check-prefix=ALL < %t.amd.out.ll
; RUN: gasp-opt -S %t.amd.ll -o %t.amd.def.ll
; RUN: FileCheck %s --check-prefixes=DEEP,NOSMALL < %t.amd.def.ll
; RUN: not gasp-opt %s --clone-cost=-1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; The stays-generic reason of an access in a function declined for cost is
; the cost model (it said "callers pass different spaces"), and a callee
; whose only caller passes its own generic parameter says so.
; RUN: gasp-opt %s -o /dev/null -pass-remarks-missed=gasp 2>&1 | FileCheck %s --check-prefix=WHY
; WHY: {{.*}}load stays generic: callers pass different spaces, and a copy per space costs more than it names (--clone-cost) (parameter 0 of @big)
; WHY: {{.*}}load stays generic: a caller passes a pointer of unknown space (parameter 0 of @deep; @outer passes one)
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg local:32 --arg buf:i32:8 --check-as --compare %t.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %s --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg local:32 --arg buf:i32:8 --check-as --compare %t.0.ll | FileCheck %s --check-prefix=EXEC
; RUN: gasp-run %t.amd.ll --kernel k --global 8 --local 8 --arg buf:i32:8:iota --arg local:32 --arg buf:i32:8 --check-as --compare %t.amd.out.ll | FileCheck %s --check-prefix=EXEC
; EXEC: identical
; STATS: remark: {{.*}}not cloned: 1 more copy of its 39 instructions would name 2 uses (more than 1 instruction a use; --clone-cost)
; STATS: remark: {{.*}}not cloned: 1 more copy of its 3 instructions would name 2 uses (more than 1 instruction a use; --clone-cost)
; STATS: remark: {{.*}}not cloned: 1 more copy of its 2 instructions beside the original kept for outside callers would name 0 uses (more than 16 instructions a use; --clone-cost)
; STATS: "ipmsp.clones-too-costly": 3
; What the kernels reach is walked at most once a wave, and only in a wave
; where the count over every call refused a copy (then the copies in reached
; code are counted too: test/ipmsp/clone-cost-unreached.ll); @big's and
; @small's refusals come in two waves (@outer's, beside its kept original,
; needs no walk).
; STATS: "ipmsp.reach-walks": 2
; BAD: --clone-cost wants 0 (no limit) or a positive number of instructions, not '-1'
target triple = "nvptx64-nvidia-cuda"

; Called with a global and a shared pointer; 39 instructions for one load:
; one more copy would cost 39 instructions for 2 named uses (one a clone),
; more than 1 (or 2) a use, so both calls keep the generic original.
; CHECK-LABEL: define i32 @big(ptr %p, i32 %i)
; CHECK: load i32, ptr %
; CHECK-NOT: define {{.*}}@big.as
; ALL-DAG: define internal i32 @big.as1(ptr addrspace(1) %p, i32 %i)
; ALL-DAG: define internal i32 @big.as3(ptr addrspace(3) %p, i32 %i)
define i32 @big(ptr %p, i32 %i) {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %t0 = add i32 %v, 3
  %t1 = mul i32 %t0, 10
  %t2 = xor i32 %t1, 17
  %t3 = sub i32 %t2, 24
  %t4 = add i32 %t3, 31
  %t5 = mul i32 %t4, 38
  %t6 = xor i32 %t5, 45
  %t7 = sub i32 %t6, 52
  %t8 = add i32 %t7, 59
  %t9 = mul i32 %t8, 66
  %t10 = xor i32 %t9, 73
  %t11 = sub i32 %t10, 80
  %t12 = add i32 %t11, 87
  %t13 = mul i32 %t12, 94
  %t14 = xor i32 %t13, 101
  %t15 = sub i32 %t14, 108
  %t16 = add i32 %t15, 115
  %t17 = mul i32 %t16, 122
  %t18 = xor i32 %t17, 129
  %t19 = sub i32 %t18, 136
  %t20 = add i32 %t19, 143
  %t21 = mul i32 %t20, 150
  %t22 = xor i32 %t21, 157
  %t23 = sub i32 %t22, 164
  %t24 = add i32 %t23, 171
  %t25 = mul i32 %t24, 178
  %t26 = xor i32 %t25, 185
  %t27 = sub i32 %t26, 192
  %t28 = add i32 %t27, 199
  %t29 = mul i32 %t28, 206
  %t30 = xor i32 %t29, 213
  %t31 = sub i32 %t30, 220
  %t32 = add i32 %t31, 227
  %t33 = mul i32 %t32, 234
  %t34 = xor i32 %t33, 241
  %t35 = sub i32 %t34, 248
  ret i32 %t35
}

; The same two callers; a load and a return: a copy of 3 instructions for 2
; named uses pays under a limit of 2, not under the default 1.
; NOSMALL-NOT: define {{.*}}@small.as
; SMALL-DAG: define internal i32 @small.as1(ptr addrspace(1) %p, i32 %i)
; SMALL-DAG: define internal i32 @small.as3(ptr addrspace(3) %p, i32 %i)
; ALL-DAG: define internal i32 @small.as1(ptr addrspace(1) %p, i32 %i)
; ALL-DAG: define internal i32 @small.as3(ptr addrspace(3) %p, i32 %i)
define i32 @small(ptr %p, i32 %i) {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

; Visible outside and called by the kernel with global memory only.  The
; kernel would reach one body either way (the copy takes the original's
; place in its code), but the file keeps the original for outside callers:
; a copy is one more body there, paid for at 16 times the limit a use
; (SPECS_BESIDE).  @deep's 39 instructions for the one load it names (its
; call runs once) are more than 16 a use at the limits 1 and 2, so neither
; @deep nor the wrapper @outer is copied and the kernel keeps clang's call;
; at 40 (640 a use beside) both are.
; DEEP-DAG: call i32 @outer(ptr %g, i32 %id)
; DEEP-DAG: call i32 @deep(ptr %p, i32 %i)
; ALL-DAG: define internal i32 @outer.as1(ptr addrspace(1) %p, i32 %i)
; ALL-DAG: call i32 @deep.as1(ptr addrspace(1) %p, i32 %i)
; ALL-DAG: define internal i32 @deep.as1(ptr addrspace(1) %p, i32 %i)
define i32 @outer(ptr %p, i32 %i) {
  %r = call i32 @deep(ptr %p, i32 %i)
  ret i32 %r
}

define i32 @deep(ptr %p, i32 %i) {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %t0 = add i32 %v, 1
  %t1 = mul i32 %t0, 6
  %t2 = xor i32 %t1, 11
  %t3 = sub i32 %t2, 16
  %t4 = add i32 %t3, 21
  %t5 = mul i32 %t4, 26
  %t6 = xor i32 %t5, 31
  %t7 = sub i32 %t6, 36
  %t8 = add i32 %t7, 41
  %t9 = mul i32 %t8, 46
  %t10 = xor i32 %t9, 51
  %t11 = sub i32 %t10, 56
  %t12 = add i32 %t11, 61
  %t13 = mul i32 %t12, 66
  %t14 = xor i32 %t13, 71
  %t15 = sub i32 %t14, 76
  %t16 = add i32 %t15, 81
  %t17 = mul i32 %t16, 86
  %t18 = xor i32 %t17, 91
  %t19 = sub i32 %t18, 96
  %t20 = add i32 %t19, 101
  %t21 = mul i32 %t20, 106
  %t22 = xor i32 %t21, 111
  %t23 = sub i32 %t22, 116
  %t24 = add i32 %t23, 121
  %t25 = mul i32 %t24, 126
  %t26 = xor i32 %t25, 131
  %t27 = sub i32 %t26, 136
  %t28 = add i32 %t27, 141
  %t29 = mul i32 %t28, 146
  %t30 = xor i32 %t29, 151
  %t31 = sub i32 %t30, 156
  %t32 = add i32 %t31, 161
  %t33 = mul i32 %t32, 166
  %t34 = xor i32 %t33, 171
  %t35 = sub i32 %t34, 176
  ret i32 %t35
}

; Visible outside like @deep, 20 instructions for one load, but the
; kernel calls it in a loop: its one use weighs 16 (the call's loop depth),
; and 20 instructions for it pay beside the kept original at the default
; limit (16 x 1 x 16); straight-line, they would not (20 > 16).
; DEEP-DAG: define internal i32 @hot.as1(ptr addrspace(1) %p, i32 %i)
; DEEP-DAG: call i32 @hot.as1(ptr addrspace(1) %
define i32 @hot(ptr %p, i32 %i) {
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %t0 = add i32 %v, 3
  %t1 = mul i32 %t0, 10
  %t2 = xor i32 %t1, 17
  %t3 = sub i32 %t2, 24
  %t4 = add i32 %t3, 31
  %t5 = mul i32 %t4, 38
  %t6 = xor i32 %t5, 45
  %t7 = sub i32 %t6, 52
  %t8 = add i32 %t7, 59
  %t9 = mul i32 %t8, 66
  %t10 = xor i32 %t9, 73
  %t11 = sub i32 %t10, 80
  %t12 = add i32 %t11, 87
  %t13 = mul i32 %t12, 94
  %t14 = xor i32 %t13, 101
  %t15 = sub i32 %t14, 108
  %t16 = add i32 %t15, 115
  ret i32 %t16
}

; The kernel copies its global input into shared memory, then reads both
; through each helper, and calls @hot 4 times in a loop.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call i32 @big(ptr %
; CHECK: call i32 @big(ptr %
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(3) %sh, ptr addrspace(1) %out) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ig = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %ig, align 4
  %is = getelementptr inbounds i32, ptr addrspace(3) %sh, i32 %id
  store i32 %x, ptr addrspace(3) %is, align 4
  %g = addrspacecast ptr addrspace(1) %in to ptr
  %s = addrspacecast ptr addrspace(3) %sh to ptr
  %b1 = call i32 @big(ptr %g, i32 %id)
  %b2 = call i32 @big(ptr %s, i32 %id)
  %s1 = call i32 @small(ptr %g, i32 %id)
  %s2 = call i32 @small(ptr %s, i32 %id)
  %o = call i32 @outer(ptr %g, i32 %id)
  %r0 = add i32 %b1, %b2
  %r1 = add i32 %r0, %o
  %r2 = add i32 %s1, %s2
  %r3 = xor i32 %r1, %r2
  br label %loop

loop:
  %n = phi i32 [ 0, %0 ], [ %n1, %loop ]
  %acc = phi i32 [ %r3, %0 ], [ %acc1, %loop ]
  %h = call i32 @hot(ptr %g, i32 %n)
  %acc1 = add i32 %acc, %h
  %n1 = add i32 %n, 1
  %more = icmp ult i32 %n1, 4
  br i1 %more, label %loop, label %done

done:
  %io = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  store i32 %acc1, ptr addrspace(1) %io, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
