/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// capi.cpp — the services the LLVM C API lacks, behind a C interface
// (declared in src/base/base.h, "capi.cpp").  One of gasp's three C++
// files (the others adapt the pass-plugin interface and LLVM's bitstream
// remark serializer); every pass stays in C and calls these functions
// (docs/design.md, "C++ in gasp").
//
//  - dbg_copy: a copy of a function made by clone.c gets its own
//    DISubprogram.  A DISubprogram may belong to one function only; the C
//    API can make a new one only through a DIBuilder that owns the compile
//    unit, which an existing unit's function cannot get.  Here the
//    original's subprogram is cloned as LLVM's own CloneFunctionInto does it
//    (its lexical blocks, local variables, labels and DIAssignIDs are
//    cloned; types, compile units and other subprograms are shared), and
//    every !dbg location, loop id (it holds locations) and debug record of
//    the original body is mapped onto the copy's instructions.
//  - dbg_salvage: before a generic value is erased, its debug records
//    follow a value with the same bits (the named twin, where the target
//    says the cast to generic keeps the bits) or else LLVM's own salvage
//    rules (a GEP's constant offset over its base, ...); what cannot be
//    expressed becomes poison, as LLVM does: an LDS, shared or private
//    address is not the generic address the variable held, and showing it
//    would be a wrong value (NVPTX global is not claimed either: LLVM does
//    not treat that cast as a no-op).
//  - capi_upgrade_calls: calls of an intrinsic LLVM 22 no longer has,
//    upgraded as LLVM's bitcode and text readers upgrade them
//    (UpgradeCallsToIntrinsic) — a module built in memory (clang's, under
//    the plugin) is never read back before gasp sees it.  ROCm 5's HIP
//    headers reach atomicInc/atomicDec through asm labels naming
//    llvm.amdgcn.atomic.inc/dec.i32.p0i32: unknown calls with a generic
//    pointer in clang's pipeline (llc, reading the bitcode, made them
//    flat_atomic_inc/dec); upgraded, they are atomicrmw that infer names
//    (HeCBench atomicIntrinsics-hip: 4 flat accesses -> 0).
//  - ir_take_name: Value::takeName hands the name's symbol-table entry
//    over; through the C API a name is copied, removed and inserted again
//    (two hash-table updates and an allocation: 1.9% of the instructions
//    of gasp-opt on 2,000 small helpers, which makes 4,000 clones).
//  - ir_keep_used / ir_drop_used: a global put in or taken out of
//    llvm.compiler.used (ModuleUtils' appendToCompilerUsed and
//    removeFromUsedLists: the C API can only rebuild that appending array,
//    and the array it replaces would stay a user of every global in it),
//    and the global erased with the constants left using the functions it
//    held (removeDeadConstantUsers): externalize.c's ABI table must outlive
//    LLVM's GlobalDCE after the plugin's late run, and the next run must
//    see its functions' calls as their only uses.
//  - ir_dso_local / ir_set_dso_local: GlobalValue's dso_local, which the C
//    API neither reads nor sets; LLVMSetLinkage to internal sets it, and
//    externalize.c gives back the linkage internalize took, this bit too.
//  - ir_copy_attrs: a clone's or a rebuilt call's attribute list is the
//    original's, handed over whole (AttributeList is immutable and
//    uniqued); through the C API each attribute is read and added one at
//    a time, and each addition builds a new list (7% of gasp's own
//    instructions under the plugin on a small random OpenCL program).
//  - ir_print_function: a function's text.  LLVMPrintValueToString on a
//    function numbers the metadata of every function of the module first
//    (Value::print's ModuleSlotTracker initialises all metadata for a
//    function), so gasp-run's one print per function (prep.c) was
//    quadratic in the module: 60% of its time on a random program of
//    5,000 helpers.  Function::print numbers the module's globals and this
//    function's own values only; the text differs in metadata numbers
//    alone (which prep.c drops).
//  - capi_expand_variadics: variadic calls rewritten to pass their
//    arguments in a buffer, by LLVM's own ExpandVariadics in lowering mode
//    (the mode llc's IR pipeline runs it in; the pass registry offers only
//    the optimizing mode by name): the ABI is the back end's by
//    construction.
#include "llvm-c/Core.h"
#include "llvm/IR/AutoUpgrade.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/ExpandVariadics.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>

