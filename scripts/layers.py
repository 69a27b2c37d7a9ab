#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""layers.py — the library's layers, checked: each folder of src/ is a
layer, and a file may use only its own layer and the layers this table
lets it use (docs/design.md, "Layers").

  python3 scripts/layers.py --obj BUILD/obj/src --src src      check
  python3 scripts/layers.py --src src --picture                 the picture

Two readings, both must agree with the table:
  uses      read from the object files (nm: what each file defines, what
            it uses): file F of layer L uses a symbol defined in layer M
            only when M is L or one of L's;  inside `pass`, no file uses
            another's (no pass calls a pass), but within a folder that one
            pass owns (src/pass/twins/);
  includes  read from the sources: a quoted #include names gasp.h, a
            header of the file's own folder, or the one header (X/X.h) of
            a layer it may use; a folder's other headers are its own.
  sizes     a .c file under 1,000 lines, a header at most 300.
Prints each violation ('use: A -> B: symbols', 'include: F: H' or
'size: F: N lines'), then
'N files, N uses, N includes checked, N violations'; exit 1 when any.
--picture prints the layer table as docs/design.md shows it (the test
compares the two, so the picture cannot drift from the folders);
--picture-into docs/design.md rewrites the block there, --picture-check
compares it."""
import glob
import os
import re
import subprocess
import sys

# Lowest first: (layer, what it holds, the layers it may use).
LAYERS = [
    ("util", "pools, vectors, hash maps (no LLVM)", []),
    ("base", "what LLVM-C lacks, no policy: IR helpers, dominators, the forward walk, "
             "function copies, the C++ services", ["util"]),
    ("target", "the target tables: spaces and their facts, cast builtins by spelling, what an inline asm touches",
     ["util", "base"]),
    ("core", "the context: diagnostics, statistics, remarks, the !gasp.* metadata codec",
     ["util", "base", "target"]),
    ("analysis", "what the code says: world, spaces, memory, summaries, bits, reach, loops, "
                 "the fact store", ["util", "base", "target", "core"]),
    ("transform", "rewriting by the analyses: the rewriter, clones and their cost",
     ["util", "base", "target", "core", "analysis"]),
    ("pass", "the passes, one file each; no pass calls a pass",
     ["util", "base", "target", "core", "analysis", "transform"]),
    ("report", "after the pipeline: reads facts and metadata only",
     ["util", "base", "target", "core", "analysis"]),
    ("pipeline", "the pass table and the pipeline (src/pipeline.c)",
     ["util", "base", "target", "core", "analysis", "transform", "pass", "report"]),
    ("api", "the public API, a facade (src/api.c)",
     ["util", "base", "target", "core", "analysis", "transform", "pass", "report", "pipeline"]),
    ("exec", "gasp-run's executor (not in libgasp): IR helpers, tables, the public API",
     ["util", "base", "target", "api"]),
]
ALLOWED = {name: set(uses) for name, _, uses in LAYERS}
# The folders a layer header (X/X.h) may not stand for: the top files.
TOP = {"pipeline": "pipeline", "api": "api"}


def layer_of(rel):
    """rel: a path under src/ ("pass/ipmsp.c", "api.c")."""
    parts = rel.split("/")
    if len(parts) == 1:
        return TOP.get(os.path.splitext(parts[0])[0])
    return parts[0] if parts[0] in ALLOWED else None


def pass_of(rel):
    """The pass rel ("pass/ipmsp", "pass/twins/reading") belongs to: a
    file of pass/, or a folder of pass/ that one pass owns."""
    return "/".join(rel.split("/")[:2])


def symbols(objdir):
    defs, uses = {}, {}
    for o in sorted(glob.glob(os.path.join(objdir, "**", "*.o"), recursive=True)):
        rel = os.path.relpath(o, objdir)[:-2]
        d, u = set(), set()
        out = subprocess.run(["nm", o], capture_output=True, text=True).stdout
        for line in out.split("\n"):
            p = line.split()
            if len(p) == 3 and p[1] in "TDBR":
                d.add(p[2])
            elif len(p) == 2 and p[0] == "U":
                u.add(p[1])
        defs[rel], uses[rel] = d, u
    return defs, uses


def check_uses(objdir, bad):
    defs, uses = symbols(objdir)
    owner = {s: f for f, ds in defs.items() for s in ds}
    n = 0
    for f in sorted(uses):
        lf = layer_of(f)
        if lf is None:
            bad.append("use: %s is in no layer (a folder of src/ the table does not name)" % f)
            continue
        edges = {}
        for s in uses[f]:
            g = owner.get(s)
            if g is None or g == f:
                continue
            n += 1
            lg = layer_of(g)
            ok = lg == lf or lg in ALLOWED[lf]
            if lf == "pass" and lg == "pass" and pass_of(f) != pass_of(g):
                ok = False  # no pass calls a pass (a pass's folder is one pass)
            if lf == "exec" and lg == "api" and not s.startswith("gasp_"):
                ok = False  # the executor uses the public API only
            if not ok:
                edges.setdefault(g, []).append(s)
        for g, syms in sorted(edges.items()):
            bad.append("use: %s -> %s: %s" % (f, g, ", ".join(sorted(syms))))
    return len(uses), n


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def check_includes(srcdir, bad):
    n = 0
    files = sorted(glob.glob(os.path.join(srcdir, "**", "*.[ch]"), recursive=True) +
                   glob.glob(os.path.join(srcdir, "**", "*.cpp"), recursive=True))
    for path in files:
        rel = os.path.relpath(path, srcdir)
        lf = layer_of(rel)
        if lf is None or rel.startswith("plugin/"):
            continue  # the plugin uses the public header only (it is C++ over gasp.h)
        folder = os.path.dirname(rel)
        for h in INCLUDE.findall(open(path, encoding="utf-8").read()):
            n += 1
            if h == "gasp.h" or h.startswith(("llvm/", "llvm-c/")):
                continue  # the public header; LLVM's own (the C++ adapter)
            if "/" not in h:
                h = os.path.join(folder, h)  # a name beside the file
            hdir = os.path.dirname(h)
            if hdir == folder and os.path.exists(os.path.join(srcdir, h)):
                continue  # its own folder's header
            lh = layer_of(h)
            layer_header = h in ("%s/%s.h" % (lh, lh), "%s.h" % lh)
            if lh is not None and layer_header and (lh in ALLOWED[lf] or lh == lf):
                continue  # a layer's header, from a layer below or a folder of its own
            bad.append("include: %s: \"%s\"" % (rel, h))
    return n


# Sizes a reader can hold: a source file under MAX_C lines, a header at
# most MAX_H (the algorithm lives in the file's header comment; a file that
# outgrows it is two concepts).
MAX_C, MAX_H = 1000, 300


def check_sizes(srcdir, bad):
    n = 0
    for path in sorted(glob.glob(os.path.join(srcdir, "**", "*.[ch]"), recursive=True)):
        rel = os.path.relpath(path, srcdir)
        if layer_of(rel) is None:
            continue
        n += 1
        lines = sum(1 for _ in open(path, encoding="utf-8"))
        limit = MAX_H if path.endswith(".h") else MAX_C - 1
        if lines > limit:
            bad.append("size: %s: %d lines (at most %d)" % (rel, lines, limit))
    return n


def picture(srcdir):
    rows = ["layer      folder          may use (what it holds; its files)"]
    for name, what, uses in LAYERS:
        if name in TOP:
            folder = "src/"
            files = [f for f in (name + ".c", name + ".h") if os.path.exists(os.path.join(srcdir, f))]
        else:
            folder = "src/%s/" % name
            files = sorted(os.path.basename(p) + ("/" if os.path.isdir(p) else "")
                           for p in glob.glob(os.path.join(srcdir, name, "*"))
                           if p.endswith((".c", ".h", ".cpp")) or os.path.isdir(p))
        full = [u for u in uses if ALLOWED[u] <= set(uses)]  # u and all it may use
        shown = [u for u in full if not any(u in ALLOWED[v] for v in full)]
        covered = set(shown).union(*(ALLOWED[u] for u in shown))
        may = [u + ("+" if ALLOWED[u] else "") for u in shown] + \
              [u for u in uses if u not in covered]
        rows.append("%-10s %-15s %s" % (name, folder, ",".join(may) or "-"))
        line = " " * 12
        for w in what.split():
            if len(line) + len(w) > 78:
                rows.append(line.rstrip())
                line = " " * 12
            line += w + " "
        rows.append(line.rstrip())
        line = " " * 12 + "files: "
        for f in files:
            if len(line) + len(f) > 78:
                rows.append(line.rstrip())
                line = " " * 12
            line += f + " "
        rows.append(line.rstrip())
    rows.append("(X+: X and the layers X may use; no pass uses another pass; the")
    rows.append(" plugin, src/plugin/, uses include/gasp.h only)")
    return "\n".join(rows)


MARK = "<!-- generated: python3 scripts/layers.py --picture -->\n"


def main():
    args = sys.argv[1:]
    srcdir = args[args.index("--src") + 1] if "--src" in args else "src"
    if "--picture" in args:
        print(picture(srcdir))
        return 0
    for opt in ("--picture-into", "--picture-check"):
        if opt not in args:
            continue
        doc = args[args.index(opt) + 1]
        text = open(doc, encoding="utf-8").read()
        a = text.index(MARK) + len(MARK)
        b = text.index("```\n", text.index("```\n", a) + 4)
        want = "```\n" + picture(srcdir) + "\n"
        if opt == "--picture-into":  # rewrite the block in the document
            open(doc, "w", encoding="utf-8").write(text[:a] + want + text[b:])
            return 0
        same = text[a:b] == want
        print("picture: %s" % ("as the folders give" if same else
                               "differs from the folders (scripts/layers.py --picture-into)"))
        return 0 if same else 1
    objdir = args[args.index("--obj") + 1] if "--obj" in args else "build/obj/src"
    bad = []
    nfiles, nuses = check_uses(objdir, bad)
    nincl = check_includes(srcdir, bad)
    check_sizes(srcdir, bad)
    for b in bad:
        print(b)
    print("%d files, %d uses, %d includes checked, %d violations" %
          (nfiles, nuses, nincl, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
