#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gen_chain.py N_HELPERS > out.ll — the chain module (nvptx64): one
call chain of N internal helpers.  Each helper takes two generic pointers,
reads and writes through both (18 generic accesses, 56 instructions) and
calls the next helper with the two pointers swapped.  The kernel calls the
first helper once with (global, shared) and once with (private, global), so
every level of the chain is reached with two tuples of spaces and needs two
clones: 2 x N clones, N levels deep.  Every access is resolvable.
--named keeps value names (%pa0, %va0, ...); without it the values are
numbered, as clang's release builds emit them (names cost: a copied clone
copies them into its symbol table)."""
import sys

n = int(sys.argv[1])
named = "--named" in sys.argv[2:]
out = ['target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"',
       'target triple = "nvptx64-nvidia-cuda"',
       "",
       "@tile = internal addrspace(3) global [64 x i32] undef, align 4",
       ""]
helper = """define internal i32 @h{i}(ptr %p, ptr %q, i32 %n) {{
entry:
{body}  %sum = add i32 %acc8, %n
  %more = icmp ult i32 %n, 4096
  br i1 %more, label %call, label %done
call:
  %n2 = add i32 %n, 1
  %r = call i32 @h{j}(ptr %q, ptr %p, i32 %n2)
  %t = add i32 %sum, %r
  ret i32 %t
done:
  ret i32 %sum
}}
"""
last = """define internal i32 @h{i}(ptr %p, ptr %q, i32 %n) {{
entry:
{body}  %sum = add i32 %acc8, %n
  ret i32 %sum
}}
"""
body = []
acc = "%n"
for k in range(9):
    body.append("  %%pa%d = getelementptr inbounds i32, ptr %%p, i32 %d\n" % (k, k))
    body.append("  %%va%d = load i32, ptr %%pa%d, align 4\n" % (k, k))
    body.append("  %%qa%d = getelementptr inbounds i32, ptr %%q, i32 %d\n" % (k, k + 1))
    body.append("  %%x%d = mul i32 %%va%d, %d\n" % (k, k, k + 3))
    body.append("  store i32 %%x%d, ptr %%qa%d, align 4\n" % (k, k))
    body.append("  %%acc%d = add i32 %s, %%x%d\n" % (k, acc, k))
    acc = "%%acc%d" % k
body = "".join(body)
for i in range(n):
    tmpl = helper if i + 1 < n else last
    out.append(tmpl.format(i=i, j=i + 1, body=body))
out.append("""define ptx_kernel void @chain(ptr addrspace(1) %g, ptr addrspace(1) %out) {
entry:
  %priv = alloca [64 x i32], align 4
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %ll = addrspacecast ptr addrspace(3) @tile to ptr
  %a = call i32 @h0(ptr %gg, ptr %ll, i32 0)
  %b = call i32 @h0(ptr %priv, ptr %gg, i32 0)
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
""")
text = "\n".join(out)
if not named:  # number every local value of each function, as clang does
    import re
    funcs = text.split("\ndefine ")
    res = [funcs[0]]
    for f in funcs[1:]:
        names, k = {}, 0
        params = re.match(r"[^(]*\(([^)]*)\)", f).group(1)
        for p in re.findall(r"%([A-Za-z_][\w.]*)", params):
            names[p] = str(k)
            k += 1
        for m in re.finditer(r"^  %([A-Za-z_][\w.]*) = ", f, re.M):
            names[m.group(1)] = str(k)
            k += 1
        f = re.sub(r"%([A-Za-z_][\w.]*)", lambda m: "%" + names.get(m.group(1), m.group(1)), f)
        res.append(f)
    text = "\ndefine ".join(res)
sys.stdout.write(text)