using namespace llvm;

extern "C" {
void dbg_copy(LLVMValueRef from, LLVMValueRef to, const LLVMValueRef *olds,
              const LLVMValueRef *news, size_t n);
void dbg_salvage(LLVMValueRef v, LLVMValueRef same);
bool capi_upgrade_calls(LLVMValueRef decl);
bool capi_expand_variadics(LLVMModuleRef m);
void ir_take_name(LLVMValueRef from, LLVMValueRef to);
bool ir_comes_before(LLVMValueRef a, LLVMValueRef b);
void ir_keep_used(LLVMModuleRef m, LLVMValueRef gv);
void ir_drop_used(LLVMValueRef gv);
bool ir_dso_local(LLVMValueRef gv);
void ir_set_dso_local(LLVMValueRef gv, bool on);
void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned nargs);
char *ir_print_function(LLVMValueRef f);
}

void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned nargs) {
  Value *f = unwrap(from), *t = unwrap(to);
  auto *tf = dyn_cast<Function>(t);
  auto *tc = dyn_cast<CallBase>(t);
  AttributeList al = isa<Function>(f) ? cast<Function>(f)->getAttributes()
                                      : cast<CallBase>(f)->getAttributes();
  LLVMContext &c = f->getContext();
  nargs = std::min(nargs, tf ? (unsigned)tf->arg_size() : tc->arg_size());
  // `returned` promises that the argument is the return value, so both
  // must have one type: a parameter retyped to a named space while the
  // return stays generic (or the reverse) loses it
  Type *rt = tf ? tf->getReturnType() : t->getType();
  SmallVector<AttributeSet, 8> params;
  for (unsigned k = 0; k < nargs; k++) {
    Type *at = tf ? tf->getArg(k)->getType() : tc->getArgOperand(k)->getType();
    AttributeSet s = al.getParamAttrs(k);
    params.push_back(at == rt ? s : s.removeAttribute(c, Attribute::Returned));
  }
  AttributeList out = AttributeList::get(c, al.getFnAttrs(), al.getRetAttrs(), params);
  if (tf)
    tf->setAttributes(out);
  else
    tc->setAttributes(out);
}

char *ir_print_function(LLVMValueRef f) {
  std::string text;
  raw_string_ostream os(text);
  unwrap<Function>(f)->print(os);
  os.flush();
  return LLVMCreateMessage(text.c_str());
}

void ir_take_name(LLVMValueRef from, LLVMValueRef to) {
  Value *f = unwrap(from);
  if (f->hasName()) /* (takeName of an unnamed value would clear to's name) */
    unwrap(to)->takeName(f);
}

bool ir_comes_before(LLVMValueRef a, LLVMValueRef b) {
  return unwrap<Instruction>(a)->comesBefore(unwrap<Instruction>(b));
}

void ir_keep_used(LLVMModuleRef m, LLVMValueRef gv) {
  appendToCompilerUsed(*unwrap(m), {unwrap<GlobalValue>(gv)});
}

void ir_drop_used(LLVMValueRef gv) {
  auto *g = unwrap<GlobalVariable>(gv);
  Module *m = g->getParent();
  removeFromUsedLists(*m, [g](Constant *c) { return c->stripPointerCasts() == g; });
  SmallVector<Constant *, 8> held;
  if (g->hasInitializer())
    for (Use &u : g->getInitializer()->operands())
      held.push_back(cast<Constant>(u.get()));
  g->removeDeadConstantUsers(); /* the used list's array before the rebuild */
  g->eraseFromParent();
  for (Constant *c : held)
    c->removeDeadConstantUsers();
}

bool ir_dso_local(LLVMValueRef gv) { return unwrap<GlobalValue>(gv)->isDSOLocal(); }

