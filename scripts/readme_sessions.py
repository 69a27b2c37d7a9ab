#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""readme_sessions.py [FILE...] — re-runs every shell session a document
shows and compares what it prints with what the document says.

A session is a fenced code block whose first line starts with "$ ".  Each
"$ " line (with its "\\" continuation lines) is a command; the lines up to
the next command are what it must print (stdout and stderr together).  A
line "..." in the expected text stands for any number of lines.  Every
block runs in a fresh scratch directory holding links to the repository's
top-level entries (so `build/bin/gasp-opt`, `test/...`, `make demo` work
and files a command writes land in the scratch directory; its `build` is
the build under test, $GASP_BUILD when set), with that build's bin and
LLVM's bindir first in PATH.

Prints one line per mismatch (file:line, the command, expected vs got) and
"readme: N sessions, N commands, N as shown, N differ"; exit 1 when one
differs.  Run from anywhere; FILE defaults to README.md.

--update rewrites, in place, the expected text of each command that
differs and has no "..." line (a maintainer's aid after an output changed
on purpose: read the diff before committing it)."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sessions(path):
    """Yields (line number, [(command, [expected lines])]) per session."""
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```") and i + 1 < len(lines) and lines[i + 1].startswith("$ "):
            start, i = i + 2, i + 1
            cmds = []
            while i < len(lines) and not lines[i].startswith("```"):
                line = lines[i]
                if line.startswith("$ "):
                    cmd = line[2:]
                    while cmd.endswith("\\") and i + 1 < len(lines):
                        i += 1
                        cmd = cmd[:-1] + " " + lines[i].strip()
                    cmds.append((cmd, [], i + 1))
                else:
                    cmds[-1][1].append(line)
                i += 1
            yield start, cmds
        i += 1


def matches(want, got):
    """want (with "..." wildcards) against got, line by line."""
    want = [w.rstrip() for w in want]
    got = [g.rstrip() for g in got]
    while got and not got[-1]:
        got.pop()
    while want and not want[-1]:
        want.pop()

    def m(wi, gi):
        if wi == len(want):
            return gi == len(got)
        if want[wi] == "...":
            return any(m(wi + 1, k) for k in range(gi, len(got) + 1))
        return gi < len(got) and want[wi] == got[gi] and m(wi + 1, gi + 1)
    return m(0, 0)


# the build under test (lit's GASP_BUILD, as %build): the scratch
# directory's `build` is it, so `build/bin/gasp-opt` and `make demo` use and
# build that one, never another build directory a report may be reading
BUILD = os.environ.get("GASP_BUILD", os.path.join(ROOT, "build"))


def scratch():
    d = tempfile.mkdtemp(prefix="gasp-readme-")
    for e in os.listdir(ROOT):
        if e not in (".git", "build"):
            os.symlink(os.path.join(ROOT, e), os.path.join(d, e))
    os.makedirs(BUILD, exist_ok=True)
    os.symlink(os.path.abspath(BUILD), os.path.join(d, "build"))
    return d


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    files = args or [os.path.join(ROOT, "README.md")]
    bindir = subprocess.run(["llvm-config-22", "--bindir"], capture_output=True,
                            text=True).stdout.strip()
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.join(BUILD, "bin"), bindir, env["PATH"]])
    n_sess = n_cmd = n_ok = 0
    bad = []
    for f in files:
        edits = []  # (first line index, count, new lines)
        for line, cmds in sessions(f):
            n_sess += 1
            d = scratch()
            try:
                for cmd, want, at in cmds:
                    n_cmd += 1
                    r = subprocess.run(["bash", "-c", "{ " + cmd + "\n} 2>&1"], cwd=d, env=env,
                                       capture_output=True, text=True)
                    got = r.stdout.split("\n")
                    if matches(want, got):
                        n_ok += 1
                    else:
                        if update and "..." not in [w.rstrip() for w in want]:
                            while got and not got[-1].strip():
                                got.pop()
                            edits.append((at, len(want), [g.rstrip() for g in got]))
                        bad.append("%s:%d: $ %s\n  expected:\n%s\n  got:\n%s" % (
                            os.path.relpath(f, ROOT), line, cmd,
                            "\n".join("    " + w for w in want),
                            "\n".join("    " + g for g in got[:40])))
            finally:
                shutil.rmtree(d, ignore_errors=True)
        if edits:
            lines = open(f).read().split("\n")
            for at, n, new in sorted(edits, reverse=True):
                # keep the blank lines a block ends with
                while n and not lines[at + n - 1].strip():
                    n -= 1
                lines[at:at + n] = new
            open(f, "w").write("\n".join(lines))
    for b in bad:
        print("DIFFERS " + b)
    print("readme: %d sessions, %d commands, %d as shown, %d differ" %
          (n_sess, n_cmd, n_ok, n_cmd - n_ok))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
