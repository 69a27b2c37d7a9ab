// gasp-plugin.cpp — gasp as an LLVM pass plugin (opt -load-pass-plugin,
// clang -fpass-plugin).  The one C++ file of gasp: LLVM's plugin interface
// exists only in its C++ API, so this adapter turns a Module& into the
// LLVMModuleRef the C library takes and calls gasp_run; every pass stays in
// C (docs/design.md, "The pass plugin").
//
//   opt-22 -load-pass-plugin=build/lib/gasp-plugin.so -passes=gasp in.ll
//   opt-22 ... -passes='gasp<infer;ipmsp>,instcombine'   (a pass list)
//   opt-22 ... -passes='gasp<whole-program;tags>'        (options)
//   clang-22 -O2 -fpass-plugin=build/lib/gasp-plugin.so ...
//
// In the default pipelines (-O1 and up) gasp runs at the early
// simplification extension point — after the first SROA/EarlyCSE, before
// the inliner — on modules whose triple names a target gasp has a table
// for (spir, spirv, nvptx, amdgcn); a host module is left alone.  Errors
// are printed as "gasp: error: ..." and the module is left as gasp leaves
// it on failure (a pass that refuses decides before it rewrites).  The pass names in
// gasp<...> are checked by the library (gasp_check_options).  When
// opt/clang asks for remarks (-pass-remarks*=, -pass-remarks-output=,
// -Rpass*), gasp's remarks go to LLVM's diagnostic handler as optimization
// remarks of their pass (infer, ipmsp, ..., gasp for the accesses left
// generic), each at its source location when the module has debug info
// (else at its function), with gasp's named arguments.  With opt's -stats
// gasp's statistics are printed after its run, in opt's format; with
// -time-passes also the time of each gasp pass.
#include "gasp.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>

using namespace llvm;

namespace {

// gasp's remarks as LLVM optimization remarks (the pass names and strings
// live in Cx until it is freed; LLVM copies what it keeps).
void emitRemarks(Module &M, GaspCtx *Cx) {
  for (size_t I = 0; I < gasp_remark_count(Cx); I++) {
    const GaspRemark *R = gasp_remark(Cx, I);
    const Function *F = M.getFunction(R->function);
    if (!F || F->isDeclaration())
      continue; // a module-level remark: LLVM's remarks need a function
    auto Fill = [R](DiagnosticInfoOptimizationBase &D) {
      for (size_t A = 0; A < R->nargs; A++) {
        if (!strcmp(R->args[A].key, "String"))
          D << R->args[A].value;
        else
          D << DiagnosticInfoOptimizationBase::Argument(R->args[A].key, R->args[A].value);
      }
    };
    LLVMContext &C = M.getContext();
    // the remark's own line and column, in its file, inside F's subprogram
    DebugLoc DL;
    if (DISubprogram *SP = F->getSubprogram(); SP && R->file && R->line) {
      DIFile *File = DIFile::get(C, R->file, SP->getDirectory());
      DL = DILocation::get(C, R->line, R->column, DILexicalBlockFile::get(C, SP, File, 0));
    }
    const BasicBlock *Entry = &F->getEntryBlock();
    if (R->kind == GASP_REMARK_PASSED) {
      OptimizationRemark D = DL ? OptimizationRemark(R->pass, R->name, DL, Entry)
                                : OptimizationRemark(R->pass, R->name, F);
      Fill(D);
      C.diagnose(D);
    } else if (R->kind == GASP_REMARK_MISSED) {
      OptimizationRemarkMissed D = DL ? OptimizationRemarkMissed(R->pass, R->name, DL, Entry)
                                      : OptimizationRemarkMissed(R->pass, R->name, F);
      Fill(D);
      C.diagnose(D);
    } else {
      OptimizationRemarkAnalysis D = DL ? OptimizationRemarkAnalysis(R->pass, R->name, DL, Entry)
                                        : OptimizationRemarkAnalysis(R->pass, R->name, F);
      Fill(D);
      C.diagnose(D);
    }
  }
}

// gasp's statistics in opt's -stats layout ("value name - description"),
// under a heading of their own; time.* only (in microseconds) when only
// -time-passes asked.
void printStats(GaspCtx *Cx, bool All) {
  errs() << "===" << std::string(73, '-') << "===\n"
         << "                          ... gasp statistics ...\n"
         << "===" << std::string(73, '-') << "===\n\n";
  for (size_t I = 0; I < gasp_stat_count(Cx); I++) {
    StringRef Name = gasp_stat_name(Cx, I);
    if (!All && !Name.starts_with("time."))
      continue;
    errs() << format("%8llu", (unsigned long long)gasp_stat_value(Cx, I)) << " " << Name
           << " - " << gasp_stat_desc(Cx, I) << "\n";
  }
  errs() << "\n";
}

struct GaspPass : PassInfoMixin<GaspPass> {
  std::string Passes; // "" = the default pipeline
  bool WholeProgram = false, Tags = false, PrivateInGlobal = false, KeepVolatile = false;
  long CloneCost = -1, CloneBudget = -1; // -1: the library's defaults
  unsigned VisitCap = 0;
  std::string TargetAs;
  bool Auto = false; // added by an extension point: skip unknown targets

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    LLVMModuleRef Ref = wrap(&M);
    if (Auto && !gasp_target_for_triple(LLVMGetTarget(Ref)))
      return PreservedAnalyses::all();
    GaspOptions O;
    gasp_options_init(&O);
    O.passes = Passes.empty() ? nullptr : Passes.c_str();
    O.whole_program = WholeProgram;
    O.lower_generic = Tags ? GASP_LOWER_TAGS : GASP_LOWER_NONE;
    O.private_in_global = PrivateInGlobal;
    O.keep_volatile = KeepVolatile;
    O.clone_cost = CloneCost;
    O.clone_budget = CloneBudget;
    O.visit_cap = VisitCap;
    O.target_as = TargetAs.empty() ? nullptr : TargetAs.c_str();
    O.stats = AreStatisticsEnabled();
    O.time_passes = TimePassesIsEnabled;
    LLVMContext &C = M.getContext();
    bool Remarks = C.getLLVMRemarkStreamer() || C.getDiagHandlerPtr()->isAnyRemarkEnabled();
    if (Remarks)
      O.remarks = GASP_REMARKS_ALL;
    GaspCtx *Cx = gasp_ctx_new(&O);
    GaspStatus St = gasp_run(Cx, Ref);
    if (Remarks)
      emitRemarks(M, Cx);
    for (size_t I = 0; I < gasp_diag_count(Cx); I++)
      errs() << "gasp: " << (gasp_diag_severity(Cx, I) == GASP_SEV_ERROR ? "error: " : "warning: ")
             << gasp_diag_message(Cx, I) << "\n";
    if (O.stats || O.time_passes)
      printStats(Cx, O.stats);
    gasp_ctx_free(Cx);
    (void)St;
    return PreservedAnalyses::none();
  }
};

