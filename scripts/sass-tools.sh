#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/sass-tools.sh [DIR] — puts a ptxas and the nvdisasm that reads its
# output into DIR (default build/sass-tools/bin), for the final-code
# comparisons' `sass` column (machine instructions; bench/finalcode_count.py
# --sass, bench/public, bench/random).  Optional: make check never needs it.
#
# Both come from Debian's nvidia-cuda-toolkit (bookworm non-free, CUDA
# 11.8: sm_90 and PTX ISA 7.8, what llc-22 writes for sm_90).  The pair must
# be one toolkit's: the nvdisasm of 11.8 cannot read a CUDA 13 ptxas's cubin.
# Only the .deb is fetched (apt-get download) and unpacked here; nothing is
# installed.  Run as root where the non-free component is not yet in the
# apt sources (it is added, for bookworm, in
# /etc/apt/sources.list.d/gasp-nonfree.sources).  Exit 1 with a message when
# the package cannot be had.
set -eu
DIR=${1:-build/sass-tools/bin}
if [ -x "$DIR/ptxas" ] && [ -x "$DIR/nvdisasm" ]; then
  echo "sass-tools: $DIR has ptxas and nvdisasm"
  exit 0
fi
# apt-cache show exits 0 for a package only named by another's Depends, so
# ask for a version.
if ! apt-cache show nvidia-cuda-toolkit 2>/dev/null | grep -q '^Version:'; then
  if [ "$(id -u)" != 0 ]; then
    echo "sass-tools: nvidia-cuda-toolkit is not in the apt sources; run as root to add Debian's non-free component" >&2
    exit 1
  fi
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    > /etc/apt/sources.list.d/gasp-nonfree.sources
  apt-get update -q >/dev/null
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM HUP
(cd "$TMP" && apt-get download -q nvidia-cuda-toolkit >/dev/null 2>&1) || {
  echo "sass-tools: apt-get download nvidia-cuda-toolkit failed" >&2
  exit 1
}
dpkg-deb -x "$TMP"/nvidia-cuda-toolkit_*.deb "$TMP/x"
mkdir -p "$DIR"
cp "$TMP/x/usr/bin/ptxas" "$TMP/x/usr/bin/nvdisasm" "$DIR/"
echo "sass-tools: $DIR/ptxas and $DIR/nvdisasm ($("$DIR/ptxas" --version | tail -1))"
