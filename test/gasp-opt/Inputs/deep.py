"""deep.py N OUT — a spir64 kernel storing through a constant expression
of N nested getelementptrs (LLVM's parser and printer recurse per level)."""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
# the nesting written as its two halves (wrapping the string once per
# level copied it each time: a minute for 30000 levels)
e = "getelementptr (i8, ptr addrspace(1) " * n + "@g" + ", i64 1)" * n
with open(out, "w") as f:
    f.write('target triple = "spir64-unknown-unknown"\n'
            "@g = addrspace(1) global [4 x i8] zeroinitializer\n"
            "define spir_kernel void @k() {\n  store i8 1, ptr addrspace(1) %s\n"
            "  ret void\n}\n" % e)
