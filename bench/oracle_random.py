#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""oracle_random.py [N] [FIRST] [--extended] — gasp against the oracle on random
OpenCL programs (scripts/genprog.py, the fuzz-diff generator: helpers taking
generic pointers, private state structs, pointer tables, atomics).

For each seed FIRST..FIRST+N-1 and each target (spir64, nvptx64, amdgcn),
clang-22 -O1 -fno-inline-functions, then
  oracle   gasp-run --oracle on clang's output: the generic access sites the
           run executed, and how many touched more than one space in some
           calling context (multi-space-sites) — no static tool can name
           those in that context without cloning by data
  gasp     generic memory ops left in code reachable from the kernel
           (gasp-opt --summary, open world and --whole-program, and
           --whole-program --version-by-space=on)
Every gasp-opt run takes --clone-cost=0: the oracle judges what inference
can name, and the clone cost model's refusals (1 instruction a named use on
every target, src/transform/specialize.c) are the final-code benches' to
weigh (bench/random, bench/pipeline).
A program where gasp leaves more than the oracle's multi-space count has
accesses the oracle saw single-space in every context that gasp left
generic (an upper bound: a site the run never executed is not judged by the
oracle, and gasp counts such sites too).  For those programs the Missed
remarks' reasons are tallied.

Per site: the totals above count gasp's residue in instructions after
cloning (a helper copied per calling context leaves its multi-space
accesses once per copy) and the oracle's in original sites.  The second
table compares like with like: each program compiled again with -g, the
sites gasp leaves generic (its Missed remarks, --whole-program) keyed by
source location and kind (load, store, atomicrmw, cmpxchg, other), each
judged by the oracle's verdict for the site at that key: multi-space in
some context (no static proof can name it there), single-space in every
context (gasp's true excess), or not run.  Writes bench/oracle/oracle_random.md and
prints it; with --extended, genprog's extended programs (structs by value,
null-or-space pointers, loops through a pointer of two spaces, ...) into
bench/oracle/oracle_random_extended.md."""
import collections
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import genprog  # noqa: E402
import ocl  # noqa: E402
sys.path.insert(0, HERE)
from benchlib import sh, write_report  # noqa: E402

BIN = os.path.join(ROOT, "build", "bin")
GASP = [os.path.join(BIN, "gasp-opt"), "--clone-cost=0"]  # what inference names (above)
TARGETS = ["spir64", "nvptx64", "amdgcn"]


def left(ll, flags):
    return left_loops(ll, flags)[0]


def left_loops(ll, flags):
    """Generic accesses left in kernel-reachable code, of them inside loops,
    and of those through a pointer of two spaces set before a loop that
    versioning could copy (gasp-opt --summary)."""
    r = sh(GASP + ["--summary"] + flags + [ll, "-o", os.devnull])
    m = re.search(r"generic memory ops reachable from kernels: (\d+)", r.stderr)
    lp = re.search(r"inside loops: (\d+) \((\d+) through", r.stderr)
    return (int(m.group(1)) if m else None,) + ((int(lp.group(1)), int(lp.group(2))) if lp else (0, 0))


def reasons(ll, flags):
    r = sh(GASP + ["-pass-remarks-missed=gasp"] + flags +
           [ll, "-o", os.devnull])
    out = collections.Counter()
    for line in r.stderr.splitlines():
        m = re.search(r"stays generic: ([^(]*)", line)
        if m and "externally visible function with no caller" not in line:
            out[m.group(1).strip()] += 1
    return out


EXTENDED = "--extended" in sys.argv
KINDS = ("load", "store", "atomicrmw", "cmpxchg")


def kind_of(text):
    words = text.replace("=", " ").split()
    for w in words[:3]:
        if w in KINDS:
            return w
    return "other"


def gasp_sites(ll, flags):
    """(location, kind) -> gasp's reason, for each access gasp leaves
    generic in live code."""
    r = sh(GASP + ["-pass-remarks-missed=gasp"] + flags +
           [ll, "-o", os.devnull])
    out = {}
    for line in r.stderr.splitlines():
        m = re.match(r"remark: (\S+:\d+:\d+): (\S+) stays generic: (.*)", line)
        if m and "externally visible function with no caller" not in m.group(3):
            key = (m.group(1), m.group(2) if m.group(2) in KINDS else "other")
            out.setdefault(key, re.sub(r" \(.*", "", m.group(3)).strip())
    return out


def oracle_sites(text):
    """(location, kind) -> True when multi-space in some context."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"oracle: site \d+ @\S+: (.*) \((\S+:\d+:\d+)\): .*"
                     r"(multi-space|single-space in every context)$", line)
        if m:
            key = (m.group(2), kind_of(m.group(1)))
            out[key] = out.get(key, False) or m.group(3) == "multi-space"
    return out


def per_site(cl, t, args, tmp, seed):
    """(gasp residue sites, of which oracle multi, single, not run) and the
    same with --version-by-space=on, or None."""
    ll = os.path.join(tmp, "g%d.%s.ll" % (seed, t))
    cmd = ocl.clang_cmd(cl, t, ll)
    cmd.insert(1, "-g")
    if sh(cmd).returncode:
        return None
    r = sh([os.path.join(BIN, "gasp-run"), ll, "--kernel", "k", "--oracle"] + args, timeout=120)
    if r.returncode:
        return None
    orc = oracle_sites(r.stdout)
    res = []
    for flags in (["--whole-program"], ["--whole-program", "--version-by-space=on"]):
        g = gasp_sites(ll, flags)
        multi = sum(1 for k in g if orc.get(k) is True)
        single = [g[k] for k in g if orc.get(k) is False]
        res.append((len(g), multi, len(single), len(g) - multi - len(single),
                    collections.Counter(single)))
    return res