void ir_set_dso_local(LLVMValueRef gv, bool on) { unwrap<GlobalValue>(gv)->setDSOLocal(on); }

bool capi_upgrade_calls(LLVMValueRef decl) {
  Function *f = unwrap<Function>(decl);
  Module *m = f->getParent();
  std::string name = f->getName().str();
  UpgradeCallsToIntrinsic(f); /* rewrites the calls; f may be deleted */
  return m->getFunction(name) != f; /* gone, or renamed ".old" */
}

bool capi_expand_variadics(LLVMModuleRef m) {
  /* the pass object itself (it asks for no analysis): an analysis manager
     here would export its template's destructor from libgasp.so */
  std::unique_ptr<ModulePass> pass(createExpandVariadicsPass(ExpandVariadicsMode::Lowering));
  return pass->runOnModule(*unwrap(m));
}

void dbg_copy(LLVMValueRef from, LLVMValueRef to, const LLVMValueRef *olds,
              const LLVMValueRef *news, size_t n) {
  Function *F = unwrap<Function>(from), *NF = unwrap<Function>(to);
  DISubprogram *SP = F->getSubprogram();
  if (!SP)
    return;
  ValueToValueMapTy VM;
  for (size_t k = 0; k < n; k++)
    VM[unwrap(olds[k])] = unwrap(news[k]);
  // What is shared with the original: compile units, types, every other
  // subprogram and what lies inside them (inlined code keeps its callee's
  // scopes).  Everything inside SP is cloned.
  MetadataPredicate Shared = [SP](const Metadata *MD) {
    if (isa<DICompileUnit>(MD) || isa<DIType>(MD))
      return true;
    if (auto *S = dyn_cast<DISubprogram>(MD))
      return S != SP;
    if (auto *L = dyn_cast<DILocalScope>(MD))
      return L->getSubprogram() != SP;
    if (auto *V = dyn_cast<DILocalVariable>(MD))
      if (auto *S = dyn_cast_or_null<DILocalScope>(V->getScope()))
        return S->getSubprogram() != SP;
    return false;
  };
  ValueMapper Map(VM, RF_IgnoreMissingLocals, nullptr, nullptr, &Shared);
  NF->setSubprogram(cast<DISubprogram>(Map.mapMetadata(*SP)));
  for (size_t k = 0; k < n; k++) {
    auto *O = dyn_cast<Instruction>(unwrap(olds[k]));
    auto *N = dyn_cast<Instruction>(unwrap(news[k]));
    if (!O || !N)
      continue;
    if (DILocation *L = O->getDebugLoc().get())
      N->setDebugLoc(DebugLoc(cast<DILocation>(Map.mapMetadata(*L))));
    // loop metadata holds the loop's start and end locations: a fresh loop
    // id with them in the copy's scopes (the verifier rejects a location
    // of another function's subprogram)
    if (MDNode *Loop = O->getMetadata(LLVMContext::MD_loop))
      N->setMetadata(LLVMContext::MD_loop, cast<MDNode>(Map.mapMetadata(*Loop)));
    if (MDNode *A = O->getMetadata(LLVMContext::MD_DIAssignID))
      N->setMetadata(LLVMContext::MD_DIAssignID, cast<MDNode>(Map.mapMetadata(*A)));
    for (DbgRecord &R : O->getDbgRecordRange()) {
      DbgRecord *C = R.clone();
      N->getParent()->insertDbgRecordBefore(C, N->getIterator());
      Map.remapDbgRecord(F->getParent(), *C);
    }
  }
}

void dbg_salvage(LLVMValueRef v, LLVMValueRef same) {
  Value *V = unwrap(v);
  if (!V->isUsedByMetadata())
    return;
  SmallVector<DbgVariableRecord *, 4> Recs;
  findDbgUsers(V, Recs);
  if (same) {
    for (DbgVariableRecord *R : Recs)
      R->replaceVariableLocationOp(V, unwrap(same));
    return;
  }
  if (auto *I = dyn_cast<Instruction>(V))
    salvageDebugInfo(*I);
}
