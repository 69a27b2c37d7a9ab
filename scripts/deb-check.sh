#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# deb-check.sh DEB — installs the package with apt (root only: a CI machine
# or a container), uses it in a clean directory the way a user would
# (gasp-opt on a kernel, a C program built with pkg-config against the
# installed library, the man page, the plugin in opt-22), then removes it.
# Prints one line per step; exits non-zero at the first failure.  Without
# root it says so and checks nothing.
set -eu
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" != 0 ]; then echo "deb-check: not root, package not installed"; exit 0; fi
if dpkg -s gasp >/dev/null 2>&1; then echo "deb-check: a gasp package is already installed, left alone"; exit 0; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null 2>&1
echo "deb-check: installed $(dpkg-query -W -f='${Package} ${Version}' gasp)"
d=$(mktemp -d)
trap 'rm -rf "$d"; DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq gasp >/dev/null 2>&1' EXIT
cd "$d"
clang-22 -cl-std=CL2.0 -O1 -fno-inline-functions -emit-llvm -S -Xclang -finclude-default-header \
  -target spir64 "$here/examples/demo.cl" -o k.ll
echo "deb-check: $(command -v gasp-opt): $(gasp-opt --version)"
gasp-opt --summary k.ll -o k.gasp.ll 2>&1 | grep 'reachable from kernels'
printf '#include <gasp.h>\n#include <stdio.h>\nint main(void) { puts(gasp_version()); return 0; }\n' > c.c
cc c.c $(pkg-config --cflags --libs gasp) -o c
echo "deb-check: a program linked with pkg-config: $(./c) ($(ldd c | grep -o 'libgasp.so.[0-9]* => [^ ]*'))"
echo "deb-check: man page $(man -w gasp-opt)"
echo "deb-check: the plugin in opt-22: $(opt-22 -load-pass-plugin=$(pkg-config --variable=libdir gasp)/gasp-plugin.so -passes=gasp k.ll -disable-output -stats 2>&1 | grep -c 'Statistics Collected') statistics table"
