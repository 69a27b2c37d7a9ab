#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gen_module.py N_INSTR TRIPLE > out.ll — a module of many small functions
(about 40 instructions each) full of generic pointers: casts from local and
global, GEP chains, a pointer loop phi, selects, loads and stores.
TRIPLE: nvptx64 (generic 0) or spir64 (generic 4)."""
import sys

n_instr = int(sys.argv[1])
triple = sys.argv[2] if len(sys.argv) > 2 else "nvptx64"
G = 0 if triple.startswith("nvptx") else 4
gp = "ptr" if G == 0 else "ptr addrspace(%d)" % G

out = []
out.append('target triple = "%s"' % triple)
out.append("@lds = internal addrspace(3) global [256 x i32] poison")
body = """define void @f{i}(ptr addrspace(1) %g, ptr addrspace(3) %l, i64 %n, i1 %c) {{
entry:
  %gg = addrspacecast ptr addrspace(1) %g to {gp}
  %gl = addrspacecast ptr addrspace(3) %l to {gp}
  %a = getelementptr inbounds i32, {gp} %gg, i64 {i}
  %b = getelementptr inbounds i32, {gp} %gl, i64 %n
  %v0 = load i32, {gp} %a, align 4
  %v1 = load i32, {gp} %b, align 4
  %s = add i32 %v0, %v1
  store i32 %s, {gp} %a, align 4
  %sel = select i1 %c, {gp} %a, {gp} %gg
  %v2 = load i32, {gp} %sel, align 4
  %mix = select i1 %c, {gp} %a, {gp} %b
  %v3 = load i32, {gp} %mix, align 4
  %t = add i32 %v2, %v3
  br label %loop
loop:
  %p = phi {gp} [ %gl, %entry ], [ %p.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %x = load i32, {gp} %p, align 4
  %acc.next = add i32 %acc, %x
  store i32 %acc.next, {gp} %p, align 4
  %p.next = getelementptr inbounds i32, {gp} %p, i64 1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %q = getelementptr inbounds i32, {gp} %gg, i64 %n
  store i32 %acc.next, {gp} %q, align 4
  %r = getelementptr inbounds [256 x i32], {gp} addrspacecast (ptr addrspace(3) @lds to {gp}), i64 0, i64 %n
  %w = load i32, {gp} %r, align 4
  %z = add i32 %w, %acc.next
  store i32 %z, {gp} %b, align 4
  ret void
}}"""
per = 32  # instructions per function
for i in range(max(1, n_instr // per)):
    out.append(body.format(i=i, gp=gp))
print("\n".join(out))
