/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ptrbits.h — a pointer's bits carried by integers (ptrbits.c), for the
 * space analysis (space.c). A header of the analysis folder only
 * (scripts/layers.py). */
#ifndef GASP_PTRBITS_H
#define GASP_PTRBITS_H

#include "analysis/analysis.h"

/* Is i2p, inttoptr(ptrtoint p) to generic, p itself? */
bool ptrbits_noop_i2p(const TgtTable *t, unsigned ptr_bits, LLVMValueRef i2p);
/* p where inttoptr i2p is p broadcast from one lane in two halves; NULL. */
LLVMValueRef ptrbits_lanes_source(const TgtTable *t, unsigned ptr_bits, LLVMValueRef i2p);

#endif
