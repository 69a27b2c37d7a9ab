#!/bin/bash
# gasp-opt under stop signals, run in an empty directory (signals.test):
# a big enough module (400 helpers) to be caught mid-run, the signal sent
# once the handlers are installed (SigCgt bit of SIGTERM, or of SIGHUP where
# TERM is the one watched), then the exit status and the directory's files.
python3 - 400 > sig.ll <<'PY'
import sys
n = int(sys.argv[1])
print('target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"')
print('target triple = "nvptx64-nvidia-cuda"')
for i in range(n):
    body = "".join("  %%p%d = getelementptr float, ptr %%a, i32 %d\n  %%v%d = load float, ptr %%p%d\n  %%s%d = fadd float %%s%d, %%v%d\n" % (k, k, k, k, k+1, k, k) for k in range(40))
    print("define internal float @h%d(ptr %%a) {\n  %%s0 = fadd float 0.0, 0.0\n%s  ret float %%s40\n}" % (i, body))
print("define ptx_kernel void @kern(ptr addrspace(1) %g) {\n  %a = addrspacecast ptr addrspace(1) %g to ptr")
for i in range(n):
    print("  %%r%d = call float @h%d(ptr %%a)\n  store float %%r%d, ptr %%a" % (i, i, i))
print("  ret void\n}")
PY
# waits until pid $1 catches SIGTERM (bit 14 of SigCgt): the handlers are in
caught() { for i in $(seq 1 1000); do m=$(awk '/SigCgt/{print $2}' /proc/$1/status 2>/dev/null); [ -n "$m" ] && (( (0x$m >> 14) & 1 )) && return 0; sleep 0.01; done; return 1; }
files() { ls -A | grep -v '^sig.ll$' | tr '\n' ' '; }
# gasp-opt with every stop signal at its default (lit, or a non-interactive
# shell's background job, may hand SIGINT down as ignored)
dfl() { exec python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"; }
for s in TERM INT HUP; do
  rm -f o.ll; dfl gasp-opt -S sig.ll -o o.ll 2>/dev/null & p=$!; caught $p; kill -$s $p; wait $p
  echo "SIG$s: rc=$? files=[$(files)]"
done 2>/dev/null
rm -f o.ll; nohup gasp-opt -S sig.ll -o o.ll >/dev/null 2>&1 & p=$!; caught $p; kill -HUP $p; wait $p
echo "nohup, SIGHUP: rc=$? files=[$(files)]"
rm -f o.ll; (trap '' INT; gasp-opt -S sig.ll -o o.ll & p=$!; caught $p; kill -INT $p; wait $p; echo "SIGINT ignored by the parent: rc=$? files=[$(files)]")
