#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""gen-checks.py TEST.ll... — (re)writes the FileCheck lines of a lit test.

Runs the first RUN line's command up to the first '| FileCheck' (with %s
replaced by the test path), and after every `define` of the test writes
CHECK-LABEL / CHECK-SAME / CHECK-NEXT lines for that function's output, with
values captured as [[NAME:%.*]] on definition and [[NAME]] on use.
A developer tool: read the result, it is the expected behaviour you sign."""
import re
import subprocess
import sys

def run_line(text, path):
    runs = [l.split("RUN:", 1)[1].strip() for l in text.splitlines() if "RUN:" in l]
    cmd = runs[0].split("| FileCheck")[0].replace("%s", path)
    prefix = "CHECK"
    m = re.search(r"--check-prefix[es]*=(\w+)", runs[0])
    if m:
        prefix = m.group(1)
    return cmd, prefix

def functions(out):
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"define .*@([\w.$-]+)\(", line)
        if m:
            cur = m.group(1)
            funcs[cur] = [line]
        elif cur:
            funcs[cur].append(line)
            if line == "}":
                cur = None
    return funcs

def var_name(v):
    n = re.sub(r"[^A-Za-z0-9_]", "_", v[1:]).upper()
    return ("TMP" + n) if n[:1].isdigit() or not n else n

def checks(lines, prefix):
    seen = set()
    def sub(text, defining):
        def rep(m):
            v = m.group(0)
            n = var_name(v)
            if n in seen:
                return "[[" + n + "]]"
            seen.add(n)
            return "[[" + n + ":%.*]]"
        return re.sub(r"%[\w.$-]+", rep, text)
    out = []
    head = lines[0]
    name = re.match(r"(define .*?@[\w.$-]+\()", head).group(1)
    rest = head[len(name):]
    out.append("; %s-LABEL: %s" % (prefix, name))
    out.append("; %s-SAME: %s" % (prefix, sub(rest, True)))
    for l in lines[1:]:
        if not l.strip():
            out.append("; %s-EMPTY:" % prefix)
            continue
        l = re.sub(r"\s*; preds = .*", "", l)
        l = re.sub(r"^(\w[\w.]*):.*$", r"\1:", l)
        l = l.replace("{{", "{{[{][{]}}")
        out.append("; %s-NEXT: %s" % (prefix, sub(l, False)))
    return out

def main():
    for path in sys.argv[1:]:
        text = open(path).read()
        cmd, prefix = run_line(text, path)
        out = subprocess.run(cmd, shell=True, capture_output=True, text=True, check=True).stdout
        funcs = functions(out)
        res = []
        for line in text.splitlines():
            if re.match(r";\s*%s(-\w+)?:" % prefix, line):
                continue
            res.append(line)
            m = re.match(r"define .*@([\w.$-]+)\(.*\{\s*$", line)
            if m and m.group(1) in funcs:
                res.extend(checks(funcs[m.group(1)], prefix))
        open(path, "w").write("\n".join(res) + "\n")

main()
