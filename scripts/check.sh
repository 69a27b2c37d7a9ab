#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# check.sh BUILD — runs the unit tests and the lit suite, then prints the
# plain closing line "N passed, N failed".  Exit status 0 only if all pass.
# LIT_FILTER_OUT (a regular expression): lit tests whose paths match are
# left out (make check: the long ones; make check-asan: the random-campaign
# tests); LIT_FILTER: only those (make check-long); CHECK_UNIT=0: no unit
# tests.  Before the closing line: the slowest lit tests of the run.
BUILD=${1:-build}
LIT="$(llvm-config-22 --bindir)/lit"
upass=0; ufail=0
if [ "${CHECK_UNIT:-1}" != 0 ]; then
  out=$("$BUILD/bin/test-unit") ; urc=$?
  echo "$out" | grep -v '^unit:'
  line=$(echo "$out" | grep '^unit:')
  echo "$line"
  upass=$(echo "$line" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed/\1/p')
  ufail=$(echo "$line" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed/\2/p')
  [ -n "$upass" ] || { upass=0; ufail=1; }
  [ $urc -eq 0 ] || [ "$ufail" -gt 0 ] || ufail=1
fi
GASP_BUILD="$(cd "$BUILD" && pwd)" python3 "$LIT" -q -j"$(nproc)" test \
  ${LIT_FILTER_OUT:+--filter-out "$LIT_FILTER_OUT"} ${LIT_FILTER:+--filter "$LIT_FILTER"} \
  --xunit-xml-output "$BUILD/lit-results.xml" ; lrc=$?
lpass=0; lfail=0
if [ -f "$BUILD/lit-results.xml" ]; then
  set -- $(python3 - "$BUILD/lit-results.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
p = f = 0
slow = sorted(cases, key=lambda c: -float(c.get("time") or 0))[:5]
def path(c):
    return "/".join(c.get("classname", "").split(".")[1:] + [c.get("name")])
print("slowest: " + ", ".join("%s %.0f s" % (path(c), float(c.get("time") or 0))
                              for c in slow), file=sys.stderr)
for c in cases:
    if c.find("failure") is not None or c.find("error") is not None:
        f += 1
    elif c.find("skipped") is None:
        p += 1
print(p, f)
PY
)
  lpass=$1; lfail=$2
fi
[ $lrc -eq 0 ] || [ "$lfail" -gt 0 ] || lfail=1
echo "lit: $lpass passed, $lfail failed"
pass=$((upass + lpass)); fail=$((ufail + lfail))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
