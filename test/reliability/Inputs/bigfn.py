#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bigfn.py TARGET BLOCKS NAMELEN — a kernel calling a helper of BLOCKS
basic blocks (a loop around a chain of blocks, each an access through the
helper's generic pointer) whose name is NAMELEN characters long, once with
a global and once with a local pointer, so that gasp clones it (the clone
copies the name) and weighs the clone (dominators of the body): the shapes
of ../shared/repro/turn5 (pool_record_overflow.ll, long_name_clone.ll)
for any size and target.  Run: gasp-run --kernel k --global 1
--arg buf:i32:8:iota --arg i32=3."""
import sys

TARGETS = {  # triple, generic, kernel cc, function cc
    "spir64": ("spir64-unknown-unknown", 4, "spir_kernel", "spir_func "),
    "nvptx64": ("nvptx64-nvidia-cuda", 0, "ptx_kernel", ""),
    "amdgcn": ("amdgcn-amd-amdhsa", 0, "amdgpu_kernel", ""),
}
target, blocks, namelen = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
triple, gen, kcc, fcc = TARGETS[target]
G = "ptr" if gen == 0 else "ptr addrspace(%d)" % gen
stem = "_ZN9templated6detail"
name = (stem + "x" * max(0, namelen - len(stem) - 2) + "Ev")[:namelen] if namelen > 24 else \
    "h" + "y" * (namelen - 1)
chain = max(1, blocks - 3)  # entry, loop head and exit are the other three
out = ['target triple = "%s"' % triple,
       "@lds = internal addrspace(3) global [8 x i32] zeroinitializer, align 4",
       "define internal %si32 @%s(%s %%p, i32 %%c) noinline {" % (fcc, name, G),
       "entry:", "  br label %head", "head:",
       "  %i = phi i32 [ 0, %entry ], [ %i.next, %b" + str(chain - 1) + " ]",
       "  %a = phi i32 [ %c, %entry ], [ %s" + str(chain - 1) + ", %b" + str(chain - 1) + " ]",
       "  br label %b0"]
prev = "%a"
for k in range(chain):
    out += ["b%d:" % k,
            "  %%q%d = getelementptr inbounds i32, %s %%p, i32 %d" % (k, G, k % 4),
            "  %%v%d = load i32, %s %%q%d, align 4" % (k, G, k),
            "  %%s%d = add i32 %s, %%v%d" % (k, prev, k),
            "  store i32 %%s%d, %s %%q%d, align 4" % (k, G, k)]
    prev = "%%s%d" % k
    if k + 1 < chain:
        out.append("  br label %%b%d" % (k + 1))
out += ["  %i.next = add i32 %i, 1", "  %more = icmp ult i32 %i.next, 2",
        "  br i1 %more, label %head, label %exit", "exit:",
        "  ret i32 %s" % prev, "}",
        "define %s void @k(ptr addrspace(1) %%g, i32 %%c) {" % kcc, "entry:"]
if gen:
    out += ["  %%gg = addrspacecast ptr addrspace(1) %%g to %s" % G,
            "  %%lg = addrspacecast ptr addrspace(3) @lds to %s" % G]
else:
    out += ["  %gg = addrspacecast ptr addrspace(1) %g to ptr",
            "  %lg = addrspacecast ptr addrspace(3) @lds to ptr"]
out += ["  %%x = call %si32 @%s(%s %%gg, i32 %%c)" % (fcc, name, G),
        "  %%y = call %si32 @%s(%s %%lg, i32 %%x)" % (fcc, name, G),
        "  %o = getelementptr inbounds i32, ptr addrspace(1) %g, i32 4",
        "  store i32 %y, ptr addrspace(1) %o, align 4",
        "  ret void", "}"]
print("\n".join(out))
