# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What bench/gpu's program bundles (raytracer.py, faiss.py) share: a
command's exit and output, a binary gzipped into the bundle, a report
written and shown, and the command line `SCRIPT REPOS | SCRIPT --results
OUT [--out REPORT]`."""
import argparse
import gzip
import shutil
import subprocess


def sh(cmd, cwd=None):
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def gzip_into(src, dst):
    """src's bytes gzipped into dst (a bundle's NAME.gz)."""
    with open(src, "rb") as i, gzip.open(dst, "wb") as o:
        shutil.copyfileobj(i, o)


def write_report(path, lines):
    with open(path, "w") as o:
        o.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main(doc, default_out, prepare, results):
    """REPOS prepares the bundle; --results OUT reads a device run into
    --out (default_out)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("repos", nargs="?")
    ap.add_argument("--results", metavar="OUT")
    ap.add_argument("--out", default=default_out)
    a = ap.parse_args()
    if a.results:
        results(a.results, a.out)
    elif a.repos:
        prepare(a.repos)
    else:
        ap.error("REPOS or --results OUT")


def run_prologue(name):
    """The start of a bundle's run.sh (after its comment): OUT and BUDGET
    from the command line, every NAME.gz of the bundle unpacked into a
    scratch folder $BIN (removed on exit), columns.tsv copied to OUT."""
    return r'''HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?OUT}; BUDGET=${2:-120}
mkdir -p "$OUT"
BIN=${TMPDIR:-/tmp}/gasp-%s.$$; mkdir -p "$BIN"; trap 'rm -rf "$BIN"' EXIT
for f in "$HERE"/*.gz; do b=$(basename "$f" .gz); gunzip -c "$f" > "$BIN/$b" && chmod +x "$BIN/$b"; done
cp "$HERE/columns.tsv" "$OUT/columns.tsv"
''' % name
