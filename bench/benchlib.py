# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""benchlib.py — what the Python benchmarks share: running a command, and
building an earlier commit of gasp from git into a scratch directory (the
"before" of a before/after report)."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sh(cmd, **kw):
    """Runs cmd, capturing its output as text."""
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def build_base(rev, d):
    """Builds commit rev of this repository in directory d; returns its
    gasp-opt."""
    arch = subprocess.run(["git", "-C", ROOT, "archive", rev], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", d], input=arch.stdout, check=True)
    sh(["make", "-s", "-C", d, "all"], check=True)
    return os.path.join(d, "build", "bin", "gasp-opt")


def write_report(subdir, name, text):
    """Writes text to bench/<subdir>/<name> and prints it."""
    d = os.path.join(ROOT, "bench", subdir)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as f:
        f.write(text)
    print(text, end="")