const char *const OptionList =
    "whole-program, tags, private-in-global, keep-volatile, clone-cost=N, clone-budget=N, "
    "visit-cap=N, target-as=NAME";

// "gasp" or "gasp<a;b;...>": each element a pass name (the list) or an
// option (whole-program, tags, private-in-global, keep-volatile,
// clone-cost=N, clone-budget=N, visit-cap=N, target-as=NAME).
bool parseGasp(StringRef Name, GaspPass &P) {
  if (Name == "gasp")
    return true;
  if (!Name.consume_front("gasp<") || !Name.consume_back(">"))
    return false;
  SmallVector<StringRef, 8> Parts;
  Name.split(Parts, ';', -1, false);
  for (StringRef Part : Parts) {
    if (Part == "whole-program")
      P.WholeProgram = true;
    else if (Part == "tags")
      P.Tags = true;
    else if (Part == "private-in-global")
      P.PrivateInGlobal = true;
    else if (Part == "keep-volatile")
      P.KeepVolatile = true;
    else if (Part.starts_with("clone-cost=") || Part.starts_with("clone-budget=") ||
             Part.starts_with("visit-cap=")) {
      auto [Key, Val] = Part.split('=');
      unsigned long V;
      if (Val.getAsInteger(10, V) || V > 0x7fffffffUL) {
        errs() << "gasp: error: gasp<...>: " << Key << " takes a count (a whole number >= 0), not '"
               << Val << "'\n";
        return false;
      }
      if (Key == "clone-cost")
        P.CloneCost = (long)V;
      else if (Key == "clone-budget")
        P.CloneBudget = (long)V;
      else
        P.VisitCap = (unsigned)V;
    } else if (Part.consume_front("target-as="))
      P.TargetAs = Part.str();
    else
      P.Passes += (P.Passes.empty() ? "" : ",") + Part.str();
  }
  if (P.Passes.empty() && P.TargetAs.empty())
    return true;
  // pass and target names are the library's to check (gasp_check_options)
  GaspOptions O;
  gasp_options_init(&O);
  O.passes = P.Passes.empty() ? nullptr : P.Passes.c_str();
  O.target_as = P.TargetAs.empty() ? nullptr : P.TargetAs.c_str();
  GaspCtx *Cx = gasp_ctx_new(&O);
  bool Ok = gasp_check_options(Cx) == GASP_OK;
  for (size_t I = 0; I < gasp_diag_count(Cx); I++)
    errs() << "gasp: error: " << gasp_diag_message(Cx, I) << "\n";
  if (!Ok)
    errs() << "gasp: gasp<...> options: " << OptionList << "\n";
  gasp_ctx_free(Cx);
  return Ok;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        GaspPass P;
        if (!parseGasp(Name, P))
          return false;
        MPM.addPass(std::move(P));
        return true;
      });
  PB.registerPipelineEarlySimplificationEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level == OptimizationLevel::O0)
          return;
        GaspPass P;
        P.Auto = true;
        MPM.addPass(std::move(P));
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "gasp", GASP_VERSION, registerCallbacks};
}
