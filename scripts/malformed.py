#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""malformed.py — bad input for gasp-opt, systematically.

  python3 scripts/malformed.py [--build build] [--seed 1] [--per-kind 40]

Makes inputs of each kind below from a small valid kernel, runs gasp-opt on
each twice (-o to a fresh path, and -o onto an existing file), and checks:
  - the exit status: 1 for bad input, 2 for bad usage; a corrupted input
    that still parses and verifies may exit 0, but then its output must
    pass opt-22's verifier;
  - the message: one line starting 'gasp-opt: ' that names the input file
    (or, for usage, the option) and says 'error';
  - the output: not created at the fresh path, the existing file unchanged
    (byte for byte), no temporary file left beside it;
  - no crash (signal) and no exit 3.
Kinds: truncated bitcode, corrupted bitcode, random bytes, random bytes
behind the bitcode magic, truncated text IR, text IR with junk inserted,
IR that parses but fails the verifier, targets gasp cannot tell, unreadable
inputs, unwritable outputs, output equal to input, bad usage.
Prints per-kind counts and 'malformed: N inputs tried, N as expected,
N failures'; exit 1 on a failure.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

BASE = """target triple = "spir64-unknown-unknown"

define spir_func void @store(ptr addrspace(4) %p, i32 %v) {
  store i32 %v, ptr addrspace(4) %p, align 4
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %l) {
  %g = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)
  call spir_func void @store(ptr addrspace(4) %g, i32 1)
  call spir_func void @store(ptr addrspace(4) %gl, i32 2)
  %x = load i32, ptr addrspace(3) %l, align 4
  store i32 %x, ptr addrspace(1) %out, align 4
  ret void
}
"""

INVALID = {
    "dominance": """define void @f() {
  %x = add i32 %y, 1
  %y = add i32 %x, 1
  ret void
}
""",
    "phi-not-first": """define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %z = add i32 1, 2
  %p = phi i32 [ 0, %entry ], [ 1, %a ]
  ret i32 %p
}
""",
    "branch-to-entry": """define void @f() {
entry:
  br label %entry
}
""",
    "phi-wrong-preds": """define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %p = phi i32 [ 0, %entry ]
  ret i32 %p
}
""",
    "bad-intrinsic": """declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64)
define void @f(ptr %a, ptr %b) {
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 4)
  ret void
}
""",
    "addrspacecast-int": """define void @f(ptr addrspace(1) %p) {
  %q = addrspacecast ptr addrspace(1) %p to ptr addrspace(1)
  ret void
}
""",
}

TRIPLES = ["x86_64-pc-linux-gnu", "", "riscv64-unknown-elf", "aarch64-apple-darwin",
           "spir}64-unknown-unknown", "nvptxx-nvidia-cuda", "amdgcnn-amd-amdhsa", "wasm32"]


def run(cmd):
    return subprocess.run(cmd, capture_output=True)


