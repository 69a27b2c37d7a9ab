#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gencalls.py — random call graphs for the clone-call invariant (ipmsp).

Each program (spir64 or nvptx64 IR, one seed each) is a kernel and 2-8
helpers.  A helper takes two generic pointers and a depth, reads and writes
through them, calls 0-2 helpers (itself and its callers included: self and
mutual recursion, bounded by the depth) with arguments that are its own
parameters permuted, a select or a phi of them, a pointer a call returned,
or null, and returns one of them (a returned argument, a select, a phi).
The kernel calls helpers with global, local and private pointers (offsets
too), results of earlier calls, selects and phis of them, and pointers it
stored in a private table of pointers and loaded back; then copies its
private array and local memory to the global buffer, so that every write
is seen.  Some helpers are internal, some visible; some calls are
indirect (through a function pointer a select picks).  The kernel is named
as a C++ front end names it (`_Z1kPiS_i`) and, from a stream of its own,
may keep a pointer in its template `__shared__` static (`_ZZ1kPiS_iE4slot`,
linkonce_odr: memsum's kernel statics) and read pointers back as
integers (a private i64 slot; a struct holding a pointer copied by memcpy
and read as an i64, Thrust's device_ptr in a functor: infer's
pointer-wide integer loads); each such pointer is read at once and handed
to the helpers.

Every program runs through gasp-opt under every pipeline of PIPELINES with
--verify-spaces (the checker of src/report/spacecheck.c), with --plugin also
through opt-22 -O pipelines with gasp's pass plugin (PLUGIN_PIPELINES: the
users' pipeline), and each output against the input under gasp-run
--check-as --compare.

  gencalls.py --build build -n 300 --first 1      # the fixed few hundred (make check)
  gencalls.py --build build -n 10000 --first 1 --plugin   # make fuzz-calls
  gencalls.py --emit SEED [--target nvptx64]       # print one program

--sizes (a stream of its own: the graphs are drawn as without it) gives
what real code has: names of 1 to 2,000 characters (a mangled C++ template's
shape, or plain), a switch of 1 to 600 blocks in a helper (each block an
access through a parameter), and, in one program in five, 50 to 300
helpers (one in fifty: 1,000 to 5,000).

--objects (a stream of its own) gives the kernel a fourth argument, a
struct of two generic pointers passed by value that the host filled with
global buffers (CUDA's struct arguments; on spir64 a private byval, SYCL's
kernel object as clang's SYCL device mode passes it), which the kernel
may overwrite a field of with one of its own pointers before it reads
both back and hands them to the helpers (memory.c's host-filled slots,
memfix.c's seed of the host's writes).

A failure prints the seed, the pipeline and the command to rerun it, and
keeps the files in the work folder.
"""
import argparse
import os
import random
import re
import functools
import resource
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ocl  # noqa: E402

PIPELINES = [
    ("default", []),
    ("whole-program", ["--whole-program"]),
    ("tags", ["--lower-generic=tags"]),
    ("version", ["--version-by-space=on"]),
    ("budget1", ["--clone-budget=1"]),
    ("ipmsp-only", ["--passes=infer,ipmsp"]),
]
# --plugin: the users' pipeline, LLVM's own -O pipelines with gasp's pass
# plugin in them (its early run before the inliner, its late run at the
# end), through opt-22; GASP_VERIFY_SPACES=1 makes the plugin check each of
# its outputs too.  A sanitized build's plugin is loaded with its runtimes
# preloaded (ocl.plugin_env).
PLUGIN_PIPELINES = [
    ("plugin-O2", "default<O2>"),
    ("plugin-O3", "default<O3>"),
    # every helper noinline (clang's -fno-inline-functions): the clones and
    # the calls to them stay in the final code instead of being inlined
    ("plugin-O2-noinline", "default<O2>"),
]

TARGETS = {
    # triple, generic, global, local, private, kernel cc, datalayout
    "spir64": ("spir64-unknown-unknown", 4, 1, 3, 0, "spir_kernel", "spir_func",
               "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"),
    "nvptx64": ("nvptx64-nvidia-cuda", 0, 1, 3, 5, "ptx_kernel", "",
                "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"),
}


def ptr(a):
    return "ptr" if a == 0 else f"ptr addrspace({a})"


def long_name(z, k):
    """Helper k's name under --sizes: 1 to 2,000 characters."""
    n = z.choice([z.randint(1, 12), z.randint(200, 700), z.randint(1000, 1990)])
    body = "".join(z.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(n))
    return "_ZN9templated6detail%d%s_h%dEv" % (n + 2 + len(str(k)), body, k) if z.random() < 0.5 \
        else "h%d_%s" % (k, body)


class Prog:
    kname = "_Z1kPiS_i"  # the kernel's name, mangled as a C++ front end does

    def __init__(self, seed, target, sizes=False, objects=False):
        self.r = random.Random(seed * 7919 + (1 if target == "nvptx64" else 0))
        (self.triple, self.gen, self.glob, self.loc, self.priv, self.kcc, self.fcc,
         self.dl) = TARGETS[target]
        self.G = ptr(self.gen)
        self.n = self.r.randint(2, 8)
        # --sizes: a stream of its own, so the graph's own draws are unchanged
        self.z = random.Random(seed * 49979687 + 17) if sizes else None
        if self.z:
            k = self.z.randrange(50)
            self.n += self.z.randint(1000, 5000) if k == 0 else self.z.randint(50, 300) if k < 10 else 0
        self.names = [long_name(self.z, k) if self.z and (k < 8 or self.z.random() < 0.05)
                      else "h%d" % k for k in range(self.n)]
        self.lines = []
        self.tmp = 0
        # C++ shapes (a stream of its own, so the graph's draws are
        # unchanged): the kernel gets a mangled name and may keep pointers
        # in a template kernel's __shared__ static (`_ZZ<kernel>E4slot`,
        # linkonce_odr: memsum's kernel statics) and read pointers back as
        # integers (a private i64 slot, and a struct holding a pointer
        # copied by memcpy and read as an i64: Thrust's device_ptr in a
        # functor; infer's pointer-wide integer loads)
        self.x = random.Random(seed * 15485863 + 29 + (1 if target == "nvptx64" else 0))
        self.static = self.x.random() < 0.6
        self.intread = self.x.random() < 0.6
        # --objects: the host's by-value object (a stream of its own)
        self.o = random.Random(seed * 32452843 + 31) if objects else None

    def t(self):
        self.tmp += 1
        return f"%t{self.tmp}"

    def emit(self, s):
        self.lines.append(s)

    def helper(self, k):
        r, G, cc = self.r, self.G, self.fcc
        link = "internal " if r.random() < 0.5 else ""
        self.emit(f"define {link}{cc} {G} @{self.names[k]}({G} %a, {G} %b, i32 %d) {{")
        self.emit("entry:")
        # null-safe views: a null argument reads the other pointer
        self.emit(f"  %an = icmp eq {G} %a, null")
        self.emit(f"  %pa = select i1 %an, {G} %b, {G} %a")
        self.emit(f"  %bn = icmp eq {G} %b, null")
        self.emit(f"  %pb = select i1 %bn, {G} %a, {G} %b")
        ia = r.randint(0, 3)
        self.emit(f"  %qa = getelementptr inbounds i32, {G} %pa, i64 {ia}")
        self.emit(f"  %v = load i32, {G} %qa, align 4")
        head = "entry"  # the block that branches to rec or done
        if self.z and k < 8 and self.z.random() < 0.5:  # a helper of up to 600 blocks
            head = "padend"
            nb = self.z.choice([self.z.randint(1, 40), self.z.randint(60, 140), self.z.randint(140, 600)])
            cases = " ".join(f"i32 {i}, label %pad{i}" for i in range(nb))
            self.emit(f"  switch i32 %v, label %padend [ {cases} ]")
            for i in range(nb):
                self.emit(f"pad{i}:")
                self.emit(f"  %pq{i} = getelementptr inbounds i32, {G} %pa, i64 {i % 4}")
                self.emit(f"  %pv{i} = load volatile i32, {G} %pq{i}, align 4")
                self.emit("  br label %padend")
            self.emit("padend:")
        self.emit("  %c = icmp sgt i32 %d, 0")
        self.emit("  br i1 %c, label %rec, label %done")
        self.emit("rec:")
        self.emit("  %d1 = sub i32 %d, 1")
        vals = ["%pa", "%pb"]
        rets = []
        for j in range(r.randint(0, 2)):
            callee = r.randrange(self.n)
            args = []
            for _ in range(2):
                x = r.random()
                if x < 0.15 and args:
                    args.append("null")  # never both null
                elif x < 0.3:
                    s = self.t()
                    self.emit(f"  {s} = select i1 %c, {G} {r.choice(vals)}, {G} {r.choice(vals)}")
                    args.append(s)
                else:
                    args.append(r.choice(vals))
            if args == ["null", "null"]:
                args[0] = "%pa"
            if r.random() < 0.15:
                # indirect: a function pointer picked by a select
                other = r.randrange(self.n)
                fp = self.t()
                self.emit(f"  {fp} = select i1 %c, ptr @{self.names[callee]}, ptr @{self.names[other]}")
                res = self.t()
                self.emit(f"  {res} = call {cc} {G} {fp}({G} {args[0]}, {G} {args[1]}, i32 %d1)")
            else:
                res = self.t()
                self.emit(f"  {res} = call {cc} {G} @{self.names[callee]}({G} {args[0]}, {G} {args[1]}, i32 %d1)")
            vals.append(res)
            rets.append(res)
        self.emit("  br label %done")
        self.emit("done:")
        inc = r.choice(vals)
        self.emit(f"  %m = phi {G} [ %pa, %{head} ], [ {inc}, %rec ]")
        x = r.random()
        if x < 0.3:
            self.emit(f"  %ret = select i1 %an, {G} %pb, {G} %m")
        elif x < 0.6:
            self.emit(f"  %ret = getelementptr inbounds i32, {G} %pb, i64 0")
        else:
            self.emit(f"  %ret = getelementptr inbounds i32, {G} %m, i64 0")
        ib = r.randint(0, 3)
        self.emit(f"  %qb = getelementptr inbounds i32, {G} %pb, i64 {ib}")
        self.emit(f"  %w = load i32, {G} %qb, align 4")
        self.emit(f"  %s = add i32 %v, {r.randint(1, 9)}")
        self.emit("  %s2 = add i32 %s, %w")
        self.emit(f"  store i32 %s2, {G} %qb, align 4")
        self.emit(f"  ret {G} %ret")
        self.emit("}")

    def kernel(self):
        r, G, cc = self.r, self.G, self.fcc
        gp, lp, pp = ptr(self.glob), ptr(self.loc), ptr(self.priv)
        obj = f", ptr byval({{ {G}, {G} }}) align 8 %obj" if self.o else ""
        self.emit(f"define {self.kcc} void @{self.kname}({gp} %g, {lp} %l, i32 %c{obj}) {{")
        self.emit("entry:")
        self.emit("  %pr = alloca [16 x i32], align 4")
        self.emit(f"  %tab = alloca [4 x {G}], align 8")
        for i in range(16):
            self.emit(f"  %pi{i} = getelementptr inbounds [16 x i32], ptr %pr, i64 0, i64 {i}")
            self.emit(f"  store i32 {i + 1}, ptr %pi{i}, align 4")
            self.emit(f"  %li{i} = getelementptr inbounds [16 x i32], {lp} %l, i64 0, i64 {i}")
            self.emit(f"  store i32 {100 + i}, {lp} %li{i}, align 4")
        if self.gen:
            self.emit(f"  %gg = addrspacecast {gp} %g to {G}")
            self.emit(f"  %lg = addrspacecast {lp} %l to {G}")
            self.emit(f"  %pg = addrspacecast ptr %pr to {G}")
        else:
            self.emit(f"  %gg = addrspacecast {gp} %g to {G}")
            self.emit(f"  %lg = addrspacecast {lp} %l to {G}")
            self.emit(f"  %pg = getelementptr inbounds i8, ptr %pr, i64 0")
        self.emit(f"  %g4 = getelementptr inbounds i32, {G} %gg, i64 4")
        self.emit(f"  %l4 = getelementptr inbounds i32, {G} %lg, i64 4")
        self.emit(f"  %p4 = getelementptr inbounds i32, {G} %pg, i64 4")
        self.emit("  %c1 = and i32 %c, 1")
        self.emit("  %b1 = icmp ne i32 %c1, 0")
        self.emit("  %c2 = and i32 %c, 2")
        self.emit("  %b2 = icmp ne i32 %c2, 0")
        base = ["%gg", "%lg", "%pg", "%g4", "%l4", "%p4"]
        vals = list(base)
        # a private table of pointers, read back (--objects: in one program
        # in two, pointers of one space only, so that what private memory
        # holds, module-wide, is one space the host's object must not take)
        one = None
        if self.o and self.o.random() < 0.5:
            one = self.o.choice([["%gg", "%g4"], ["%lg", "%l4"], ["%pg", "%p4"]])
        for i in range(4):
            e = self.t()
            self.emit(f"  {e} = getelementptr inbounds [4 x {G}], ptr %tab, i64 0, i64 {i}")
            v = r.choice(base)  # drawn either way: the call graph after it is the same with --objects
            self.emit(f"  store {G} {self.o.choice(one) if one else v}, ptr {e}, align 8")
        x = self.x
        pick = (lambda: self.o.choice(one)) if one else (lambda: x.choice(base))
        if self.static:  # a pointer kept in the kernel's __shared__ static
            st = f"{ptr(self.loc)} @_ZZ{self.kname[2:]}E4slot"
            self.emit(f"  store {G} {pick()}, {st}, align 8")
            v = self.t()
            self.emit(f"  {v} = load {G}, {st}, align 8")
            vals.append(v)
        if self.intread:  # pointers read back as integers
            self.emit("  %islot = alloca i64, align 8")
            self.emit("  %fsrc = alloca { i32, " + G + " }, align 8")
            self.emit("  %fdst = alloca { i32, " + G + " }, align 8")
            i, v, w = self.t(), self.t(), self.t()
            self.emit(f"  {i} = ptrtoint {G} {pick()} to i64")
            self.emit(f"  store i64 {i}, ptr %islot, align 8")
            self.emit(f"  {v} = load i64, ptr %islot, align 8")
            self.emit(f"  {w} = inttoptr i64 {v} to {G}")
            vals.append(w)
            f, e, v, w = self.t(), self.t(), self.t(), self.t()
            self.emit(f"  {f} = getelementptr inbounds {{ i32, {G} }}, ptr %fsrc, i64 0, i32 1")
            self.emit(f"  store {G} {pick()}, ptr {f}, align 8")
            self.emit("  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %fdst, ptr align 8 %fsrc, i64 16, i1 false)")
            self.emit(f"  {e} = getelementptr inbounds i8, ptr %fdst, i64 8")
            self.emit(f"  {v} = load i64, ptr {e}, align 8")
            self.emit(f"  {w} = inttoptr i64 {v} to {G}")
            vals.append(w)
        if self.o:  # the host's object: maybe a field overwritten, both read back
            o = self.o
            fields = []
            for k in range(2):
                f = self.t()
                self.emit(f"  {f} = getelementptr inbounds {{ {G}, {G} }}, ptr %obj, i64 0, i32 {k}")
                fields.append(f)
            if o.random() < 0.5:
                self.emit(f"  store {G} {o.choice(one or base)}, ptr {fields[o.randrange(2)]}, align 8")
            for f in fields:
                v = self.t()
                self.emit(f"  {v} = load {G}, ptr {f}, align 8")
                vals.append(v)
        for j, v in enumerate(vals[len(base):]):  # each read back is used at once too
            e, o = self.t(), self.t()
            self.emit(f"  {e} = load i32, {G} {v}, align 4")
            self.emit(f"  {o} = getelementptr inbounds i32, {gp} %g, i64 {24 + j}")
            self.emit(f"  store i32 {e}, {gp} {o}, align 4")
        depth = r.randint(0, 3)
        blocks = 0
        for j in range(r.randint(2, 7)):
            args = []
            for _ in range(2):
                x = r.random()
                if x < 0.15:
                    s = self.t()
                    self.emit(f"  {s} = select i1 %b{r.randint(1, 2)}, {G} {r.choice(vals)}, {G} {r.choice(vals)}")
                    args.append(s)
                elif x < 0.25:
                    e, s = self.t(), self.t()
                    self.emit(f"  {e} = getelementptr inbounds [4 x {G}], ptr %tab, i64 0, i64 {r.randint(0, 3)}")
                    self.emit(f"  {s} = load {G}, ptr {e}, align 8")
                    args.append(s)
                elif x < 0.35:
                    blocks += 1
                    a, b, s = r.choice(vals), r.choice(vals), self.t()
                    self.emit(f"  br i1 %b1, label %x{blocks}, label %y{blocks}")
                    self.emit(f"x{blocks}:")
                    self.emit(f"  br label %y{blocks}")
                    self.emit(f"y{blocks}:")
                    prev = "entry" if blocks == 1 else f"y{blocks - 1}"
                    self.emit(f"  {s} = phi {G} [ {a}, %x{blocks} ], [ {b}, %{prev} ]")
                    args.append(s)
                elif x < 0.42 and args:
                    args.append("null")
                else:
                    args.append(r.choice(vals))
            res = self.t()
            self.emit(f"  {res} = call {cc} {G} @{self.names[r.randrange(self.n)]}({G} {args[0]}, {G} {args[1]}, i32 {depth})")
            vals.append(res)
            v = self.t()
            self.emit(f"  {v} = load i32, {G} {res}, align 4")
            o = self.t()
            self.emit(f"  {o} = getelementptr inbounds i32, {gp} %g, i64 {32 + j}")
            self.emit(f"  store i32 {v}, {gp} {o}, align 4")
        # everything the helpers wrote becomes visible
        for i in range(16):
            a, b, o1, o2 = self.t(), self.t(), self.t(), self.t()
            self.emit(f"  {a} = load i32, ptr %pi{i}, align 4")
            self.emit(f"  {o1} = getelementptr inbounds i32, {gp} %g, i64 {8 + i}")
            self.emit(f"  store i32 {a}, {gp} {o1}, align 4")
            self.emit(f"  {b} = load i32, {lp} %li{i}, align 4")
            self.emit(f"  {o2} = getelementptr inbounds i32, {gp} %g, i64 {48 + i}")
            self.emit(f"  store i32 {b}, {gp} {o2}, align 4")
        self.emit("  ret void")
        self.emit("}")

    def text(self):
        self.emit(f'target datalayout = "{self.dl}"')
        self.emit(f'target triple = "{self.triple}"')
        if self.static:
            self.emit(f"@_ZZ{self.kname[2:]}E4slot = linkonce_odr {ptr(self.loc)[4:]} "
                      f"global {self.G} undef, align 8")
        for k in range(self.n):
            self.helper(k)
        self.kernel()
        if self.intread:
            self.emit("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)")
        return "\n".join(self.lines) + "\n"


KERNEL = Prog.kname


def gen(seed, target, sizes=False, objects=False):
    return Prog(seed, target, sizes, objects).text()


MEM_LIMIT_MB = 4096


@functools.lru_cache(maxsize=None)
def sanitized(binary):
    """True when binary was built with AddressSanitizer (make check-asan)."""
    try:
        with open(binary, "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


def limits():
    # a runaway (a solver that does not terminate) is a failure, not a hang
    resource.setrlimit(resource.RLIMIT_AS, (MEM_LIMIT_MB << 20, MEM_LIMIT_MB << 20))


def run(cmd, env=None):
    # AddressSanitizer reserves terabytes of address space for its shadow, so
    # an address-space limit stops a sanitized binary before main; there the
    # sanitizer's own resident-memory limit bounds a runaway instead.
    env = dict(os.environ if env is None else env)
    asan = sanitized(cmd[0]) or "libasan" in env.get("LD_PRELOAD", "")
    if asan:
        opts = env.get("ASAN_OPTIONS", "")
        env["ASAN_OPTIONS"] = (opts + ":" if opts else "") + f"hard_rss_limit_mb={MEM_LIMIT_MB}"
    try:
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120,
                              preexec_fn=None if asan else limits)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", "timed out after 120 s")


def run_one(build, work, seed, target, plugin=False, sizes=False, objects=False):
    src = os.path.join(work, f"c{seed}.{target}.ll")
    with open(src, "w") as f:
        f.write(gen(seed, target, sizes, objects))
    obj = ["--arg", "struct:buf:i32:64;buf:i32:64"] if objects else []
    opt = os.path.join(build, "bin", "gasp-opt")
    grun = os.path.join(build, "bin", "gasp-run")
    fails = []
    c = seed % 4
    env = dict(os.environ, GASP_VERIFY_SPACES="1")
    so = os.path.join(build, "lib", "gasp-plugin.so")
    plugin_env = dict(ocl.plugin_env(so) or os.environ, GASP_VERIFY_SPACES="1")
    for name, flags in PIPELINES + (PLUGIN_PIPELINES if plugin else []):
        out = src[:-3] + f".{name}.ll"
        if isinstance(flags, str):  # a plugin pipeline: opt-22 -passes=default<On>
            # bitcode: LLVM's inliner and block splitting name blocks after a
            # helper of --sizes past the 1,024 characters LLVM's text reader
            # takes (`h132.exit.<1,000 characters>_crit_edge`; opt-22 alone
            # writes what it cannot read back)
            out = src[:-3] + f".{name}.bc"
            inp = src
            if name.endswith("-noinline"):
                inp = src[:-3] + ".noinline.ll"
                with open(src) as f, open(inp, "w") as g:
                    g.write(re.sub(r"^(define (?!\w*_kernel)[^{]*\)) \{$", r"\1 noinline {",
                                   f.read(), flags=re.M))
            cmd = ["opt-22", "-load-pass-plugin=" + so, "-passes=" + flags, inp, "-o", out]
            rerun = "GASP_VERIFY_SPACES=1 " + " ".join(cmd[:2] + [f"'{cmd[2]}'"] + cmd[3:])
        else:
            cmd = [opt, "-S", src, "-o", out] + flags
            rerun = f"{opt} -S {src} -o {out} {' '.join(flags)} --verify-spaces"
        p = run(cmd, env=plugin_env if isinstance(flags, str) else env)
        if p.returncode != 0:
            fails.append((name, f"{os.path.basename(cmd[0])} exit {p.returncode}: "
                          f"{p.stderr.strip()[:300]}", rerun))
            continue
        q = run([grun, src, "--kernel", KERNEL, "--global", "1", "--arg", "buf:i32:64",
                            "--arg", "local:64", "--arg", f"i32={c}"] + obj + ["--check-as", "--compare",
                            out])
        if q.returncode != 0:
            fails.append((name, f"gasp-run exit {q.returncode}: {(q.stderr or q.stdout).strip()[:300]}",
                          f"{grun} {src} --kernel {KERNEL} --global 1 --arg buf:i32:64 --arg local:64 "
                          f"--arg i32={c} {' '.join(repr(x) if ';' in x else x for x in obj)} "
                          f"--check-as --compare {out}"))
        else:
            os.unlink(out)
    if not fails:
        os.unlink(src)
        if os.path.exists(src[:-3] + ".noinline.ll"):
            os.unlink(src[:-3] + ".noinline.ll")
    return seed, target, fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--emit", type=int)
    ap.add_argument("--target", default="spir64", choices=sorted(TARGETS))
    ap.add_argument("--targets", default="spir64,nvptx64")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--work")
    ap.add_argument("--sizes", action="store_true",
                    help="realistic sizes: long names, big helpers, many helpers")
    ap.add_argument("--objects", action="store_true",
                    help="the kernel also takes a by-value struct of pointers the host filled")
    ap.add_argument("--plugin", action="store_true",
                    help="also opt-22 default<O2>/<O3> with gasp's pass plugin (PLUGIN_PIPELINES)")
    a = ap.parse_args()
    if a.emit is not None:
        sys.stdout.write(gen(a.emit, a.target, a.sizes, a.objects))
        return 0
    work = a.work or tempfile.mkdtemp(prefix="gencalls.")
    os.makedirs(work, exist_ok=True)
    jobs = [(s, t) for s in range(a.first, a.first + a.n) for t in a.targets.split(",")]
    bad = 0
    with ThreadPoolExecutor(a.j) as ex:
        for seed, target, fails in ex.map(lambda st: run_one(a.build, work, *st, a.plugin, a.sizes, a.objects), jobs):
            for name, why, cmd in fails:
                bad += 1
                print(f"FAIL seed {seed} {target} {name}: {why}\n  rerun: {cmd}")
    npipes = len(PIPELINES) + (len(PLUGIN_PIPELINES) if a.plugin else 0)
    runs = len(jobs) * npipes
    print(f"gencalls: {a.n} programs x {len(a.targets.split(','))} targets x {npipes} "
          f"pipelines = {runs} runs, {bad} failed (work folder {work})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
