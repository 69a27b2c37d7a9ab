#!/usr/bin/env python3
"""deep-geps.py N — a spir64 kernel storing through N nested constant GEPs."""
import sys
n = int(sys.argv[1])
# the nesting as its two halves (not the string wrapped once per level)
e = "getelementptr (i8, ptr addrspace(1) " * n + "@buf" + ", i64 0)" * n
sys.stdout.write('target triple = "spir64-unknown-unknown"\n'
                 "@buf = internal addrspace(1) global [4 x i32] zeroinitializer\n"
                 "define spir_kernel void @k(ptr addrspace(1) %out) {\n"
                 "  store i32 7, ptr addrspace(1) " + e + ", align 4\n"
                 "  %v = load i32, ptr addrspace(1) @buf, align 4\n"
                 "  store i32 %v, ptr addrspace(1) %out, align 4\n"
                 "  ret void\n}\n")
