#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""overload-names.py — clang's own names of OpenCL's named-space builtins,
against the names gasp's overloads pass gives (test/overloads/names.test).

    overload-names.py gen PREFIX        writes PREFIX.g.cl and PREFIX.n.cl
    overload-names.py compare G.ll N.ll  per function, the last builtin called

PREFIX.g.cl calls every builtin family with a generic pointer (OpenCL C 2.0:
a cast of a global or local parameter, or the address of a private
variable), one function per call and per combination of spaces;
PREFIX.n.cl makes the same calls with the named pointers themselves, for
clang-22 at OpenCL C 3.0 with __opencl_c_named_address_space_builtins and
no generic space, so clang names the overload.  compare reads gasp's output
of the first and clang's of the second and prints each difference and a
count."""
import itertools
import re
import sys


def families():
    calls = []  # (call text with %s per pointer then the value type, pointee types, value type)
    for a, c in (("atomic_int", "int"), ("atomic_uint", "uint"), ("atomic_float", "float")):
        calls += [("atomic_init(%s, (%s)1)", [a], c), ("atomic_store(%s, (%s)1)", [a], c),
                  ("atomic_store_explicit(%s, (%s)1, memory_order_relaxed)", [a], c),
                  ("atomic_store_explicit(%s, (%s)1, memory_order_relaxed, memory_scope_device)",
                   [a], c),
                  ("atomic_load(%s)", [a], c),
                  ("atomic_load_explicit(%s, memory_order_relaxed, memory_scope_work_group)", [a], c),
                  ("atomic_exchange(%s, (%s)1)", [a], c),
                  ("atomic_compare_exchange_strong(%s, %s, (%s)1)", [a, c], c),
                  ("atomic_compare_exchange_weak_explicit(%s, %s, (%s)1, memory_order_relaxed, "
                   "memory_order_relaxed)", [a, c], c),
                  ("atomic_compare_exchange_strong_explicit(%s, %s, (%s)1, memory_order_relaxed, "
                   "memory_order_relaxed, memory_scope_device)", [a, c], c)]
        if c != "float":
            for op in ("add", "sub", "or", "xor", "and", "min", "max"):
                calls += [("atomic_fetch_%s(%%s, (%%s)1)" % op, [a], c),
                          ("atomic_fetch_%s_explicit(%%s, (%%s)1, memory_order_relaxed, "
                           "memory_scope_device)" % op, [a], c)]
    calls += [("atomic_flag_test_and_set(%s)", ["atomic_flag"], None),
              ("atomic_flag_clear_explicit(%s, memory_order_relaxed)", ["atomic_flag"], None)]
    for ty in ("float", "int", "uchar", "double"):
        calls += [("vload4(1, %s)", [ty], None), ("vstore8((%s8)0, 1, %%s)" % ty, [ty], None),
                  ("vload3(1, %s)", [ty], None), ("vstore2((%s2)0, 1, %%s)" % ty, [ty], None)]
    calls += [("vload_half(1, %s)", ["half"], None), ("vload_half4(1, %s)", ["half"], None),
              ("vloada_half2(1, %s)", ["half"], None), ("vstore_half(1.0f, 1, %s)", ["half"], None),
              ("vstore_half4_rte((float4)0, 1, %s)", ["half"], None),
              ("vstorea_half8_rtz((float8)0, 1, %s)", ["half"], None),
              ("vstore_half((double)1.0, 1, %s)", ["half"], None)]
    for ty in ("float", "double", "float4", "double2"):
        ity = "int" + (ty[-1] if ty[-1].isdigit() else "")
        calls += [("fract((%s)1, %%s)" % ty, [ty], None), ("modf((%s)1, %%s)" % ty, [ty], None),
                  ("sincos((%s)1, %%s)" % ty, [ty], None), ("frexp((%s)1, %%s)" % ty, [ity], None),
                  ("lgamma_r((%s)1, %%s)" % ty, [ity], None),
                  ("remquo((%s)1, (%s)2, %%s)" % (ty, ty), [ity], None)]
    return calls


def gen(prefix):
    head = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
    g, n, fid = [], [], 0
    for tmpl, ptrs, c in families():
        # an atomic object is global or local; anything else may be private too
        choices = [("g", "l") if p.startswith("atomic") else ("g", "l", "p") for p in ptrs]
        for combo in itertools.product(*choices):
            fid += 1
            params = ", ".join("%s %s *p%d" % ("local" if s == "l" else "global", t, i)
                               for i, (s, t) in enumerate(zip(combo, ptrs)))
            pre, names = "", []
            for i, (s, t) in enumerate(zip(combo, ptrs)):
                if s == "p":
                    pre += "%s v%d; " % (t, i)
                    names.append("&v%d" % i)
                else:
                    names.append("p%d" % i)
            extra = [c] if c is not None and tmpl.count("%s") > len(ptrs) else []
            generic = ["(%s *)%s" % (t, x) for t, x in zip(ptrs, names)]
            g.append("void f%d(%s) { %s%s; }" % (fid, params, pre, tmpl % tuple(generic + extra)))
            n.append("void f%d(%s) { %s%s; }" % (fid, params, pre, tmpl % tuple(names + extra)))
    open(prefix + ".g.cl", "w").write(head + "\n".join(g) + "\n")
    open(prefix + ".n.cl", "w").write(head + "\n".join(n) + "\n")


def last_calls(path):
    out, cur = {}, None
    for line in open(path):
        m = re.match(r"define .*@(f\d+)\(", line)
        if m:
            cur = m.group(1)
        m = re.search(r"call spir_func [^@]*@(_Z\w+)\(", line)
        if m and cur:
            out[cur] = m.group(1)
    return out


def compare(gasp, clang):
    a, b = last_calls(gasp), last_calls(clang)
    same = 0
    for f in sorted(b, key=lambda x: int(x[1:])):
        if a.get(f) == b[f]:
            same += 1
        else:
            print("%s: gasp %s, clang %s" % (f, a.get(f), b[f]))
    generic = sum("PU3AS4" in x for x in a.values())
    print("%d calls, %d the same, %d left generic" % (len(b), same, generic))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        compare(sys.argv[2], sys.argv[3])
