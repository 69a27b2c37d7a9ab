#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""fuzzdiff.py — the random-program differential campaign (make fuzz-diff).

usage: fuzzdiff.py [--build DIR] [-n N] [--first SEED] [-j JOBS]
                   [--targets spir64,nvptx64,amdgcn] [--llc] [--plain]
                   [--keep DIR] [--progress N] [--sizes] [--vectors] [--writers] [--fnptrs]
                   [--asm | --asm-data] [--builtins] [--outparams] [--ints] [--flagsets a,b,...]

For each seed, scripts/genprog.py --extended (--plain: without its extended
constructs) writes an OpenCL C program aimed at generic pointers; clang-22 compiles it for each target (the -O level
rotates with the seed: -O0, -O1 -fno-inline-functions, -O2); gasp-opt runs
it under each flag set below, and clang-22 builds it again with gasp's pass
plugin (the "plugin" set: the users' pipeline, gasp's early run before
LLVM's inliner and its late run after the vectorizers; at the program's -O
level, -O3 where that is -O0; left out, with a line saying so, for a
sanitized build, which makes no plugin); gasp-run runs the
original and gasp's output
on the same inputs with --check-as --compare (and --private-in-global where
gasp-opt had it).  With --llc, gasp's nvptx64/amdgcn output is also
compiled by llc-22 (when llc-22 compiles clang's original: LLVM 22's AMDGPU
back end crashes on a few -O2 programs by itself; those are counted), and
the nvptx64 PTX assembled by ptxas -arch=sm_90 where the CUDA toolkit is
installed (when ptxas accepts the original's PTX).  --sizes adds genprog's
realistic-size stream (helpers of up to 600 blocks, names of up to 2,000
characters, up to 5,000 functions), --vectors its vector helpers,
--writers its cursor structs handed to helpers that write them, --fnptrs
its tables of helpers called through function pointers (with the
whole-program set: gasp's indirect pass), --asm its pointers made by NVPTX
inline assembly (cvta.shared / cvta.global), --builtins its OpenCL builtins
handed generic pointers (vload4/vstore4, C11 atomics, fract), --outparams
its helpers writing through pointers to the caller's uninitialized
variables (the twins pass's out-parameters on NVPTX), --ints its
helpers reading their pointers' integers (NVPTX's named pointers have
other integers: gasp-run's src/exec/window.c); --flagsets
runs only the named sets.  Every output is read
back and verified (opt-22 -passes=verify): what gasp prints must parse.

A run is
  identical  gasp-run printed 'identical' and exited 0
  refused    gasp-opt exited 1 with a message (a construct it declines);
             each kind is printed the first time it is met ("REFUSED ...")
             and counted at the end: a new kind is a change to read (on
             2026-11-28 a by-value struct named in the parameter space made
             --lower-generic=tags refuse 3 runs a program, with 0 failures)
  FAILED     anything else: a difference, a --check-as violation or fault
             in gasp's output, gasp-opt exit 3 or a crash, a sanitizer
             report (with an ASan build), an output that does not re-parse,
             llc-22 or ptxas rejecting the output
A program whose original does not run under gasp-run counts as 'original
failed' (a generator or executor problem, not gasp's), and is reported.

Failures are kept in --keep DIR (default BUILD/fuzz-diff) with the program,
the IR and the commands.  Prints one summary line and exits 1 on a failure.
"""
import argparse
import os
import re
import shutil
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import genprog  # noqa: E402
import ocl  # noqa: E402

FLAGSETS = [
    ("default", []),
    ("infer", ["--passes=infer"]),
    ("budget0", ["--clone-budget=0"]),
    ("tags", ["--lower-generic=tags"]),
    ("tags-pig", ["--lower-generic=tags", "--private-in-global"]),
    ("infer-tags", ["--passes=infer,lower", "--lower-generic=tags"]),
    ("version", ["--version-by-space=on"]),
    ("whole-program", ["--whole-program"]),  # the closed world: internalize, indirect
    ("early", ["--early-run", "--backend-follows"]),  # the plugin's early-run rules alone (what waits), sanitized too
    ("plugin", None),  # the users' pipeline: clang-22 with -fpass-plugin (plugin_cmd)
    ("plugin-wp", None),  # the same with -mllvm -gasp-whole-program
    ("plugin-early-wp", None),  # and with -gasp-late=0: the early run alone, LLVM's -O after it
]
# what each plugin set (None above) adds to plugin_cmd's clang-22 command
PLUGIN_OPTIONS = {
    "plugin": [],
    "plugin-wp": ["-mllvm", "-gasp-whole-program"],
    "plugin-early-wp": ["-mllvm", "-gasp-whole-program", "-mllvm", "-gasp-late=0"],
}
OLEVELS = [("-O0", False), ("-O1", True), ("-O2", False)]
LLC = {"nvptx64": ["llc-22", "-mtriple=nvptx64", "-mcpu=sm_90"],
       "amdgcn": ["llc-22", "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx900"]}
PTXAS = shutil.which("ptxas")  # the CUDA toolkit's assembler, where present
SAN = ("AddressSanitizer", "UndefinedBehaviorSanitizer", "LeakSanitizer", "runtime error:")


TIMEOUT = [120]  # seconds per command (--timeout)
PRELOAD = {}  # the environment clang-22 loads a sanitized plugin with (plugin_env)


# LLVM's AMDGPUAttributor recurses deeply on the realistic stream's biggest
# helpers: clang-22 -O2/-O3 alone needs 6-8 MB of stack on some (it dies of
# SIGSEGV at the default 8 MB: docs/reliability.md).  When clang-22 making
# a program's input dies of a signal, the input is made again with this
# stack, and every clang-22 of that program and target (the plugin's too)
# gets it, so the program is still tested; gasp-opt and gasp-run never do.
# Where 64 MB is not enough for clang-22 alone either (seed 10238 on amdgcn,
# a 767 KB program: SIGSEGV at 64 MB, compiled at 512 MB), HUGE_STACK.
BIG_STACK = 64 << 20
# The recursion's depth follows the IR, not a fixed bound: on such a
# program (one clang-22 alone cannot compile at the default stack) a plugin
# run that dies of a signal at BIG_STACK is run once more with HUGE_STACK
# (near 64 MB clang-22 alone passes or not from run to run: seed 10238).  Seed 10130 on amdgcn: clang-22 -O2
# alone needs 32-64 MB; with the plugin 64-256 MB, because one load the
# plugin names (an LDS pointer picked by extractelement) lets the
# Attributor follow the LDS array's stores into a 4,000-long chain of adds
# (docs/reliability.md, eighth stretch).  A plugin run that dies where
# clang-22 alone passes at the default stack stays a failure.
HUGE_STACK = 512 << 20


def stack_of(size):
    return lambda: resource.setrlimit(resource.RLIMIT_STACK, (size, size))


def sh(cmd, timeout=None, env=None, stack=False):
    """stack: False (the inherited limit), True (BIG_STACK) or a size in bytes"""
    timeout = timeout or TIMEOUT[0]
    size = BIG_STACK if stack is True else stack
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env,
                           preexec_fn=stack_of(size) if size else None)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return -999, "", "timeout after %d s" % timeout


def plugin_cmd(cl, target, out, olevel, no_inline, build):
    """clang-22 with gasp's pass plugin, as users build: at the program's -O
    level, or -O3 where that is -O0 (the plugin joins the -O1..-O3
    pipelines only).  Its output is compared with clang's own at the
    program's level: both run the same well-defined program.  build None:
    the same compile without the plugin."""
    own = ocl.clang_cmd(cl, target, out, "-O3" if olevel == "-O0" else olevel, no_inline)
    return own + (["-fpass-plugin=" + os.path.join(build, "lib", "gasp-plugin.so")] if build else [])


def last_line(out):
    """The last line gasp-run printed ("identical" where two modules agree)."""
    return out.strip().splitlines()[-1] if out.strip() else ""


def clang_differs_alike(cl, target, ll, out_ll, olevel, no_inline, run_args, bindir, stack):
    """Where the plugin's output computes otherwise than the original: does
    clang-22's own build at the plugin's level, no plugin, compute otherwise
    too, and the plugin's output exactly what it computes?  Then the
    program's meaning is not the same at -O0 and at that level (seed 24588:
    clang's -O1 and -O3 builds differ from -O0 in one element, the plugin's
    -O3 build is identical to clang's) and gasp changed nothing of it."""
    own = out_ll + ".own.ll"
    if sh(plugin_cmd(cl, target, own, olevel, no_inline, None), stack=stack)[0]:
        return False

    def compare(a, b):
        rc, out, _ = sh([os.path.join(bindir, "gasp-run"), a, "--kernel", "k", "--check-as",
                         "--compare", b] + run_args)
        return rc == 0 and last_line(out) == "identical"
    return not compare(ll, own) and compare(own, out_ll)


def own_checks(cl, target, work, olevel, no_inline, llc, ptxas, counts):
    """Which back-end checks clang's own output at olevel passes (llc, ptxas):
    the plugin's output is checked where clang's own at the same level is
    (a program at -O0 goes through the plugin at -O3, where LLVM's own
    infer-address-spaces may already make PTX ptxas rejects, e.g.
    atom.local.cas)."""
    if not llc:
        return False, False
    ll = os.path.join(work, "p.%s%s.ll" % (target, olevel))
    s = ll + ".s"
    if sh(ocl.clang_cmd(cl, target, ll, olevel, no_inline))[0] or sh(LLC[target] + [ll, "-o", s])[0]:
        counts["llc_orig"] += 1
        return False, False
    if ptxas and sh([PTXAS, "-arch=sm_90", "-c", s, "-o", os.devnull])[0]:
        counts["ptxas_orig"] += 1
        return True, False
    return True, ptxas


def plugin_missing(build):
    """Why clang-22 cannot load the build's plugin, or None.  A sanitized
    build's plugin (build-asan) needs the sanitizer runtimes it was linked
    with loaded first: they go into PRELOAD (LD_PRELOAD, leaks not
    reported: clang frees nothing at exit by design)."""
    so = os.path.join(build, "lib", "gasp-plugin.so")
    if not os.path.exists(so):
        return "%s is not built" % so
    env = ocl.plugin_env(so)
    if env:
        PRELOAD.update(env)
    return None


def refusal_text(err):
    """A refusal's message without the input's path (one kind per message)."""
    line = next((l for l in err.splitlines() if "error:" in l), err.strip().splitlines()[0]
                if err.strip() else "")
    return re.sub(r"^\S*gasp-opt: \S+: ", "", line).strip()[:200]


def one_program(seed, args):
    """Runs seed on every target and flag set; returns (counts, failures)."""
    work = os.path.join(args.tmp, "s%d" % seed)
    os.makedirs(work, exist_ok=True)
    cl = os.path.join(work, "p.cl")
    genprog.main_to(seed, cl, args.extended, args.sizes, args.vectors, args.writers, args.fnptrs,
                    args.external, args.asm, args.builtins, args.outparams, args.ints)
    olevel, no_inline = OLEVELS[seed % len(OLEVELS)]
    counts = {"runs": 0, "identical": 0, "refused": 0, "orig_failed": 0, "llc_orig": 0,
              "ptxas_orig": 0, "reparsed": 0, "llc_checked": 0, "ptxas_checked": 0,
              "clang_own": 0, "clang_differs": 0, "clang_stack": 0, "plugin_stack": 0,
              "seed": seed}
    failures = []
    run_args = genprog.run_args(seed, args.extended)
    bindir = os.path.join(args.build, "bin")
    for target in args.targets:
        ll = os.path.join(work, "p.%s.ll" % target)
        stack = False
        rc, _, err = sh(ocl.clang_cmd(cl, target, ll, olevel, no_inline))
        if rc < 0 and rc != -999:  # clang-22 alone died of a signal: LLVM's, no gasp
            stack = True
            counts["clang_stack"] += 1
            rc, _, err = sh(ocl.clang_cmd(cl, target, ll, olevel, no_inline), stack=True)
            if rc < 0 and rc != -999:  # deeper still (seed 10238 on amdgcn): the plugin gets it too
                stack = HUGE_STACK
                rc, _, err = sh(ocl.clang_cmd(cl, target, ll, olevel, no_inline), stack=stack)
        if rc:
            failures.append((seed, target, "clang", "clang-22 failed%s: %s"
                             % (" with a %d MB stack too" % ((BIG_STACK if stack is True else stack)
                                                              >> 20) if stack else "",
                                err[-400:]), [cl]))
            continue
        rc, out, err = sh([os.path.join(bindir, "gasp-run"), ll, "--kernel", "k",
                           "--check-as"] + run_args)
        if rc:
            counts["orig_failed"] += 1
            failures.append((seed, target, "original", "original does not run (exit %d): %s"
                             % (rc, err[-400:]), [cl, ll]))
            continue
        llc = args.llc and target in LLC
        ptxas = llc and target == "nvptx64" and PTXAS
        ptx = os.path.join(work, "p.%s.s" % target)
        if llc and sh(LLC[target] + [ll, "-o", ptx])[0]:
            llc = ptxas = False  # llc-22 itself fails on clang's output: not gasp's to pass
            counts["llc_orig"] += 1
        if ptxas and sh([PTXAS, "-arch=sm_90", "-c", ptx, "-o", os.devnull])[0]:
            ptxas = False  # ptxas rejects what llc-22 makes of clang's output
            counts["ptxas_orig"] += 1
        for name, flags in FLAGSETS:
            if (flags is None and not args.plugin) or name not in args.flagsets:
                continue
            counts["runs"] += 1
            out_ll = os.path.join(work, "p.%s.%s.ll" % (target, name))
            plugin = flags is None
            llc_here, ptxas_here = llc, ptxas
            if plugin:
                cmd = plugin_cmd(cl, target, out_ll, olevel, no_inline,
                                 args.build) + PLUGIN_OPTIONS[name]
                flags = []
                if olevel == "-O0":  # the plugin ran at -O3: so does the reference
                    llc_here, ptxas_here = own_checks(cl, target, work, "-O3", no_inline,
                                                      args.llc and target in LLC,
                                                      target == "nvptx64" and PTXAS, counts)
            else:
                cmd = [os.path.join(bindir, "gasp-opt"), "-S"] + flags + [ll, "-o", out_ll]
            rc, _, err = sh(cmd, env=(PRELOAD or None) if plugin else None,
                            stack=stack and plugin)
            if plugin and stack and rc < 0 and rc != -999:
                # clang-22 alone needed more than the default for this input
                # (near 64 MB it passes or not from run to run): HUGE_STACK
                counts["plugin_stack"] += 1
                stack = HUGE_STACK
                rc, _, err = sh(cmd, env=PRELOAD or None, stack=stack)
            if rc and plugin and not (rc == 1 and "gasp: error:" in err) and \
                    sh(plugin_cmd(cl, target, out_ll, olevel, no_inline, None),
                       stack=stack)[0] == rc:
                # clang-22 fails the same way without the plugin (LLVM's own
                # crash on a big function, say: seed 24063 on amdgcn at -O3,
                # the AMDGPU Attributor's isAssumedDead): not gasp's.  The
                # same compile with no plugin and none of its -mllvm options
                # (until 2026-12-03 the command less its last word, which for
                # plugin-wp kept the plugin and a dangling -mllvm)
                counts["clang_own"] += 1
                continue
            if any(s in err for s in SAN):
                failures.append((seed, target, name, "sanitizer report in gasp-opt:\n" +
                                 err[-1500:], [cl, ll]))
                continue
            # a refusal with gasp's message: gasp-opt's exit 1, or the compile
            # the plugin failed with its error (clang exits 1 too)
            if rc == 1 and (err.startswith("gasp-opt: ") or (plugin and "gasp: error:" in err)):
                counts["refused"] += 1
                counts.setdefault("why", []).append((target, name, refusal_text(err)))
                continue
            if rc:
                failures.append((seed, target, name, "%s exit %d: %s" % (cmd[0], rc, err[-600:]),
                                 [cl, ll]))
                continue
            # every output reads back (print -> parse -> verify)
            rc, _, err = sh(["opt-22", "-passes=verify", "-disable-output", out_ll])
            if rc:
                failures.append((seed, target, name, "re-parse: " + err[-600:],
                                 [cl, ll, out_ll]))
                continue
            counts["reparsed"] += 1
            if llc_here:
                out_ptx = out_ll + ".s"
                rc, _, err = sh(LLC[target] + [out_ll, "-o", out_ptx])
                if rc:
                    failures.append((seed, target, name, "llc-22: " + err[-600:],
                                     [cl, ll, out_ll]))
                    continue
                counts["llc_checked"] += 1
                if ptxas_here:
                    rc, _, err = sh([PTXAS, "-arch=sm_90", "-c", out_ptx, "-o", os.devnull])
                    if rc:
                        failures.append((seed, target, name, "ptxas: " + err[-600:],
                                         [cl, ll, out_ll, out_ptx]))
                        continue
                    counts["ptxas_checked"] += 1
            extra = ["--private-in-global"] if "--private-in-global" in flags else []
            rc, out, err = sh([os.path.join(bindir, "gasp-run"), ll, "--kernel", "k",
                               "--check-as", "--compare", out_ll] + extra + run_args)
            last = last_line(out)
            if plugin and (rc or last != "identical") and not any(s in err for s in SAN) and \
                    clang_differs_alike(cl, target, ll, out_ll, olevel, no_inline, run_args,
                                        bindir, stack):
                counts["clang_differs"] += 1
                continue
            if rc or last != "identical" or any(s in err for s in SAN):
                failures.append((seed, target, name, "gasp-run exit %d: %s %s" %
                                 (rc, last, err[-800:]), [cl, ll, out_ll]))
                continue
            counts["identical"] += 1
    for f in failures:
        keep(f, args)
    if not args.keep_work:
        shutil.rmtree(work, ignore_errors=True)
    return counts, failures


def replay_flags(args):
    """genprog's flags that make the failing program again (the streams
    this campaign ran), each after a blank."""
    return "".join(" " + f for f in genprog.stream_flags(args.extended, args.sizes, args.vectors,
                                                         args.writers, args.fnptrs,
                                                         args.external, args.asm,
                                                         args.builtins, args.outparams,
                                                         args.ints))


def keep(failure, args):
    seed, target, name, msg, files = failure
    d = os.path.join(args.keep, "s%d-%s-%s" % (seed, target, name))
    os.makedirs(d, exist_ok=True)
    for f in files:
        if os.path.exists(f):
            shutil.copy(f, d)
    flags = dict(FLAGSETS).get(name, [])
    if flags is None:  # the plugin: its clang-22 command instead of gasp-opt's
        with open(os.path.join(d, "README"), "w") as f:
            f.write("%s\n\nreplay: python3 scripts/genprog.py%s %d p.cl; %s; %s\n"
                    "gasp-run p.%s.ll --kernel k --check-as --compare out.ll %s\n" %
                    (msg, replay_flags(args), seed,
                     " ".join(ocl.clang_cmd("p.cl", target, "p.%s.ll" % target,
                                            *OLEVELS[seed % len(OLEVELS)])),
                     " ".join(plugin_cmd("p.cl", target, "out.ll",
                                         *OLEVELS[seed % len(OLEVELS)], args.build)),
                     target, " ".join(genprog.run_args(seed, args.extended))))
        return
    with open(os.path.join(d, "README"), "w") as f:
        f.write("%s\n\nreplay: python3 scripts/genprog.py%s %d p.cl; %s\n"
                "gasp-opt -S %s p.%s.ll -o out.ll; gasp-run p.%s.ll --kernel k --check-as "
                "--compare out.ll %s\n" %
                (msg, replay_flags(args), seed,
                 " ".join(ocl.clang_cmd("p.cl", target, "p.%s.ll" % target,
                                        *OLEVELS[seed % len(OLEVELS)])),
                 " ".join(flags), target, target, " ".join(genprog.run_args(seed, args.extended))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--targets", default="spir64,nvptx64,amdgcn")
    ap.add_argument("--llc", action="store_true")
    ap.add_argument("--plain", dest="extended", action="store_false",
                    help="the generator without its --extended constructs")
    ap.add_argument("--sizes", action="store_true",
                    help="genprog's realistic-size stream too (big helpers, long names, "
                    "many functions)")
    ap.add_argument("--vectors", action="store_true",
                    help="genprog's vector helpers too (uint4/uint2 through private and local "
                         "pointers)")
    ap.add_argument("--writers", action="store_true",
                    help="genprog's cursor structs too (handed to helpers that write their fields)")
    ap.add_argument("--fnptrs", action="store_true",
                    help="genprog's helpers called through function pointers too (tables of "
                         "two types; gasp's indirect pass under the whole-program set)")
    ap.add_argument("--external", action="store_true",
                    help="genprog --external: its static helpers external (gasp clones them "
                         "and keeps the originals)")
    ap.add_argument("--asm", action="store_const", const=True, default=False,
                    help="genprog --asm: pointers made by inline assembly on NVPTX (cvta.shared / "
                         "cvta.global), the argument itself elsewhere")
    ap.add_argument("--asm-data", dest="asm", action="store_const", const="data",
                    help="genprog --asm-data: --asm, and data through inline assembly (loads, "
                         "stores, arithmetic, a pointer's bits stored and read back: the memory "
                         "summary's reading of asm, target/asmfx.c)")
    ap.add_argument("--builtins", action="store_true",
                    help="genprog --builtins: OpenCL builtins handed generic pointers (vload4, "
                         "vstore4, C11 atomics, fract: the overloads pass on SPIR-V)")
    ap.add_argument("--outparams", action="store_true",
                    help="genprog --outparams: helpers writing through pointers to the caller's "
                         "uninitialized variables (out-parameters: the twins pass on NVPTX)")
    ap.add_argument("--ints", action="store_true",
                    help="genprog --ints: helpers reading their pointers' integers (an index "
                         "from two, a pointer made of one, bits kept in a private ulong; "
                         "NVPTX's named pointers' integers differ: gasp-run's window.c)")
    ap.add_argument("--flagsets", default=",".join(n for n, _ in FLAGSETS),
                    help="the flag sets to run (default: all)")
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds allowed to each command (default 120)")
    ap.add_argument("--keep", default=None)
    ap.add_argument("--keep-work", action="store_true")
    ap.add_argument("--progress", type=int, default=0,
                    help="print the counts every N programs")
    args = ap.parse_args()
    args.targets = args.targets.split(",")
    args.flagsets = args.flagsets.split(",")
    TIMEOUT[0] = args.timeout
    unknown = set(args.flagsets) - {n for n, _ in FLAGSETS}
    if unknown:
        ap.error("unknown flag set(s): %s" % ", ".join(sorted(unknown)))
    no_plugin = plugin_missing(args.build)
    args.plugin = not no_plugin
    nsets = len([n for n, f in FLAGSETS if n in args.flagsets and (f is not None or args.plugin)])
    args.keep = args.keep or os.path.join(args.build, "fuzz-diff")
    args.tmp = os.path.join(args.keep, "work")
    os.makedirs(args.tmp, exist_ok=True)
    total = {"runs": 0, "identical": 0, "refused": 0, "orig_failed": 0, "llc_orig": 0,
             "ptxas_orig": 0, "reparsed": 0, "llc_checked": 0, "ptxas_checked": 0,
             "clang_own": 0, "clang_differs": 0, "clang_stack": 0, "plugin_stack": 0}
    failures = []
    why = {}  # (target, flag set, refusal) -> count; each new one printed at once
    seeds = range(args.first, args.first + args.n)
    done = 0
    with ThreadPoolExecutor(max_workers=args.j) as ex:
        for counts, fails in ex.map(lambda s: one_program(s, args), seeds):
            done += 1
            for k in total:
                total[k] += counts[k]
            for w in counts.get("why", []):
                if w not in why:
                    print("REFUSED (a kind not seen before in this run) seed %d %s %s: %s"
                          % ((counts["seed"],) + w), flush=True)
                why[w] = why.get(w, 0) + 1
            if args.progress and done % args.progress == 0:
                print("fuzz-diff: %d programs so far: %d runs, %d identical, %d refused, "
                      "%d failures" % (done, total["runs"], total["identical"],
                                       total["refused"], len(failures) + len(fails)),
                      flush=True)
            for f in fails:
                print("FAIL seed %d %s %s: %s" % (f[0], f[1], f[2], f[3].splitlines()[0]
                                                  if f[3] else ""), flush=True)
            failures += fails
    bad = [f for f in failures if f[2] not in ("original",)]
    print("fuzz-diff: %d programs x %d targets x %d flag sets: %d runs, %d identical, "
          "%d refused, %d failed, %d originals that did not run (seeds %d..%d)" %
          (args.n, len(args.targets), nsets, total["runs"], total["identical"],
           total["refused"], len(bad), total["orig_failed"], args.first,
           args.first + args.n - 1))
    if not args.plugin:
        print("fuzz-diff: the plugin flag set left out: " + no_plugin)
    elif PRELOAD:
        print("fuzz-diff: the sanitized plugin loaded into clang-22 with " + PRELOAD["LD_PRELOAD"])
    if total["clang_stack"]:
        print("fuzz-diff: %d inputs made again with a %d MB stack: clang-22 alone died of a "
              "signal (LLVM's own: no gasp in that command)" % (total["clang_stack"],
                                                               BIG_STACK >> 20))
    if total["plugin_stack"]:
        print("fuzz-diff: %d plugin runs of those programs made again with a %d MB stack: "
              "clang-22 with the plugin died of a signal at %d MB" % (
                  total["plugin_stack"], HUGE_STACK >> 20, BIG_STACK >> 20))
    if total["clang_own"]:
        print("fuzz-diff: %d plugin runs not counted: clang-22 fails the same way without "
              "the plugin" % total["clang_own"])
    if total["clang_differs"]:
        print("fuzz-diff: %d plugin runs not counted: clang-22's own build at that level computes "
              "otherwise than the original too, and the plugin's output exactly what it computes"
              % total["clang_differs"])
    for (target, name, text), n in sorted(why.items(), key=lambda kv: -kv[1]):
        print("fuzz-diff: refused %d x (%s %s): %s" % (n, target, name, text))
    print("fuzz-diff: %d outputs re-parsed and verified" % total["reparsed"])
    if args.llc:
        print("fuzz-diff: llc-22 compiled %d nvptx64/amdgcn outputs; it rejected %d of "
              "clang's own outputs (originals, and -O3 references of the plugin's runs from -O0; "
              "those outputs were not given to llc)"
              % (total["llc_checked"], total["llc_orig"]))
        print("fuzz-diff: ptxas -arch=sm_90 -c assembled %d outputs%s; it rejected %d of the "
              "references' PTX (not given to ptxas)"
              % (total["ptxas_checked"], "" if PTXAS else " (no ptxas here)", total["ptxas_orig"]))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