def one(seed, tmp):
    rows = []
    cl = os.path.join(tmp, "s%d.cl" % seed)
    genprog.main_to(seed, cl, EXTENDED)
    args = genprog.run_args(seed, EXTENDED)
    for t in TARGETS:
        ll = os.path.join(tmp, "s%d.%s.ll" % (seed, t))
        if sh(ocl.clang_cmd(cl, t, ll)).returncode:
            continue
        r = sh([os.path.join(BIN, "gasp-run"), ll, "--kernel", "k", "--oracle"] + args,
               timeout=120)
        m = re.search(r"oracle: generic-accesses=\d+ sites=(\d+) single-space-sites=(\d+) "
                      r"multi-space-sites=(\d+)", r.stdout)
        if r.returncode or not m:
            continue
        sites, single, multi = map(int, m.groups())
        a, (w, wl, wv) = left(ll, []), left_loops(ll, ["--whole-program"])
        v, vl, vv = left_loops(ll, ["--whole-program", "--version-by-space=on"])
        why = reasons(ll, ["--whole-program"]) if w is not None and w > multi else {}
        rows.append((seed, t, sites, single, multi, a, w, why, v, per_site(cl, t, args, tmp, seed),
                     (wl, wv, vl, vv)))
    return rows


def main():
    pos = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(pos[0]) if len(pos) > 0 else 40
    first = int(pos[1]) if len(pos) > 1 else 3001
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as ex:
        rows = [r for rs in ex.map(lambda s: one(s, tmp), range(first, first + n)) for r in rs]
    out = ["machine: %d cores; %s" % (os.cpu_count(), sh(["clang-22", "--version"]).stdout.splitlines()[0]),
           "", "seeds %d..%d%s, clang-22 -O1 -fno-inline-functions; generic accesses in code the "
           "kernel reaches" % (first, first + n - 1, " (extended programs)" if EXTENDED else ""), "",
           "| target | programs | oracle sites run | oracle multi-space | gasp left | gasp wp left "
           "| programs wp > oracle | excess (wp) | wp, --version-by-space=on |",
           "|---|---|---|---|---|---|---|---|---|"]
    why = collections.Counter()
    for t in TARGETS:
        rs = [r for r in rows if r[1] == t]
        over = [r for r in rs if r[6] > r[4]]
        for r in over:
            why.update(r[7])
        out.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (
            t, len(rs), sum(r[2] for r in rs), sum(r[4] for r in rs), sum(r[5] for r in rs),
            sum(r[6] for r in rs), len(over), sum(r[6] - r[4] for r in over),
            sum(r[8] or 0 for r in rs)))
    out += ["", "Per site (compiled again with -g; gasp --whole-program; each site gasp "
            "leaves generic, by source location and kind, judged by the oracle's verdict "
            "for it):", "",
            "| target | programs | oracle multi-space sites | gasp residue sites | of which "
            "oracle multi-space | oracle single-space (excess) | not run | with versioning: "
            "residue sites | excess |",
            "|---|---|---|---|---|---|---|---|---|"]
    for t in TARGETS:
        rs = [r for r in rows if r[1] == t and r[9]]
        tot = [sum(r[9][0][i] for r in rs) for i in range(4)]
        vt = [sum(r[9][1][i] for r in rs) for i in range(4)]
        out.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (
            t, len(rs), sum(r[4] for r in rs), tot[0], tot[1], tot[2], tot[3], vt[0], vt[2]))
    out += ["", "Inside loops (gasp --whole-program; accesses in kernel-reachable code, and of "
            "them those through a pointer of two spaces set before a loop that "
            "--version-by-space could copy: one space test there could name them):", "",
            "| target | in loops | of which versionable | with versioning: in loops | of which "
            "versionable |", "|---|---|---|---|---|"]
    for t in TARGETS:
        rs = [r for r in rows if r[1] == t]
        out.append("| %s | %d | %d | %d | %d |" % ((t,) + tuple(
            sum(r[10][i] for r in rs) for i in range(4))))
    single = collections.Counter()
    for r in rows:
        if r[1] == TARGETS[0] and r[9]:
            single.update(r[9][0][4])
    out += ["", "Sites the oracle saw in one space in every context that gasp leaves generic "
            "(--whole-program, %s), by gasp's reason — the oracle judges one run with one "
            "input, so a site whose space a run-time value picks (a select or phi on data, "
            "a helper returning one of its arguments by a condition, a table slot indexed by "
            "data) counts here when that run took one side:" % TARGETS[0], ""]
    out += ["- %d: %s" % (c, k) for k, c in single.most_common()]
    out += ["", "Reasons gasp gives (--whole-program) in the programs where it leaves more "
            "than the oracle's multi-space count:", ""]
    out += ["- %d: %s" % (c, k) for k, c in why.most_common(12)]
    text = "\n".join(out) + "\n"
    write_report("oracle", "oracle_random_extended.md" if EXTENDED else "oracle_random.md", text)


if __name__ == "__main__":
    main()
