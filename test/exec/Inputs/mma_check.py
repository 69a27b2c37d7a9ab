# mma_check.py DUMPDIR FMT M N K: D = A x B + C of test/exec/wmma-mma.ll's
# kernels (A(i, k) = i - k, B(k, j) = (k * N + j) mod 7 - 3, C(i, j) =
# i * N + j), computed here by hand and compared with gasp-run's dump of the
# output (row order, stride N; FMT a struct code: f, e, i, d).
import struct
import sys

d, fmt, m, n, k = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
raw = open(d + "/arg0.bin", "rb").read()
got = struct.unpack("<%d%s" % (m * n, fmt), raw[:m * n * struct.calcsize(fmt)])
want = [sum((i - q) * ((q * n + j) % 7 - 3) for q in range(k)) + i * n + j
        for i in range(m) for j in range(n)]
bad = [(x // n, x % n, got[x], want[x]) for x in range(m * n) if got[x] != want[x]]
print("D(0,0)=%s D(%d,%d)=%s; %d of %d elements differ from the hand product%s" % (
    got[0], m - 1, n - 1, got[-1], len(bad), m * n, (": first " + str(bad[0])) if bad else ""))
