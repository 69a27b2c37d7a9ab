#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gen_ipmsp_module.py N_INSTR TRIPLE > out.ll — a module for ipmsp: groups
of one kernel and two internal helpers (45 instructions a group).  The
kernel calls helper A twice, with (global, local) and with (local, global)
generic pointers; A passes both pointers on to helper B.  So every helper is
reached with two space tuples and ipmsp must clone each one twice (A in the
first round, B in the second).  TRIPLE: nvptx64 (generic 0) or spir64
(generic 4)."""
import sys

n_instr = int(sys.argv[1])
triple = sys.argv[2] if len(sys.argv) > 2 else "nvptx64"
G = 0 if triple.startswith("nvptx") else 4
gp = "ptr" if G == 0 else "ptr addrspace(%d)" % G
kcc = "ptx_kernel" if G == 0 else "spir_kernel"
fcc = "" if G == 0 else "spir_func "

out = ['target triple = "%s"' % triple]
group = """define internal {fcc}i32 @b{i}({gp} %p, {gp} %q, i64 %n) {{
entry:
  %p0 = getelementptr inbounds i32, {gp} %p, i64 %n
  %v0 = load i32, {gp} %p0, align 4
  %q0 = getelementptr inbounds i32, {gp} %q, i64 {i}
  %v1 = load i32, {gp} %q0, align 4
  %s = add i32 %v0, %v1
  store i32 %s, {gp} %q0, align 4
  br label %loop
loop:
  %r = phi {gp} [ %p, %entry ], [ %r.next, %loop ]
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ %s, %entry ], [ %acc.next, %loop ]
  %x = load i32, {gp} %r, align 4
  %acc.next = add i32 %acc, %x
  %r.next = getelementptr inbounds i32, {gp} %r, i64 1
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %acc.next, {gp} %p, align 4
  ret i32 %acc.next
}}
define internal {fcc}i32 @a{i}({gp} %p, {gp} %q, i64 %n) {{
entry:
  %p1 = getelementptr inbounds i32, {gp} %p, i64 1
  %v0 = load i32, {gp} %p1, align 4
  %q1 = getelementptr inbounds i32, {gp} %q, i64 2
  %v1 = load i32, {gp} %q1, align 4
  %m = mul i32 %v0, %v1
  store i32 %m, {gp} %p, align 4
  %c = icmp sgt i32 %m, 0
  br i1 %c, label %then, label %else
then:
  %t = call {fcc}i32 @b{i}({gp} %p, {gp} %q, i64 %n)
  br label %join
else:
  %e = call {fcc}i32 @b{i}({gp} %q1, {gp} %p1, i64 %n)
  br label %join
join:
  %j = phi i32 [ %t, %then ], [ %e, %else ]
  %w = load i32, {gp} %q, align 4
  %z = add i32 %j, %w
  store i32 %z, {gp} %q, align 4
  %y = load i32, {gp} %p1, align 4
  %u = xor i32 %y, %z
  store i32 %u, {gp} %p1, align 4
  ret i32 %u
}}
define {kcc} void @k{i}(ptr addrspace(1) %g, ptr addrspace(3) %l, i64 %n) {{
entry:
  %gg = addrspacecast ptr addrspace(1) %g to {gp}
  %gl = addrspacecast ptr addrspace(3) %l to {gp}
  %x = call {fcc}i32 @a{i}({gp} %gg, {gp} %gl, i64 %n)
  %y = call {fcc}i32 @a{i}({gp} %gl, {gp} %gg, i64 %n)
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %g, align 4
  ret void
}}"""
per = 45  # instructions per group
for i in range(max(1, n_instr // per)):
    out.append(group.format(i=i, gp=gp, kcc=kcc, fcc=fcc))
print("\n".join(out))
