#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""finalcode_count.py KIND FILE — counts the memory instructions of final GPU
code in the functions reachable from its kernels (bench/finalcode.sh).

KIND is ptx (llc-22 -march=nvptx64 output), amdgpu (llc-22 -march=amdgcn
assembly) or spirv (spirv-dis text).  Prints one line:
    generic=G named=N cvta=C instrs=I functions=F
  generic  memory instructions that go through a flat/generic address:
           PTX ld/st/atom/red with no state space; AMDGPU flat_*; SPIR-V
           OpLoad/OpStore/OpAtomic*/OpCopyMemory* on a Generic pointer
  named    the same instructions with a named space: PTX .global .shared
           .local .const; AMDGPU global_ buffer_ ds_ scratch_ s_load/s_store
           s_buffer_; SPIR-V any other storage class (Function, Workgroup,
           CrossWorkgroup, UniformConstant, ...)
  cvta     PTX cvta/cvta.to conversions; AMDGPU and SPIR-V: 0 (SPIR-V
           OpPtrCastToGeneric/OpGenericCastToPtr are counted as instrs)
  instrs   every instruction in reachable functions
  functions  how many functions are reachable from the kernels
With --per-kernel: one such line per kernel, "kernel=NAME generic=...",
counting the functions reachable from that kernel.  A function whose
address is taken (PTX: named outside a call; AMDGPU: any reference) is
reachable from the functions that make an indirect call (PTX) or refer to
it (AMDGPU).
Kernel-parameter reads (PTX ld.param, AMDGPU s_load of the kernarg segment)
are memory reads the programmer never wrote; PTX ld.param/st.param are not
counted as memory instructions, AMDGPU scalar loads are (they are named).
"""
import re
import sys


def reach(funcs, calls, roots):
    seen, todo = set(), [r for r in roots if r in funcs]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo.extend(c for c in calls.get(f, ()) if c in funcs and c not in seen)
    return seen


# ---------------------------------------------------------------- PTX
PTX_MEM = re.compile(r"^\s*(?:@!?%\w+\s+)?(ld|st|atom|red|prefetch)\.([\w.]+)")
PTX_NAMED = ("global", "shared", "local", "const")


def ptx(text):
    # top level: headers end in ';' (declarations) or open a '{' body
    funcs, calls, body, kernels = {}, {}, {}, []
    text = re.sub(r"//[^\n]*", "", text)
    i, depth, head, start, cur = 0, 0, [], 0, None
    for i, ch in enumerate(text):
        if depth == 0:
            if ch == ";":
                head = []
            elif ch == "{":
                h = "".join(head)
                m = re.search(r"\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)", h)
                cur = m.group(2) if m else None
                if cur and m.group(1) == "entry":
                    kernels.append(cur)
                start, head = i + 1, []
                depth = 1
            else:
                head.append(ch)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                if cur:
                    lines = [x.strip() for x in text[start:i].splitlines()]
                    funcs[cur] = True
                    body[cur] = lines
                cur, head = None, []
    # a function whose address is taken (named outside a call: a mov in a
    # body, a global initializer) is a callee of every indirect call
    words = lambda t: set(re.findall(r"[\w$]+", t))
    taken = set()
    for f in funcs:
        for stmt in " ".join(body[f]).split(";"):
            if not re.search(r"\bcall(?:\.uni)?\b", stmt):
                taken |= words(stmt) & set(funcs)
    for m in re.finditer(r"^\s*(?:\.\w+\s+)*\.(?:global|const)\b[^;]*=\s*\{([^}]*)\}", text, re.M):
        taken |= words(m.group(1)) & set(funcs)
    for f in funcs:
        calls[f] = set()
        for stmt in " ".join(body[f]).split(";"):
            m = re.search(r"\bcall(?:\.uni)?\b(.*)", stmt)
            if m:
                toks = [t for t in re.split(r"[\s,()]+", m.group(1)) if t]
                calls[f].update(t for t in toks if t in funcs)
                if any(t.startswith("%") for t in toks[:2]):  # call (ret), %rd, ...
                    calls[f] |= taken
    cnt = {}
    for f in funcs:
        g = n = cv = ins = 0
        for s in body[f]:
            if not s or s.startswith(("//", ".", "{", "}", "$")) or s.endswith(":"):
                continue
            if s.startswith("@") and " " not in s:
                continue
            if not s.endswith(";") and not s.endswith(")"):
                continue
            ins += 1
            if re.match(r"^(?:@!?%\w+\s+)?cvta", s):
                cv += 1
            m = PTX_MEM.match(s)
            if not m or m.group(1) == "prefetch":
                continue
            mods = m.group(2).split(".")
            if "param" in mods:
                continue
            if any(x in PTX_NAMED for x in mods):
                n += 1
            else:
                g += 1
        cnt[f] = (g, n, cv, ins)
    return funcs, calls, kernels, cnt


# ---------------------------------------------------------------- AMDGPU
AMD_NAMED = ("global_", "buffer_", "ds_", "scratch_", "s_load", "s_store", "s_buffer_",
             "s_scratch_")


def amdgpu(text):
    funcs, calls, body, kernels = {}, {}, {}, set()
    ftypes = set()
    cur = None
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r"^\.type\s+([\w.$]+),@function", s)
        if m:
            ftypes.add(m.group(1))
            continue
        m = re.match(r"^\.amdhsa_kernel\s+([\w.$]+)", s)
        if m:
            kernels.add(m.group(1))
            continue
        m = re.match(r"^([\w.$]+):", line)
        if m and m.group(1) in ftypes and cur is None:
            cur = m.group(1)
            funcs[cur] = True
            body[cur] = []
            calls[cur] = set()
            continue
        if cur is not None:
            if s.startswith(".Lfunc_end") or re.match(r"^\.size\s+" + re.escape(cur) + r",", s):
                cur = None
                continue
            body[cur].append(s)
            for c in re.findall(r"([\w.$]+)@(?:rel32|gotpcrel|abs32)", s):
                calls[cur].add(c)
    cnt = {}
    for f in funcs:
        g = n = ins = 0
        for s in body[f]:
            if not s or s.startswith((";", ".", "//")) or re.match(r"^[\w.$]+:", s):
                continue
            op = s.split()[0]
            if not re.match(r"^[a-z][a-z0-9_]*$", op):
                continue
            ins += 1
            if op.startswith("flat_"):
                g += 1
            elif op.startswith(AMD_NAMED):
                n += 1
        cnt[f] = (g, n, 0, ins)
    return funcs, calls, sorted(kernels), cnt


# ---------------------------------------------------------------- SPIR-V
SPV_MEM_PTR = {"OpLoad": 0, "OpStore": 0, "OpCopyMemory": 0, "OpCopyMemorySized": 0}


def spirv(text):
    typeof, sclass, funcs, calls, body, kernels = {}, {}, {}, {}, {}, []
    cur = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        toks = s.split()
        res = None
        if len(toks) > 2 and toks[1] == "=":
            res, toks = toks[0], toks[2:]
        op = toks[0]
        if op == "OpTypePointer":
            sclass[res] = toks[1]
        elif op == "OpEntryPoint":
            kernels.append(toks[2])
        elif op == "OpFunction":
            cur = res
            funcs[cur] = True
            body[cur] = []
            calls[cur] = set()
            typeof[res] = toks[1]
            continue
        elif op == "OpFunctionEnd":
            cur = None
            continue
        if res is not None and len(toks) > 1 and op not in ("OpTypePointer", "OpLabel") \
                and not op.startswith("OpType") and not op.startswith("OpDecorate"):
            typeof[res] = toks[1]
        if cur is not None:
            body[cur].append((op, toks))
            if op == "OpFunctionCall":
                calls[cur].add(toks[2])
    # a function with no OpLabel is a declaration (import)
    for f in list(funcs):
        if not any(op == "OpLabel" for op, _ in body[f]):
            del funcs[f]
    def space(v):
        return sclass.get(typeof.get(v), "?")
    cnt = {}
    for f in funcs:
        g = n = ins = 0
        for op, toks in body[f]:
            if op in ("OpFunctionParameter", "OpLabel"):
                continue
            ins += 1
            ptrs = []
            if op == "OpLoad":
                ptrs = [toks[2]]
            elif op in ("OpStore",):
                ptrs = [toks[1]]
            elif op in ("OpCopyMemory", "OpCopyMemorySized"):
                ptrs = [toks[1], toks[2]]
            elif op.startswith("OpAtomic") and op not in ("OpAtomicFlagClear",):
                ptrs = [toks[1]] if op == "OpAtomicStore" else [toks[2]]
            elif op == "OpAtomicFlagClear":
                ptrs = [toks[1]]
            if not ptrs:
                continue
            if any(space(p) == "Generic" for p in ptrs):
                g += 1
            else:
                n += 1
        cnt[f] = (g, n, 0, ins)
    return funcs, calls, kernels, cnt


def line(funcs, calls, roots, cnt):
    live = reach(funcs, calls, roots)
    t = [sum(cnt[f][i] for f in live) for i in range(4)]
    return "generic=%d named=%d cvta=%d instrs=%d functions=%d" % (*t, len(live))


def main():
    per_kernel = "--per-kernel" in sys.argv
    kind, path = [a for a in sys.argv[1:] if a != "--per-kernel"]
    with open(path, errors="replace") as fh:
        text = fh.read()
    funcs, calls, kernels, cnt = {"ptx": ptx, "amdgpu": amdgpu, "spirv": spirv}[kind](text)
    if per_kernel:
        for k in kernels:
            print("kernel=%s %s" % (k, line(funcs, calls, [k], cnt)))
    else:
        print(line(funcs, calls, kernels, cnt))


if __name__ == "__main__":
    main()
