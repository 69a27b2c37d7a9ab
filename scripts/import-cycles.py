#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""import-cycles.py OBJDIR — the file-level dependency graph of src/, read
from the object files (nm: what each file defines and what it uses), and
its cycles: "a.c needs b.c and b.c needs a.c" at link level, whatever the
headers say (scripts/layers.py checks the includes and the layers; this, the cycles
within a layer).
Prints each cycle with the symbols on its edges, then "N files, N cycles";
exit 1 when there is a cycle."""
import glob
import os
import subprocess
import sys


def graph(objdir):
    defs, uses = {}, {}
    for o in sorted(glob.glob(os.path.join(objdir, "**", "*.o"), recursive=True)):
        name = os.path.relpath(o, objdir)[:-2]
        d, u = set(), set()
        for line in subprocess.run(["nm", o], capture_output=True, text=True).stdout.split("\n"):
            p = line.split()
            if len(p) == 3 and p[1] in "TDBR":
                d.add(p[2])
            elif len(p) == 2 and p[0] == "U":
                u.add(p[1])
        defs[name], uses[name] = d, u
    owner = {s: f for f, ds in defs.items() for s in ds}
    g = {f: sorted({owner[s] for s in uses[f] if s in owner and owner[s] != f}) for f in defs}
    return g, uses, owner


def cycles(g):
    """Strongly connected components of more than one file (Tarjan)."""
    idx, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        idx[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in idx:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], idx[w])
        if low[v] == idx[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in g:
        if v not in idx:
            visit(v)
    return out


def main():
    objdir = sys.argv[1] if len(sys.argv) > 1 else "build/obj/src"
    g, uses, owner = graph(objdir)
    found = cycles(g)
    for comp in found:
        print("cycle: " + " <-> ".join(comp))
        for a in comp:
            for b in comp:
                if b in g[a]:
                    syms = sorted(s for s in uses[a] if owner.get(s) == b)
                    print("  %s -> %s: %s" % (a, b, ", ".join(syms)))
    print("%d files, %d cycles" % (len(g), len(found)))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
