#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""import-cycles.py OBJDIR — the file-level dependency graph of src/, read
from the object files (nm: what each file defines and what it uses), and
its cycles: "a.c needs b.c and b.c needs a.c" at link level, whatever the
headers say (scripts/layers.py checks the includes and the layers; this,
the cycles within a layer).
Prints each cycle with the symbols on its edges, then "N files, N cycles";
exit 1 when there is a cycle."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layers  # noqa: E402


def graph(objdir):
    defs, uses = layers.symbols(objdir)  # what each file defines and uses (nm)
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
