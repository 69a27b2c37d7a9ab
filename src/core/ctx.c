/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ctx.c — the context services every pass uses: diagnostics, statistics,
 * the debug stream and -debug-only, and the target table chosen for the
 * module.  (Remarks have their own file, remark.c.)  api.c, the public
 * façade, creates and frees the context; the passes only call these. */
#include "core/core.h"

#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

/* Messages name options as gasp-opt spells them ("--clone-cost").  Each
   "--" that starts an option name (a lower-case letter after it, no letter
   or digit before it) is respelled: with GaspOptions.option_prefix set the
   prefix replaces it ("-gasp-clone-cost" for the plugin, "--" for
   gasp-opt); without one, for a library caller, the option becomes its
   GaspOptions field ("clone_cost").  Takes s, returns the respelled
   string. */
char *cx_respell_options(const GaspCtx *cx, char *s) {
  const char *pre = cx->opt.option_prefix;
  if (pre && !strcmp(pre, "--"))
    return s;
  size_t n = 0, plen = pre ? strlen(pre) : 0;
  for (const char *p = s; (p = strstr(p, "--")); p += 2)
    n++;
  char *out = xmalloc(strlen(s) + n * plen + 1), *o = out;
  for (const char *p = s; *p;) {
    if (p[0] == '-' && p[1] == '-' && p[2] >= 'a' && p[2] <= 'z' &&
        (p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '-'))) {
      memcpy(o, pre ? pre : "", plen);
      o += plen;
      p += 2;
      if (!pre) /* the field: dashes of the name become underscores */
        for (; isalnum((unsigned char)*p) || (*p == '-' && isalnum((unsigned char)p[1])); p++)
          *o++ = *p == '-' ? '_' : *p;
    } else
      *o++ = *p++;
  }
  *o = 0;
  free(s);
  return out;
}

void cx_diag(GaspCtx *cx, GaspSeverity sev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = cx_respell_options(cx, xvasprintf(fmt, ap));
  va_end(ap);
  /* each diagnostic once per run: a check repeated by the run (options,
     target) says nothing new */
  for (size_t i = 0; i < cx->diags.n; i++)
    if (cx->diags.v[i].sev == sev && !strcmp(cx->diags.v[i].msg, s)) {
      free(s);
      return;
    }
  GaspDiag d = {sev, s};
  vec_push(&cx->diags, d);
}

void cx_stat(GaspCtx *cx, const GaspStatDesc *d, uint64_t n) {
  if (!n)
    return;
  for (size_t i = 0; i < cx->stat_desc.n; i++)
    if (cx->stat_desc.v[i] == d) {
      cx->stat_val.v[i] += n;
      return;
    }
  vec_push(&cx->stat_desc, d);
  vec_push(&cx->stat_val, n);
}

/* The target machine whose cost model (TTI) LLVM's passes ask what an
   instruction costs (what SimplifyCFG speculates, or turns into a table or
   bit tricks): one for m's triple, made once and kept while the triple
   stays; each function's target-cpu and target-features still choose its
   subtarget.  NULL where LLVM has no back end for the triple (spir64): the
   default cost model, as opt's without a target.  Without it SimplifyCFG
   took cttz and ctpop for cheap on NVPTX and turned a switch on powers of
   two clang's build keeps into them (held-out HeCBench depixel: 416 ->
   432 machine instructions, rehoist's run). */
static LLVMTargetMachineRef target_machine(GaspCtx *cx, LLVMModuleRef m) {
  const char *triple = LLVMGetTarget(m);
  if (cx->tm_triple && !strcmp(cx->tm_triple, triple))
    return cx->tm;
  cx_free_target_machine(cx);
  cx->tm_triple = xstrdup(triple);
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMTargetRef t;
  char *err = NULL;
  if (*triple && !LLVMGetTargetFromTriple(triple, &t, &err))
    cx->tm = LLVMCreateTargetMachine(t, triple, "", "", LLVMCodeGenLevelDefault,
                                     LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMDisposeMessage(err);
  return cx->tm;
}

void cx_free_target_machine(GaspCtx *cx) {
  if (cx->tm)
    LLVMDisposeTargetMachine(cx->tm);
  free(cx->tm_triple);
  cx->tm = NULL;
  cx->tm_triple = NULL;
}

void cx_run_llvm_passes(GaspCtx *cx, LLVMModuleRef m, LLVMValueRef fn, const char *text,
                        const char *who) {
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMTargetMachineRef tm = target_machine(cx, m);
  LLVMErrorRef e = fn ? LLVMRunPassesOnFunction(fn, text, tm, po)
                      : LLVMRunPasses(m, text, tm, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    char *msg = LLVMGetErrorMessage(e);
    cx_diag(cx, GASP_SEV_ERROR, "%s: %s", who, msg);
    LLVMDisposeErrorMessage(msg);
  }
}

FILE *cx_out(const GaspCtx *cx) {
  return cx->opt.debug_stream ? cx->opt.debug_stream : stderr;
}

bool cx_debug(const GaspCtx *cx) {
  const char *l = cx->opt.debug_only;
  if (!l || !cx->cur_pass)
    return false;
  size_t n = strlen(cx->cur_pass);
  for (const char *p = l; (p = strstr(p, cx->cur_pass)); p += n)
    if ((p == l || p[-1] == ',') && (p[n] == ',' || p[n] == 0))
      return true;
  return false;
}

const TgtTable *cx_target_as(GaspCtx *cx) {
  const TgtTable *t = tgt_by_name(cx->opt.target_as);
  if (!t) {
    char names[128];
    cx_diag(cx, GASP_SEV_ERROR, "unknown --target-as '%s'; valid: %s", cx->opt.target_as,
            tgt_names(names, sizeof names));
  }
  return t;
}

bool cx_select_target(GaspCtx *cx, LLVMModuleRef m) {
  const char *triple = LLVMGetTarget(m);
  const TgtTable *own = tgt_for_triple(triple);
  if (!cx->opt.target_as) {
    cx->tgt = own;
    if (!own)
      cx_diag(cx, GASP_SEV_ERROR,
              "cannot tell the generic address space of triple '%s'; pass "
              "--target-as",
              triple ? triple : "");
    return own != NULL;
  }
  cx->tgt = cx_target_as(cx);
  if (!cx->tgt)
    return false;
  /* a table of another family than the triple's numbers the spaces
     differently: every rewrite and scope would be wrong (genx is Intel's
     reading of spir triples) */
  if (own && own->family != cx->tgt->family && !cx->opt.force_target_as &&
      !(cx->tgt->family == TGT_GENX && own->family == TGT_SPIR)) {
    cx_diag(cx, GASP_SEV_ERROR,
            "--target-as '%s' contradicts the module's triple '%s' (a '%s' module); "
            "pass --force-target-as to use it anyway",
            cx->opt.target_as, triple, own->name);
    return false;
  }
  return true;
}


