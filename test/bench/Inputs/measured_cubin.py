"""bench/public's device rows matched by machine code: two PTX texts of one
kernel that differ only in virtual register numbers and the order of two
independent instructions assemble to the same cubin, so a row timed on the
first excuses the second; a row without cubin prefixes, or for other code,
does not.  argv: root, a scratch folder."""
import os
import sys

root, tmp = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(root, "bench", "public"))
import public  # noqa: E402

HEAD = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0, .param .u64 k_param_1)
{
\t.reg .b32 %r<4>;
\t.reg .b64 %rd<8>;
\tld.param.u64 %rd3, [k_param_0];
\tld.param.u64 %rd4, [k_param_1];
"""
A = HEAD + """\tcvta.to.global.u64 %rd1, %rd4;
\tcvta.to.global.u64 %rd2, %rd3;
\tld.global.u32 %r1, [%rd2];
\tst.global.u32 [%rd1], %r1;
\tret;
}
"""
B = HEAD + """\tcvta.to.global.u64 %rd2, %rd3;
\tcvta.to.global.u64 %rd1, %rd4;
\tld.global.u32 %r1, [%rd2];
\tst.global.u32 [%rd1], %r1;
\tret;
}
"""
C = A.replace("ld.global.u32 %r1, [%rd2];", "ld.global.u32 %r1, [%rd2+4];")
public.WORK = tmp
unit = {"name": "u.cu"}
base = public.unit_base(unit, "nvptx64", "O2")
paths = {}
for way, text in (("clang", C), ("plugin", B), ("old", A)):
    paths[way] = base + ".%s.s" % way
    with open(paths[way], "w") as f:
        f.write(text)
asm = {w: public.file_sha(p) for w, p in paths.items()}
cub = {w: public.cubin_sha(p) for w, p in paths.items()}
print("asm differ:", asm["plugin"] != asm["old"], "cubin same:", cub["plugin"] == cub["old"])
r = {"unit": "u.cu", "target": "nvptx64", "opt": "O2",
     "sha256": {"clang": asm["clang"], "plugin": asm["plugin"]}}
row = {"unit": "u.cu", "kernel": "k", "col": "regs", "x": 8, "y": 9,
       "sha": (asm["clang"], asm["old"]), "us": (100.0, 50.0), "device": "D", "src": "S"}
print("asm only:", public.measured_faster([dict(row, cubin=None)], r, "k", "regs", 8, 9))
print("cubin:", public.measured_faster([dict(row, cubin=(cub["clang"], cub["old"]))], r, "k",
                                       "regs", 8, 9) is not None)
print("other code:", public.measured_faster([dict(row, cubin=(cub["old"], cub["old"]))], r, "k",
                                            "regs", 8, 9))
print("slower:", public.measured_faster([dict(row, cubin=(cub["clang"], cub["old"]),
                                               us=(100.0, 99.0))], r, "k", "regs", 8, 9))
