/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* args.h — the command-line forms gasp-opt and gasp-run both accept, as
 * LLVM's tools do: -flag and --flag; -name=value, --name=value, -name value
 * and --name value; @file reads more arguments from a response file
 * (whitespace-separated, '...' and "..." quote, backslash escapes the next
 * character; nested @file allowed).  One parser for both tools. */
#ifndef GASP_TOOLS_ARGS_H
#define GASP_TOOLS_ARGS_H

#include <stdbool.h>

/* Replaces every @file in *argv by the arguments it holds.  On error
   returns false with *err (malloc'ed): "cannot read response file 'x':
   ...".  The new vector and its strings live until exit. */
bool args_expand(int *argc, char ***argv, char **err);
/* argv's arg is the flag name (-name or --name). */
bool args_flag(const char *arg, const char *name);
/* When argv[*i] is option name, its value (advancing *i past a separate
   value); NULL otherwise.  *missing is set when it is the option but no
   value follows. */
const char *args_value(int argc, char **argv, int *i, const char *name, bool *missing);

#endif
