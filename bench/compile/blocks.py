#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""blocks.py [--sizes 2500,5000,10000,20000] [--runs 3] [--build build]
            [--base OLD_BUILD] [--out bench/compile/blocks.md] — what gasp-opt
costs on one block that holds N of one thing, as N doubles.

Each shape is an NVPTX module written here (no sources, no generator): one
kernel whose one block holds N copies of what one pass once answered by
walking the block or a value's uses per copy, so that its cost grew with
N squared:

  slot-calls    one stack slot passed to N calls of one helper, read after
                each (twins' out-parameter question: every use of the slot
                per call)
  slot-helpers  the same slot passed to N calls of N helpers, one each
                (twins retypes each helper: what it had read of the
                slot's uses was dropped with every retype, and read again
                whole by the next)
  private-helpers
                a private pointer that is no slot (an element at a variable
                index) passed to N calls of N helpers, one each (twins
                takes each parameter generic and casts the pointer at each
                call; each retype asked whether one of the casts made for
                the calls before is live after its call: every cast)
  shared-calls  one shared pointer passed to N calls of one helper, its
                generic cast handed to an external function after each
                (twins' live twin: every use of the pointer per call)
  shared-calls-reversed
                the same with both values' use lists earliest first
                (`uselistorder`: clang's in-memory modules keep them in no
                set order; twins' question whether the cast is read after
                a call walked every earlier use)
  shared-helpers
                the same pointer passed to N calls of N helpers, one each
                (twins retypes each helper, and read the pointer's casts
                and the cast's uses again after each)
  assume-uses   one assumed space test (llvm.assume of isspacep.global)
                and N accesses after it (infer's space facts: the block
                walked from the assume per use)
  slot-loads    one stack slot holding a generic pointer, loaded N times
                (infer's and memsum's by-value-copy question, per load:
                every use of the slot)
  ordered-loads one stack struct whose first field was written twice,
                loaded N times, its other field written after each load
                (the memory model's writes ordered within a block: each
                load walked back over the block to the last write of its
                field, each instruction on the way looked up among every
                access: cubic)
  slot-fields   one stack array of N generic pointers, each element
                written and then loaded once (the memory model's slot per
                field: every write of the region asked per field)
  fields-apart  one stack array of N generic pointers, each element written
                twice, then each loaded (the writes ordered within a block:
                each load walked back over the block to its element's
                last write, passing every other element's accesses; its
                memo once held every access each walk passed, N squared
                entries; now a binary search among the element's writes)
  big-then-small
                fields-apart in one helper, then N / 4 small helpers, each
                with a stack slot written twice and loaded (not one block:
                maps cleared per function and per region, each clear
                zeroing all the storage the big helper grew)

gasp-opt BUILD/bin/gasp-opt with its default passes, CPU = user + system of
the whole process (bench/compile/compile.py's measure), the median of --runs
after one warm-up.  Per shape and N: the CPU and the ratio to the previous
N; linear cost doubles with N (ratio about 2, reading and writing the
module included), a cost that grows with N squared quadruples.  --base:
the same with another build's gasp-opt beside it (an older commit's).
--cap S: a warm-up over S CPU seconds (default 60) is that cell's figure
alone ("one run"), and that build is not run at the larger N of the shape.
The committed report: bench/compile/blocks.md.  Never a pass/fail test."""
import argparse
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compile as C  # noqa: E402

HEAD = ['target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"',
        'target triple = "nvptx64-nvidia-cuda"', '']


def private_writers(names):
    """A helper writing through its private pointer, per name."""
    body = []
    for h in names:
        body += ['define internal void @%s(ptr addrspace(5) %%p, i32 %%v) {' % h,
                 '  store i32 %v, ptr addrspace(5) %p, align 4', '  ret void', '}', '']
    return body


def slot_calls(n, own_helper=False):
    callee = (lambda k: 'h%d' % k) if own_helper else (lambda k: 'h')
    body = private_writers([callee(k) for k in range(n if own_helper else 1)])
    body += ['define ptx_kernel void @k(ptr addrspace(1) %out) {',
             '  %s = alloca i32, align 4',
             '  %a = addrspacecast ptr %s to ptr addrspace(5)',
             '  %g = addrspacecast ptr addrspace(5) %a to ptr']
    for k in range(n):
        body += ['  call void @%s(ptr addrspace(5) %%a, i32 %d)' % (callee(k), k),
                 '  %%x%d = load i32, ptr %%g, align 4' % k,
                 '  store volatile i32 %%x%d, ptr addrspace(1) %%out, align 4' % k]
    return body + ['  ret void', '}']


def slot_helpers(n):
    """slot_calls with a helper of its own per call (each retyped by twins)."""
    return slot_calls(n, own_helper=True)


def private_helpers(n):
    """A private pointer that is no stack slot (an element at a variable
    index) passed to N calls of N helpers, one each."""
    body = private_writers(['h%d' % k for k in range(n)])
    body += ['define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {',
             '  %s = alloca [64 x i32], align 4',
             '  %a0 = addrspacecast ptr %s to ptr addrspace(5)',
             '  %a = getelementptr i32, ptr addrspace(5) %a0, i32 %i']
    body += ['  call void @h%d(ptr addrspace(5) %%a, i32 %d)' % (k, k) for k in range(n)]
    return body + ['  %x = load i32, ptr addrspace(5) %a0, align 4',
                   '  store i32 %x, ptr addrspace(1) %out, align 4', '  ret void', '}']


def shared_calls(n):
    body = ['@tile = internal addrspace(3) global [64 x i32] undef, align 4', '',
            'declare void @use(ptr, i32)', '',
            'define internal i32 @h(ptr addrspace(3) %p, i32 %v) {',
            '  %x = load i32, ptr addrspace(3) %p, align 4', '  %y = add i32 %x, %v',
            '  ret i32 %y', '}', '',
            'define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {',
            '  %a = getelementptr i32, ptr addrspace(3) @tile, i32 %i',
            '  %g = addrspacecast ptr addrspace(3) %a to ptr']
    for k in range(n):
        body += ['  %%r%d = call i32 @h(ptr addrspace(3) %%a, i32 %d)' % (k, k),
                 '  call void @use(ptr %%g, i32 %%r%d)' % k]
    return body + ['  ret void', '}']


def shared_helpers(n):
    """shared_calls with a helper of its own per call (each retyped by twins)."""
    body = ['@tile = internal addrspace(3) global [64 x i32] undef, align 4', '',
            'declare void @use(ptr, i32)', '']
    for k in range(n):
        body += ['define internal i32 @h%d(ptr addrspace(3) %%p, i32 %%v) {' % k,
                 '  %x = load i32, ptr addrspace(3) %p, align 4', '  %y = add i32 %x, %v',
                 '  ret i32 %y', '}', '']
    body += ['define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {',
             '  %a = getelementptr i32, ptr addrspace(3) @tile, i32 %i',
             '  %g = addrspacecast ptr addrspace(3) %a to ptr']
    for k in range(n):
        body += ['  %%r%d = call i32 @h%d(ptr addrspace(3) %%a, i32 %d)' % (k, k, k),
                 '  call void @use(ptr %%g, i32 %%r%d)' % k]
    return body + ['  ret void', '}']


def shared_calls_reversed(n):
    body = shared_calls(n)[:-1]
    body += ['  uselistorder ptr %%g, { %s }' % ", ".join(str(x) for x in range(n - 1, -1, -1)),
             '  uselistorder ptr addrspace(3) %%a, { %s }' % ", ".join(
                 str(x) for x in range(n, -1, -1)), '}']
    return body


def assume_uses(n):
    body = ['declare void @llvm.assume(i1)', 'declare i1 @llvm.nvvm.isspacep.global(ptr)', '',
            'define internal void @h(ptr %p) {',
            '  %c = call i1 @llvm.nvvm.isspacep.global(ptr %p)',
            '  call void @llvm.assume(i1 %c)']
    for k in range(n):
        body += ['  %%q%d = getelementptr i32, ptr %%p, i32 %d' % (k, k),
                 '  store i32 %d, ptr %%q%d, align 4' % (k, k)]
    return body + ['  ret void', '}', '', 'define ptx_kernel void @k(ptr %p) {',
                   '  call void @h(ptr %p)', '  ret void', '}']


def slot_loads(n):
    body = ['define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {',
            '  %s = alloca { ptr, ptr }, align 8',
            '  %g = addrspacecast ptr addrspace(1) %in to ptr',
            '  store ptr %g, ptr %s, align 8',
            '  %o = addrspacecast ptr addrspace(1) %out to ptr']
    return body + slot_load_copies(n) + ['  ret void', '}']


def slot_load_copies(n, then=None):
    """N loads of a pointer from %s, each moved to its copy's element and
    read, the value stored at that element of %o; then(k): lines after
    the move."""
    lines = []
    for k in range(n):
        lines += ['  %%p%d = load ptr, ptr %%s, align 8' % k,
                  '  %%q%d = getelementptr i32, ptr %%p%d, i64 %d' % (k, k, k)]
        lines += then(k) if then else []
        lines += ['  %%v%d = load i32, ptr %%q%d, align 4' % (k, k),
                  '  %%w%d = getelementptr i32, ptr %%o, i64 %d' % (k, k),
                  '  store i32 %%v%d, ptr %%w%d, align 4' % (k, k)]
    return lines


def ordered_loads(n):
    body = ['define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in,'
            ' ptr addrspace(1) %in2) {',
            '  %s = alloca { ptr, ptr }, align 8',
            '  %f1 = getelementptr inbounds i8, ptr %s, i64 8',
            '  %g = addrspacecast ptr addrspace(1) %in to ptr',
            '  %g2 = addrspacecast ptr addrspace(1) %in2 to ptr',
            '  store ptr %g, ptr %s, align 8',
            '  store ptr %g2, ptr %s, align 8',
            '  %o = addrspacecast ptr addrspace(1) %out to ptr']
    return body + slot_load_copies(n, lambda k: ['  store ptr %%q%d, ptr %%f1, align 8' % k]) + [
        '  ret void', '}']


def slot_fields(n):
    body = ['define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {',
            '  %%s = alloca [%d x ptr], align 8' % n,
            '  %g = addrspacecast ptr addrspace(1) %in to ptr',
            '  %o = addrspacecast ptr addrspace(1) %out to ptr']
    for k in range(n):
        body += ['  %%f%d = getelementptr inbounds i8, ptr %%s, i64 %d' % (k, 8 * k),
                 '  %%g%d = getelementptr i32, ptr %%g, i64 %d' % (k, k),
                 '  store ptr %%g%d, ptr %%f%d, align 8' % (k, k),
                 '  %%p%d = load ptr, ptr %%f%d, align 8' % (k, k),
                 '  %%v%d = load i32, ptr %%p%d, align 4' % (k, k),
                 '  %%w%d = getelementptr i32, ptr %%o, i64 %d' % (k, k),
                 '  store i32 %%v%d, ptr %%w%d, align 4' % (k, k)]
    return body + ['  ret void', '}']


def fields_apart(n):
    body = ['define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in,'
            ' ptr addrspace(1) %in2) {',
            '  %%s = alloca [%d x ptr], align 8' % n,
            '  %g = addrspacecast ptr addrspace(1) %in to ptr',
            '  %h = addrspacecast ptr addrspace(1) %in2 to ptr',
            '  %o = addrspacecast ptr addrspace(1) %out to ptr']
    for k in range(n):
        body += ['  %%f%d = getelementptr inbounds i8, ptr %%s, i64 %d' % (k, 8 * k),
                 '  store ptr %%g, ptr %%f%d, align 8' % k,
                 '  store ptr %%h, ptr %%f%d, align 8' % k]
    for k in range(n):
        body += ['  %%p%d = load ptr, ptr %%f%d, align 8' % (k, k),
                 '  %%v%d = load i32, ptr %%p%d, align 4' % (k, k),
                 '  %%w%d = getelementptr i32, ptr %%o, i64 %d' % (k, k),
                 '  store i32 %%v%d, ptr %%w%d, align 4' % (k, k)]
    return body + ['  ret void', '}']


def big_then_small(n):
    """fields_apart(n) in a helper, then n / 4 small helpers after it, each
    with one stack slot written twice and loaded; the kernel calls them all."""
    body = ['define internal void @big(ptr addrspace(1) %out, ptr addrspace(1) %in,'
            ' ptr addrspace(1) %in2) {'] + fields_apart(n)[1:]
    m = n // 4
    for k in range(m):
        body += ['', 'define internal void @small%d(ptr addrspace(1) %%out, ptr addrspace(1) %%in,'
                 ' ptr addrspace(1) %%in2) {' % k,
                 '  %s = alloca ptr, align 8',
                 '  %g = addrspacecast ptr addrspace(1) %in to ptr',
                 '  %h = addrspacecast ptr addrspace(1) %in2 to ptr',
                 '  store ptr %g, ptr %s, align 8', '  store ptr %h, ptr %s, align 8',
                 '  %p = load ptr, ptr %s, align 8', '  %v = load i32, ptr %p, align 4',
                 '  %%w = getelementptr i32, ptr addrspace(1) %%out, i64 %d' % k,
                 '  store i32 %v, ptr addrspace(1) %w, align 4', '  ret void', '}']
    body += ['', 'define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in,'
             ' ptr addrspace(1) %in2) {']
    args = '(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %in2)'
    body += ['  call void @big' + args] + ['  call void @small%d%s' % (k, args) for k in range(m)]
    return body + ['  ret void', '}']


SHAPES = {"slot-calls": slot_calls, "slot-helpers": slot_helpers,
          "private-helpers": private_helpers, "shared-calls": shared_calls,
          "shared-calls-reversed": shared_calls_reversed, "shared-helpers": shared_helpers,
          "assume-uses": assume_uses, "slot-loads": slot_loads,
          "ordered-loads": ordered_loads, "slot-fields": slot_fields,
          "fields-apart": fields_apart, "big-then-small": big_then_small}


def cpu(opt, path, runs, cap):
    """The median CPU of runs after a warm-up, and whether it was measured
    so; a warm-up over cap seconds is the answer alone (False)."""
    cmd = [opt, path, "-o", os.devnull]
    warm = C.measure(cmd)[0]
    if warm > cap:
        return warm, False
    return statistics.median(C.measure(cmd)[0] for _ in range(runs)), True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="2500,5000,10000,20000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--base", help="another build to time beside it")
    ap.add_argument("--base-label", help="what --base is, for the report (a commit)")
    ap.add_argument("--cap", type=float, default=60.0)
    ap.add_argument("--shapes", default=",".join(SHAPES),
                    help="which shapes (comma-separated; default all)")
    ap.add_argument("--out", default=os.path.join(HERE, "blocks.md"))
    a = ap.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")]
    builds = [("gasp-opt", a.build)] + ([("base", a.base)] if a.base else [])
    cols = " | ".join("%s CPU s | x previous" % name for name, _ in builds)
    lines = ["# gasp-opt on one block of N things, as N doubles", "",
             "`python3 bench/compile/blocks.py%s%s` — gasp-opt's default passes on "
             "modules written by the script (one kernel block holding N of one shape; "
             "the script's docstring says what each exercises); CPU = user + system, "
             "median of %d after a warm-up (a warm-up over %g s is the cell alone, "
             "\"one run\", and that build is not run at the larger N).  A linear cost "
             "doubles with N; one that grows with N squared quadruples." % (
                  ("" if a.sizes == "2500,5000,10000,20000" else " --sizes " + a.sizes) +
                 ("" if a.runs == 3 else " --runs %d" % a.runs) +
                 ("" if a.cap == 60.0 else " --cap %g" % a.cap) +
                 ("" if a.shapes == ",".join(SHAPES) else " --shapes " + a.shapes),
                 " --base OLD" if a.base else "", a.runs, a.cap) +
             ("  base: OLD, %s." % a.base_label if a.base and a.base_label else ""), "",
             "| shape | N | %s |" % cols,
             "|---|---|" + "---|---|" * len(builds)]
    with tempfile.TemporaryDirectory() as tmp:
        for shape in a.shapes.split(","):
            make = SHAPES[shape]
            prev = {}
            for n in sizes:
                path = os.path.join(tmp, "%s-%d.ll" % (shape, n))
                with open(path, "w") as f:
                    f.write("\n".join(HEAD + make(n)) + "\n")
                cells = []
                for name, build in builds:
                    if prev.get(name, 0) > a.cap:
                        cells.append("not run (over %g s at the previous N) | –" % a.cap)
                        prev[name] = float("inf")
                        continue
                    t, median = cpu(os.path.join(build, "bin", "gasp-opt"), path, a.runs, a.cap)
                    cells.append("%.3f%s | %s" % (t, "" if median else " (one run)",
                                                  "%.2f" % (t / prev[name]) if name in prev
                                                  and prev[name] > 0 else "–"))
                    prev[name] = t
                lines.append("| %s | %d | %s |" % (shape, n, " | ".join(cells)))
    return C.write_out(a.out, "\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
