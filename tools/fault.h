/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fault.h — how gasp-opt and gasp-run end when something faults under
 * them outside kernel code.  LLVM's bitcode reader, handed a corrupted
 * file, can ask for an absurd allocation ("LLVM ERROR: out of memory",
 * then abort()), call report_fatal_error, or dereference null (Debian's
 * LLVM has assertions off; llvm-dis-22 crashes the same way); LLVM's text
 * parser and printer recurse once per level of a nested constant
 * expression, so a deep enough one runs out of stack.  The tools run their
 * work on a thread with a large stack, and these handlers run on an
 * alternate signal stack, so what still faults ends as one line naming the
 * file and the phase, with the phase's exit code, and every temporary
 * output registered removed.  The message is prepared before each phase
 * (the handler only writes, unlinks and exits).  SIGTERM, SIGINT and SIGHUP
 * (a build cancelled) remove the temporaries and die of the signal, as the
 * caller expects; one inherited as ignored (nohup) stays ignored.
 *
 * A tool's state, not the library's: libgasp owns no signal, so a program
 * that calls gasp_read_module on untrusted bitcode takes LLVM's reader as
 * it is (docs/reliability.md). */
#ifndef GASP_TOOLS_FAULT_H
#define GASP_TOOLS_FAULT_H

#include <stdbool.h>

#define FAULT_TEMPS 3 /* temporary outputs a tool may register at once */

/* The handlers (process-wide) and the calling thread's alternate stack
   (per thread: call it on the thread that does the work).  A handler that
   is there already for the stack (AddressSanitizer's) is kept. */
void fault_install(void);
/* From now on a fault means "TOOL: PATH: WHAT" and exit code; LLVM's
   report_fatal_error is LLVM's own again. */
void fault_phase(const char *tool, const char *path, const char *what, int code);
/* Reading path: from now on a fault, or LLVM's report_fatal_error (LLVM has
   printed its reason), means LLVM's reader gave up on the file: bad input,
   exit code, until the next fault_phase. */
void fault_reading(const char *tool, const char *path, int code);
/* Temporary output k (0 <= k < FAULT_TEMPS) to remove if the run dies;
   NULL: none. */
void fault_temp(int k, const char *path);

#endif