class Campaign:
    def __init__(self, a, tmp):
        self.a, self.tmp = a, tmp
        self.tried = self.good = 0
        self.kinds = {}
        self.failures = []

    def fail(self, kind, name, why):
        self.failures.append("%s/%s: %s" % (kind, name, why))

    def check(self, kind, name, path, extra=(), expect=(1,), may_pass=False, names=None):
        """Runs gasp-opt on path (twice); names: what the message must name."""
        self.tried += 1
        k = self.kinds.setdefault(kind, [0, 0])
        k[0] += 1
        ok = True
        outdir = os.path.join(self.tmp, "out")
        shutil.rmtree(outdir, ignore_errors=True)
        os.makedirs(outdir)
        fresh = os.path.join(outdir, "fresh.bc")
        keep = os.path.join(outdir, "existing.bc")
        with open(keep, "wb") as f:
            f.write(b"keep me\n")
        for out in (fresh, keep):
            o = ["-o", out] if "-o" not in extra else []
            r = run([self.a.gasp_opt] + list(extra) + ([path] if path else []) + o)
            err = r.stderr.decode("utf-8", "replace")
            rc = r.returncode
            if rc < 0 or rc >= 128 or rc == 3:
                self.fail(kind, name, "crash or internal error (exit %d): %s" % (rc, err[:300]))
                ok = False
                continue
            if rc == 0 and may_pass:
                v = run([self.a.opt, "-passes=verify", "-disable-output", out])
                if v.returncode:
                    self.fail(kind, name, "accepted, but the output does not verify")
                    ok = False
                continue
            if rc not in expect:
                self.fail(kind, name, "exit %d, expected %s: %s" % (rc, expect, err[:300]))
                ok = False
                continue
            first = err.splitlines()[0] if err else ""
            want = names if names is not None else path
            if not first.startswith("gasp-opt: ") or "error" not in first or (
                    want and want not in first):
                self.fail(kind, name, "message %r does not name %r" % (first, want))
                ok = False
            if out == fresh and os.path.exists(fresh) and fresh != path:
                self.fail(kind, name, "output file created")
                ok = False
            if out == keep and keep != path:
                with open(keep, "rb") as f:
                    if f.read() != b"keep me\n":
                        self.fail(kind, name, "existing output changed")
                        ok = False
            left = [x for x in os.listdir(outdir) if x not in ("fresh.bc", "existing.bc")]
            if left:
                self.fail(kind, name, "left behind: %s" % left)
                ok = False
        if ok:
            self.good += 1
            k[1] += 1


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-kind", type=int, default=40)
    a = ap.parse_args()
    bindir = subprocess.check_output(["llvm-config-22", "--bindir"], text=True).strip()
    a.gasp_opt = os.path.join(a.build, "bin", "gasp-opt")
    a.opt = os.path.join(bindir, "opt")
    rng = random.Random(a.seed)
    tmp = tempfile.mkdtemp(prefix="gasp-malformed-")
    c = Campaign(a, tmp)
    n = a.per_kind
    try:
        ll = write(os.path.join(tmp, "base.ll"), BASE.encode())
        bcp = os.path.join(tmp, "base.bc")
        subprocess.check_call([os.path.join(bindir, "llvm-as"), ll, "-o", bcp])
        bc = open(bcp, "rb").read()
        text = BASE.encode()
        for i in range(n):  # truncated bitcode: every length is malformed
            cut = 1 + (len(bc) - 2) * i // max(n - 1, 1)
            c.check("truncated-bitcode", str(cut), write(os.path.join(tmp, "t%d.bc" % i), bc[:cut]))
        for i in range(n):  # a few bytes corrupted: may still be valid bitcode
            d = bytearray(bc)
            for _ in range(rng.randint(1, 4)):
                d[rng.randrange(4, len(d))] = rng.randrange(256)
            c.check("corrupted-bitcode", str(i), write(os.path.join(tmp, "c%d.bc" % i), bytes(d)),
                    may_pass=True)
        for i in range(n):
            d = bytes(rng.randrange(256) for _ in range(rng.randint(1, 600)))
            c.check("random-bytes", str(i), write(os.path.join(tmp, "r%d.bin" % i), d))
        for i in range(n):
            d = b"BC\xc0\xde" + bytes(rng.randrange(256) for _ in range(rng.randint(0, 600)))
            c.check("bitcode-magic-garbage", str(i), write(os.path.join(tmp, "m%d.bc" % i), d))
        for i in range(n):  # truncated text: valid only at some line ends
            cut = 1 + (len(text) - 2) * i // max(n - 1, 1)
            c.check("truncated-text", str(cut), write(os.path.join(tmp, "t%d.ll" % i), text[:cut]),
                    may_pass=True)
        junk = [b"}", b"{", b"%", b"@", b"(", b"ptr", b"addrspace(", b"\x00", b"\xff", b"=",
                b"define", b"label", b"i32 i32"]
        for i in range(n):
            pos = rng.randrange(len(text))
            d = text[:pos] + rng.choice(junk) + text[pos:]
            c.check("text-junk", str(i), write(os.path.join(tmp, "j%d.ll" % i), d), may_pass=True)
        for name, src in sorted(INVALID.items()):
            c.check("fails-verifier", name, write(os.path.join(tmp, "v-%s.ll" % name),
                                                  ('target triple = "spir64"\n' + src).encode()))
        for t in TRIPLES:
            d = text.replace(b"spir64-unknown-unknown", t.encode())
            c.check("unknown-triple", t or "(none)", write(os.path.join(tmp, "u%d.ll" % len(t)), d))
        # unreadable inputs
        c.check("unreadable-input", "missing", os.path.join(tmp, "no-such.ll"))
        d = os.path.join(tmp, "a-directory.ll")
        os.makedirs(d)
        c.check("unreadable-input", "directory", d)
        if os.geteuid() != 0:  # root reads anything
            p = write(os.path.join(tmp, "noperm.ll"), text)
            os.chmod(p, 0)
            c.check("unreadable-input", "no-permission", p)
        # unwritable outputs (the input is valid)
        blocker = write(os.path.join(tmp, "a-file"), b"x")
        for nm, out in [("no-such-dir", os.path.join(tmp, "nodir", "o.bc")),
                        ("under-a-file", os.path.join(blocker, "o.bc")),
                        ("a-directory", d),
                        ("proc", "/proc/version")]:
            c.check("unwritable-output", nm, ll, extra=("-o", out), names=out)
        # output equal to the input: refused as usage, the input untouched
        same = write(os.path.join(tmp, "same.ll"), text)
        link = os.path.join(tmp, "link.ll")
        os.symlink(same, link)
        for nm, out in [("same-path", same), ("dot-slash", os.path.join(tmp, ".", "same.ll")),
                        ("symlink", link)]:
            c.check("output-is-input", nm, same, extra=("-o", out), expect=(2,), names="")
            if open(same, "rb").read() != text:
                c.fail("output-is-input", nm, "the input was changed")
        for nm, extra in [("dot-output", ("--dot-callgraph=" + same, "-o", "/dev/null")),
                          ("remarks-output", ("-pass-remarks-output=" + same, "-o", "/dev/null"))]:
            c.check("output-is-input", nm, same, extra=extra, expect=(2,), names="")
        # usage
        for nm, extra in [("unknown-option", ("--frobnicate",)), ("bad-target", ("--target-as=x86",)),
                          ("bad-pass", ("--passes=infer,nope",)), ("bad-budget", ("--clone-budget=lots",)),
                          ("bad-lower", ("--lower-generic=maybe",)), ("two-inputs", (ll,)),
                          ("bad-regex", ("-pass-remarks=(",))]:
            c.check("usage", nm, ll, extra=extra, expect=(2,), names="")
        # no input file reads standard input (as opt does); empty, it is bad input
        c.check("usage", "empty-stdin", None, extra=(), expect=(1,), names="")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for kind in c.kinds:
        print("  %-22s %d tried, %d as expected" % (kind, c.kinds[kind][0], c.kinds[kind][1]))
    for f in c.failures[:20]:
        print("FAIL " + f)
    print("malformed: %d inputs tried, %d as expected, %d failures" %
          (c.tried, c.good, c.tried - c.good))
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
