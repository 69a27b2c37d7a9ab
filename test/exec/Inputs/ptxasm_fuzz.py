#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ptxasm_fuzz.py SEED N OUTDIR GASP_RUN — N nvptx64 modules, each a kernel
calling inline asm whose templates are PTX-shaped token soup (real
opcodes, types, operand forms, braces, guards, declarations, cut short or
shuffled), run through gasp-run --check-as.  gasp-run must answer each
with a run (0), a refusal (1), a violation (3) or a runtime error (5):
never a crash, a sanitizer report or a hang.  Prints one line per module
that does not, then 'N modules, N ran, N refused, N other, N bad'."""
import os
import random
import subprocess
import sys

OPS = ["mov", "cvt", "add", "sub", "mul", "fma", "max", "min", "neg", "abs", "and", "or",
       "xor", "not", "shl", "shr", "bfe", "setp", "selp", "dp4a", "shfl", "vote", "ld", "st",
       "cp", "rcp", "sqrt", "ex2", "mma", "ldmatrix", "bra", "prmt", "cvta"]
MODS = ["u32", "s32", "b32", "f32", "f16", "bf16", "f16x2", "bf16x2", "u64", "s64", "b64",
        "f64", "u16", "s16", "b16", "u8", "s8", "pred", "tf32", "rn", "rna", "rni", "rzi",
        "sat", "ftz", "approx", "NaN", "lo", "hi", "wide", "global", "shared", "shared::cta",
        "local", "const", "param", "v2", "v4", "v8", "nc", "cs", "relaxed", "gpu", "volatile",
        "sync", "up", "down", "bfly", "idx", "ballot", "any", "all", "uni", "eq", "ne", "lt",
        "ge", "async", "cg", "commit_group", "wait_all", "L2::128B", "pack", "x9", "to"]
OPERANDS = ["$0", "$1", "$2", "$3", "$4", "$7", "$99", "r0", "p", "!p", "_", "%laneid",
            "%tid.x", "%lanemask_lt", "%clock", "0", "1", "-1", "0x10", "0f3F800000",
            "0d3FF0000000000000", "1.5", "{$0, $1}", "{lo,hi}", "{$1}", "{}", "[$1]",
            "[$1+4]", "[$1 + -8]", "[]", "[$2+x]", "r0|p", "$1|", "", "low", "high",
            "%reserved_smem_offset_1"]
SEPS = [";", ";\n", " ", "\n", "{", "}", "{ ", " }", ";;"]


def template(rng):
    parts = []
    for _ in range(rng.randint(1, 6)):
        k = rng.random()
        if k < 0.15:
            parts.append(".reg .%s %s%s" % (rng.choice(MODS), rng.choice(["r0", "p", "lo,hi", "t<3>", "x<99999>"]),
                                           ""))
        elif k < 0.2:
            parts.append(rng.choice(["L1:", "@", "@p", "@!", "${0:r}", "$$", "//c\n", "\\"]))
        else:
            op = ".".join([rng.choice(OPS)] + [rng.choice(MODS) for _ in range(rng.randint(0, 4))])
            guard = rng.choice(["", "", "@p ", "@!p ", "@$1 "])
            ops = ", ".join(rng.choice(OPERANDS) for _ in range(rng.randint(0, 6)))
            parts.append(guard + op + " " + ops)
        parts.append(rng.choice(SEPS))
    t = "".join(parts)
    if rng.random() < 0.1:
        t = t[:rng.randint(0, len(t))]
    return t.replace("\\", "\\5C").replace('"', "\\22").replace("\n", "\\0A")


TYPES = {"r": "i32", "l": "i64", "h": "i16", "f": "float", "d": "double"}


def call(rng, k):
    outs = [rng.choice("rlhfd") for _ in range(rng.randint(0, 3))]
    ins = [rng.choice("rlhfdn") for _ in range(rng.randint(0, 4))]
    cons = ["=" + o for o in outs] + [("n" if i == "n" else i) for i in ins]
    if rng.random() < 0.2:
        cons.append("~{memory}")
    args = []
    for i in ins:
        ty = "i32" if i == "n" else TYPES[i]
        val = {"float": "1.0", "double": "2.0"}.get(ty, str(rng.choice([0, 1, 3, 64, -1])))
        args.append("%s %s" % (ty, val))
    if not outs:
        rty = "void"
    elif len(outs) == 1:
        rty = TYPES[outs[0]]
    else:
        rty = "{ %s }" % ", ".join(TYPES[o] for o in outs)
    side = "sideeffect " if rng.random() < 0.5 else ""
    text = 'call %s asm %s"%s", "%s"(%s)' % (rty, side, template(rng), ",".join(cons), ", ".join(args))
    return ("  %s\n" % text) if rty == "void" else ("  %%v%d = %s\n" % (k, text))


# Real templates (what CUDA's headers, CUB and faiss write), their
# constraints and arguments: run as they are or mutated.
REAL = [
    ("bfe.u32 $0, $1, $2, $3;", "=r,r,r,r", "i32 -1, i32 40, i32 3", "i32"),
    ("bfe.s64 $0, $1, $2, $3;", "=l,l,r,r", "i64 -1, i32 63, i32 9", "i64"),
    ("mov.u32 $0, %laneid;", "=r", "", "i32"),
    ("{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f", "float 65520.0", "i16"),
    ("{ cvt.rn.bf16x2.f32 $0, $1, $2; }\0A", "=r,f,f", "float 1.0, float 0x7FF8000000000000", "i32"),
    ("{.reg .f16 low,high;\0A  mov.b32 {low,high},$1;\0A  cvt.f32.f16 $0, high;}\0A", "=f,r", "i32 -1", "float"),
    ("{fma.rn.f16x2 $0,$1,$2,$3;\0A}", "=r,r,r,r", "i32 1, i32 2, i32 3", "i32"),
    ("{ .reg .pred __$$temp3;\0A  setp.lt.f16  __$$temp3, $1, $2;\0A  selp.u16 $0, 1, 0, __$$temp3;}",
     "=h,h,h", "i16 1, i16 2", "i16"),
    ("shfl.sync.bfly.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r", "i32 7, i32 1, i32 31, i32 -1", "i32"),
    ("{ .reg .s32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, $1, $2, $3, $4; @p add.s32 r0, r0, $5; mov.s32 $0, r0;}",
     "=r,r,r,r,r,r", "i32 1, i32 33, i32 31, i32 -1, i32 2", "i32"),
    ("cvt.rni.sat.s8.f32 $0, $1;", "=r,f", "float 0x7FF8000000000000", "i32"),
    ("dp4a.u32.s32 $0, $1, $2, $3;", "=r,r,r,r", "i32 -1, i32 -1, i32 -1", "i32"),
    ("{ cvt.rn.tf32.f32 $0, $1; }", "=r,r", "i32 2139095040", "i32"),
    ("shl.b32 $0, $1, $2;", "=r,r,r", "i32 1, i32 40", "i32"),
    ("shr.s64 $0, $1, $2;", "=l,l,r", "i64 -8, i32 99", "i64"),
    ("{\\0A\\09 .reg .u32 start;\\0A\\09 .reg .u64 extended;\\0A\\09 mov.u32 start, %reserved_smem_offset_1;"
     "\\0A\\09 cvt.u64.u32 extended, start;\\0A\\09 cvta.shared.u64 $0, extended;\\0A\\09}", "=l", "", "i64"),
    ("cvta.shared.u64 $0, $1;\\0A\\09 cvta.to.global.u64 $0, $0;", "=l,l", "i64 4096", "i64"),
]


def real(rng, k, out):
    text, cons, args, rty = rng.choice(REAL)
    if rng.random() < 0.35:  # mutate: drop, double or swap a character
        i = rng.randrange(len(text))
        text = rng.choice([text[:i] + text[i + 1:], text[:i] + text[i] + text[i:],
                           text[:i] + rng.choice("{};$,[]@|.0 ") + text[i + 1:]])
        text = text.replace('"', "")
        if text.endswith("\\"):
            text = text[:-1]
    v = "  %%r%d = call %s asm sideeffect \"%s\", \"%s\"(%s)\n" % (k, rty, text, cons, args)
    v += "  %%z%d = zext %s %%r%d to i64\n" % (k, rty, k) if rty.startswith("i") and rty != "i64" else ""
    w = ("%%z%d" % k) if rty.startswith("i") and rty != "i64" else ("%%r%d" % k) if rty == "i64" else None
    if w:
        v += "  %%p%d = getelementptr i64, ptr addrspace(1) %%out, i32 %d\n  store i64 %s, ptr addrspace(1) %%p%d\n" % (
            k, k, w, k)
    return v


def module(rng):
    body = "".join(real(rng, k, None) if rng.random() < 0.85 else call(rng, k)
                   for k in range(rng.randint(1, 8)))
    return ('target triple = "nvptx64-nvidia-cuda"\n\n'
            "define ptx_kernel void @k(ptr addrspace(1) %out) {\n" + body +
            "  ret void\n}\n")


def main():
    seed, n, outdir, run = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    os.makedirs(outdir, exist_ok=True)
    counts = {"ran": 0, "refused": 0, "other": 0, "bad": 0}
    for i in range(n):
        rng = random.Random(seed * 100003 + i)
        path = os.path.join(outdir, "m%d.ll" % i)
        with open(path, "w") as f:
            f.write(module(rng))
        try:
            p = subprocess.run([run, path, "--kernel", "k", "--global", "2", "--check-as", "--timeout", "10",
                                "--arg", "buf:i32:64"], capture_output=True, text=True, timeout=120)
            rc, err = p.returncode, p.stderr
        except subprocess.TimeoutExpired:
            rc, err = -1, "hang"
        sanitizer = "Sanitizer" in err or "runtime error:" in err
        if rc in (0, 1, 3, 5) and not sanitizer:
            counts["ran" if rc == 0 else "refused" if rc == 1 else "other"] += 1
        else:
            counts["bad"] += 1
            print("bad: %s exit %d: %s" % (path, rc, err.strip()[-300:]))
    print("%d modules, %d ran, %d refused, %d other, %d bad" % (
        n, counts["ran"], counts["refused"], counts["other"], counts["bad"]))


if __name__ == "__main__":
    main()
