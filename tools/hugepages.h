/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* hugepages.h — gasp-opt on a large module: the heap in transparent huge
 * pages.  Parsing, cloning and writing a module of a million instructions
 * touch hundreds of megabytes once each; in 4 KiB pages that is one page
 * fault per page, which bench/chain.sh measured at a fifth of gasp-opt's
 * CPU time.  glibc puts its heap in huge pages only when the
 * GLIBC_TUNABLES environment variable says so when the process starts, so
 * gasp-opt starts itself once more with it set (execv of /proc/self/exe,
 * same arguments) — only for an input file of at least HUGE_INPUT_BYTES,
 * only when the kernel offers transparent huge pages, and never when
 * GLIBC_TUNABLES already names glibc.malloc.hugetlb (the user's choice; the
 * second start sees its own setting and goes on).  Outputs do not depend on
 * it.  Opting out: GLIBC_TUNABLES=glibc.malloc.hugetlb=0. */
#ifndef GASP_TOOLS_HUGEPAGES_H
#define GASP_TOOLS_HUGEPAGES_H

/* 1 MiB of input: a module of about 25,000 instructions.  Below it a
   second start (about 40 ms: libLLVM is loaded again) costs more than the
   page faults it saves. */
#define HUGE_INPUT_BYTES (1LL << 20)

/* The GLIBC_TUNABLES value to start again with, or NULL to go on as is:
   thp is the text of /sys/kernel/mm/transparent_hugepage/enabled (NULL:
   unreadable), tunables the current GLIBC_TUNABLES (NULL: unset),
   input_bytes the input file's size (-1: not a regular file).  The result
   is malloc'ed. */
char *hugepages_tunables(const char *thp, const char *tunables, long long input_bytes);

/* Starts this program again with argv under huge pages when
   hugepages_tunables says so; returns (doing nothing) otherwise or when
   the new start fails.  input: the input path ("-": standard input).
   glibc's malloc only: a caller with another allocator (AddressSanitizer's)
   does not call it. */
void hugepages_restart(char **argv, const char *input);

#endif
