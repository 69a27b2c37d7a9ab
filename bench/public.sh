#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The public-program benchmark (bench/public/public.py): REPOS (or
# GASP_PUBLIC_REPOS) is a folder of git directories OWNER+NAME/repo; writes
# bench/public/public.md.  Opt-in, not part of make check.
#   sh bench/public.sh REPOS [--programs N] [--opt O2,O3] [--wp] [-j J]
exec python3 "$(dirname "$0")/public/public.py" "$@"
