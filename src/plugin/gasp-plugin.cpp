/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
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
// Options: LLVM command-line options (-gasp-whole-program, -gasp-clone-cost=N,
// ... -mllvm -gasp-... from clang) are the defaults of every gasp pass;
// gasp<...> overrides them.  In the default pipelines (-O1 and up) gasp runs
// at the early simplification extension point — after the first
// SROA/EarlyCSE, before the inliner: gasp_early_pipeline(), within each
// function — and at the optimizer's last one (gasp_late_pipeline(), the
// clones), on modules whose triple names a target gasp has a table for
// (spir, spirv, nvptx, amdgcn); a host module is left alone.  Without the
// late run (-gasp-late=0) the early one is gasp_early_alone_pipeline().
// -gasp-auto=0 stops that, and a -passes text that names gasp
// itself makes the inserted one stand aside (gasp runs once).  To LLVM a
// run is `gasp` (printed as gasp<...>, which parses back) or a list of
// gasp's passes in an adaptor, gasp-run<options>(gasp-infer,
// gasp-group(gasp-fields,...),...): the inserted runs print that way, so
// a default pipeline printed with -print-pipeline-passes runs the same in
// opt, and its lists can be edited there; its errors are
// LLVM errors (the compile fails, no output), worded with the -gasp-...
// options (GaspOptions.option_prefix).  When opt/clang asks for remarks
// (-pass-remarks*=, -pass-remarks-output=, -Rpass*), gasp's remarks go to
// LLVM's diagnostic handler as optimization remarks of their pass (infer,
// ipmsp, ..., gasp for the accesses left generic), each at its source
// location when the module has debug info (else at its function), with
// gasp's named arguments; in the default pipelines the accesses left generic
// are said by the late run only, about the final code (emitRemarks).
// With -stats gasp's statistics are printed after
// its run, in opt's format; with -time-passes each gasp pass is a row of a
// timer group of its own (GaspOptions.pass_hook).
#include "gasp.h"

#include "llvm-c/Core.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <sys/resource.h>
#include <optional>
#include <string>

using namespace llvm;

namespace {

// gasp's remarks as LLVM optimization remarks (the pass names and strings
// live in Cx until it is freed; LLVM copies what it keeps).
// Residue: the remarks on the accesses left generic (gasp / GenericAccess);
// false in an early run a late run follows, which says it of the final code.
void emitRemarks(Module &M, GaspCtx *Cx, bool Residue) {
  for (size_t I = 0; I < gasp_remark_count(Cx); I++) {
    const GaspRemark *R = gasp_remark(Cx, I);
    if (!Residue && R->kind == GASP_REMARK_MISSED && !strcmp(R->name, "GenericAccess"))
      continue;
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

// What a library writer (FILE *) prints, copied to an LLVM stream.
template <typename Write> void copyTo(raw_ostream &OS, Write W) {
  char *Buf = nullptr;
  size_t Len = 0;
  FILE *Mem = open_memstream(&Buf, &Len);
  if (!Mem)
    return;
  W(Mem);
  fclose(Mem);
  OS.write(Buf, Len);
  OS.flush();
  free(Buf);
}

// -stats: the residue summary (stderr), then gasp's statistics as LLVM
// prints its own (the library's writers, the same as gasp-opt's), the JSON
// object with -stats-json, to LLVM's info output (-info-output-file).
void printStats(GaspCtx *Cx) {
  auto &Opts = cl::getRegisteredOptions();
  auto It = Opts.find("stats-json");
  // (given at all: its storage type is LLVM's business, not the plugin's)
  bool Json = It != Opts.end() && It->second->getNumOccurrences() > 0;
  copyTo(errs(), [Cx](FILE *F) { gasp_write_summary(Cx, "gasp: ", F); });
  std::unique_ptr<raw_ostream> OS = CreateInfoOutputFile();
  copyTo(*OS, [Cx, Json](FILE *F) { gasp_write_stats(Cx, Json, F); });
}

// ---- options: LLVM command-line options (-mllvm -gasp-... from clang) are
// the defaults of every gasp pass; gasp<...> in a pipeline overrides them.
cl::OptionCategory GaspCategory("gasp options (the gasp pass plugin)");
cl::opt<bool> OptAuto("gasp-auto", cl::init(true), cl::cat(GaspCategory),
                      cl::desc("Insert gasp into LLVM's default -O1/-O2/-O3 pipelines (at the "
                               "early simplification point; GPU modules only); 0: do not"));
cl::opt<bool> OptLate("gasp-late", cl::init(true), cl::cat(GaspCategory),
                      cl::desc("With -gasp-auto: run gasp's late pipeline again at the "
                               "optimizer's last extension point (what inlining and SROA "
                               "re-created); 0: do not"));
cl::opt<std::string> OptPasses("gasp-passes", cl::cat(GaspCategory), cl::value_desc("a,b,..."),
                               cl::desc("gasp's pass list (default: gasp's default pipeline)"));
// whether the automatic gasp runs late too (its early run is not the last)
bool lateRunFollows() { return OptAuto && OptLate && OptPasses.empty(); }
cl::opt<bool> OptWholeProgram("gasp-whole-program", cl::cat(GaspCategory),
                              cl::desc("The module is the whole device program: non-kernel "
                                       "functions are internal while gasp runs"));
cl::opt<unsigned> OptCloneCost("gasp-clone-cost", cl::cat(GaspCategory), cl::value_desc("N"),
                               cl::desc("Most instructions a clone may cost per use it names "
                                        "(0: no limit; default: the target's)"));
cl::opt<unsigned> OptCloneBudget("gasp-clone-budget", cl::cat(GaspCategory), cl::value_desc("N"),
                                 cl::desc("Most clones one run may make (default: no limit)"));
cl::opt<GaspLowerMode> OptLower(
    "gasp-lower-generic", cl::cat(GaspCategory), cl::init(GASP_LOWER_NONE),
    cl::desc("What happens to generic accesses left after inference"),
    cl::values(clEnumValN(GASP_LOWER_NONE, "none", "leave them generic"),
               clEnumValN(GASP_LOWER_TAGS, "tags", "tag pointers, dispatch on the tag")));
cl::opt<std::string> OptTargetAs("gasp-target-as", cl::cat(GaspCategory), cl::value_desc("NAME"),
                                 cl::desc("Address-space table (spir, nvptx, amdgcn, genx; "
                                          "default: from the triple)"));
cl::opt<bool> OptForceTargetAs("gasp-force-target-as", cl::cat(GaspCategory),
                               cl::desc("Use -gasp-target-as even against the triple"));
cl::opt<bool> OptKeepVolatile("gasp-keep-volatile", cl::cat(GaspCategory),
                              cl::desc("Keep every volatile generic access generic"));
cl::opt<bool> OptPrivateInGlobal("gasp-private-in-global", cl::cat(GaspCategory),
                                 cl::desc("Private memory lives in the global buffer"));
enum VersionMode { VersionOff, VersionOn };
cl::opt<VersionMode> OptVersionBySpace(
    "gasp-version-by-space", cl::cat(GaspCategory), cl::init(VersionOff),
    cl::desc("A call, loop or run of accesses through a pointer in one of two spaces the "
             "target tests apart: one space test, one call or copy per space"),
    cl::values(clEnumValN(VersionOff, "off", "no versioning (the default)"),
               clEnumValN(VersionOn, "on", "version calls, loops and runs by space")));
cl::opt<bool> OptVerifySpaces("gasp-verify-spaces", cl::cat(GaspCategory),
                              cl::desc("Prove every generic-to-named cast gasp made again on "
                                       "the output (GASP_VERIFY_SPACES=1 does the same)"));
cl::opt<bool> OptNameAll("gasp-name-all", cl::cat(GaspCategory),
                         cl::desc("Name what llc names itself too (NVPTX: a kernel's pointer "
                                  "parameters; early, module variables), which the plugin's "
                                  "runs leave generic as clang's build has them"));
cl::opt<unsigned> OptVisitCap("gasp-visit-cap", cl::cat(GaspCategory), cl::value_desc("N"),
                              cl::desc("ipmsp's re-visits per block (0: 1024)"));

// What one registration (one PassBuilder) shares between its callbacks:
// whether a pipeline names gasp itself (then the automatically inserted
// gasp stands aside), and the LLVM names of gasp's own passes.
struct Registration {
  bool Explicit = false;
  // a -passes text names gasp<...;late> (a default pipeline printed and
  // parsed back): its gasp<...;early> has a late run after it
  bool LateParsed = false;
  const Module *Failed = nullptr; // the module an early run failed on: no late run
  // pass -> "gasp-<pass>" for each of the library's passes (the
  // instrumentation keeps StringRefs to them): filled once, at registration
  StringMap<std::string> StepNames;
};

// One of gasp's own passes as LLVM's pass instrumentation sees it: a pass
// named gasp-<name> (gasp-infer, gasp-ipmsp, ...), run inside the gasp
// pass.  A required step (a glue pass, reinfer) is never skipped by
// -opt-bisect-limit, as LLVM's required passes are not.
struct GaspStep {
  StringRef Name;
  StringRef name() const { return Name; }
};
struct GaspRequiredStep : GaspStep {
  static bool isRequired() { return true; }
};

// Around each of gasp's passes, LLVM's instrumentation: -debug-pass-manager
// lists it, -print-after=gasp-ipmsp (and -print-before, -print-changed,
// -filter-passes) print around it, -time-passes makes it a row,
// -opt-bisect-limit counts it and may skip it.
struct StepHooks {
  PassInstrumentation PI;
  Module &M;
  Registration &Reg;
  bool Required = false;

  // (every pass the library runs is in gasp_pass_list: registered)
  StringRef stepName(const char *Pass) { return Reg.StepNames.find(Pass)->second; }
  static int gate(void *User, const char *Pass, int Required) {
    auto *H = static_cast<StepHooks *>(User);
    H->Required = Required;
    StringRef N = H->stepName(Pass);
    return Required ? (H->PI.runBeforePass<Module>(GaspRequiredStep{{N}}, H->M), 1)
                    : H->PI.runBeforePass<Module>(GaspStep{N}, H->M);
  }
  static void after(void *User, const char *Pass, int After) {
    auto *H = static_cast<StepHooks *>(User);
    if (!After)
      return;
    StringRef N = H->stepName(Pass);
    if (H->Required)
      H->PI.runAfterPass<Module>(GaspRequiredStep{{N}}, H->M, PreservedAnalyses::none());
    else
      H->PI.runAfterPass<Module>(GaspStep{N}, H->M, PreservedAnalyses::none());
  }
};

// The fact store as an LLVM module analysis: each gasp pass of a -passes
// text (gasp-infer, gasp-callsplit, ...) is one run of the library, and
// what one step leaves for a later one (the callees of the calls callsplit
// split, for splitclones; the early run's sizes; refusals said) is carried
// between them in a GaspCarry while no other pass changes the module: a
// gasp pass preserves this analysis, any other change invalidates it (the
// next gasp pass starts from the IR and its !gasp.* metadata alone).
struct GaspFactsAnalysis : AnalysisInfoMixin<GaspFactsAnalysis> {
  struct Result {
    struct Free {
      void operator()(GaspCarry *C) const { gasp_carry_free(C); }
    };
    std::unique_ptr<GaspCarry, Free> Carry;
    bool invalidate(Module &, const PreservedAnalyses &PA, ModuleAnalysisManager::Invalidator &) {
      auto PAC = PA.getChecker<GaspFactsAnalysis>();
      return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Module>>();
    }
  };
  Result run(Module &, ModuleAnalysisManager &) { return {std::unique_ptr<GaspCarry, Result::Free>(gasp_carry_new())}; }
  static StringRef name() { return "GaspFactsAnalysis"; }
  static AnalysisKey Key;
};
AnalysisKey GaspFactsAnalysis::Key;

struct GaspPass : PassInfoMixin<GaspPass> {
  // set by gasp<...>; unset: the -gasp-... option's value
  std::optional<std::string> Passes, TargetAs;
  std::optional<bool> WholeProgram, PrivateInGlobal, KeepVolatile, VersionBySpace;
  std::optional<GaspLowerMode> Lower;
  std::optional<unsigned> CloneCost, CloneBudget, VisitCap;
  bool Auto = false;     // gasp<auto>: GPU triples only, others left alone
  bool Inserted = false; // put into a default<On> pipeline (and auto)
  bool Early = false;    // gasp<early>: the library's early pipeline
  bool Late = false;     // gasp<late>: the library's late pipeline
  // gasp-run<...>(gasp-a,gasp-group(gasp-b,gasp-c),...): printed as that
  // adaptor with its list of passes (the inserted runs, and what parses
  // back from them), not as gasp<...>
  bool Adaptor = false;
  std::shared_ptr<Registration> Reg;

  static StringRef name() { return "GaspPass"; }

  // a late run comes after this one: the one inserted at the optimizer's
  // end, or a gasp<...;late> in the same -passes text
  bool lateFollows() const { return Inserted ? lateRunFollows() : Reg && Reg->LateParsed; }

  // gasp<...> as parsePass reads it back: every value set, then the list;
  // an adaptor as gasp-run<...>(...), its options, then its passes
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
    SmallVector<std::string, 8> Parts;
    if (Auto)
      Parts.push_back("auto");
    if (Early)
      Parts.push_back("early");
    if (Late)
      Parts.push_back("late");
    if (WholeProgram)
      Parts.push_back(*WholeProgram ? "whole-program" : "no-whole-program");
    if (Lower)
      Parts.push_back(*Lower == GASP_LOWER_TAGS ? "tags" : "no-tags");
    if (PrivateInGlobal)
      Parts.push_back(*PrivateInGlobal ? "private-in-global" : "no-private-in-global");
    if (KeepVolatile)
      Parts.push_back(*KeepVolatile ? "keep-volatile" : "no-keep-volatile");
    if (VersionBySpace)
      Parts.push_back(*VersionBySpace ? "version-by-space" : "no-version-by-space");
    if (CloneCost)
      Parts.push_back("clone-cost=" + std::to_string(*CloneCost));
    if (CloneBudget)
      Parts.push_back("clone-budget=" + std::to_string(*CloneBudget));
    if (VisitCap)
      Parts.push_back("visit-cap=" + std::to_string(*VisitCap));
    if (TargetAs)
      Parts.push_back("target-as=" + *TargetAs);
    if (Passes && !Adaptor)
      for (StringRef P : split(*Passes, ','))
        Parts.push_back(P.str());
    OS << (Adaptor ? StringRef("gasp-run") : MapClassName2PassName(name()));
    if (!Parts.empty()) {
      OS << '<';
      ListSeparator LS(";");
      for (const std::string &P : Parts)
        OS << LS << P;
      OS << '>';
    }
    if (Adaptor) // the list this run runs, as LLVM pass names
      printSteps(OS, options().passes);
  }

  // "a,[b,c],d" as "(gasp-a,gasp-group(gasp-b,gasp-c),gasp-d)"
  static void printSteps(raw_ostream &OS, const char *List) {
    OS << '(';
    ListSeparator LS(",");
    for (StringRef Tok : split(List ? List : gasp_default_pipeline(), ',')) {
      Tok = Tok.trim();
      bool Open = Tok.consume_front("["), Close = Tok.consume_back("]");
      OS << LS << (Open ? "gasp-group(" : "") << "gasp-" << Tok << (Close ? ")" : "");
    }
    OS << ')';
  }

  GaspOptions options() const {
    GaspOptions O;
    gasp_options_init(&O);
    const std::string &P = OptPasses.getValue();
    O.passes = Passes                  ? Passes->c_str()
               : Late                  ? gasp_late_pipeline()
               : !P.empty()            ? P.c_str()
               : Early                 ? (lateFollows() ? gasp_early_pipeline()
                                                        : gasp_early_alone_pipeline())
                                       : nullptr;
    const std::string &T = TargetAs ? *TargetAs : OptTargetAs.getValue();
    O.target_as = T.empty() ? nullptr : T.c_str();
    O.force_target_as = OptForceTargetAs;
    // the whole-program promise is the late run's (internalize, indirect):
    // an early run followed by a late one leaves the linkage as clang's
    // build has it, so LLVM's inliner and IPO decide as they do there (an
    // early internalize let them inline and cut the arguments of internal
    // functions otherwise: SHOC's bfs_uiuc_spill 8 spill bytes more, dwt2d's
    // fdwt53 at -O3 +6% instructions); early alone, the early run's
    O.whole_program = (!Early || !lateFollows()) && WholeProgram.value_or(OptWholeProgram);
    O.lower_generic = Lower.value_or(OptLower);
    O.private_in_global = PrivateInGlobal.value_or(OptPrivateInGlobal);
    O.keep_volatile = KeepVolatile.value_or(OptKeepVolatile);
    O.version_by_space = VersionBySpace.value_or(OptVersionBySpace == VersionOn);
    O.clone_cost = CloneCost ? (long)*CloneCost
                   : OptCloneCost.getNumOccurrences() ? (long)OptCloneCost : -1;
    O.clone_budget = CloneBudget ? (long)*CloneBudget
                     : OptCloneBudget.getNumOccurrences() ? (long)OptCloneBudget : -1;
    O.visit_cap = VisitCap.value_or(OptVisitCap);
    // LLVM's optimizer and the late run follow: what naming now would
    // hide from LLVM's alias analysis waits for the late run
    O.early_run = Early && lateFollows();
    // llc follows the plugin's runs: what it names itself is left to it,
    // as clang's build has it (analysis/backendnamed.c)
    O.backend_follows = (Inserted || Early || Late) && !OptNameAll;
    const char *VS = getenv("GASP_VERIFY_SPACES");
    O.verify_spaces = OptVerifySpaces || (VS && *VS && strcmp(VS, "0"));
    O.option_prefix = "-gasp-";
    return O; // the strings point into this pass and the options: copy at once
  }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    LLVMModuleRef Ref = wrap(&M);
    // the automatic gasp stands aside when the pipeline names gasp itself
    // (-passes='default<O2>,gasp': parsed after default<O2> was built)
    if ((Inserted && Reg && Reg->Explicit) ||
        (Auto && !gasp_target_for_triple(LLVMGetTarget(Ref))) ||
        (Late && Reg && Reg->Failed == &M))
      return PreservedAnalyses::all();
    GaspOptions O = options();
    O.stats = AreStatisticsEnabled();
    O.summary = O.stats;
    std::optional<StepHooks> Hooks;
    if (Reg) {
      Hooks.emplace(StepHooks{MAM.getResult<PassInstrumentationAnalysis>(M), M, *Reg});
      O.pass_gate = StepHooks::gate;
      O.pass_hook = StepHooks::after;
      O.pass_hook_user = &*Hooks;
    }
    LLVMContext &C = M.getContext();
    bool Remarks = C.getLLVMRemarkStreamer() || C.getDiagHandlerPtr()->isAnyRemarkEnabled();
    if (Remarks)
      O.remarks = GASP_REMARKS_ALL;
    GaspCtx *Cx = gasp_ctx_new(&O);
    gasp_ctx_set_carry(Cx, MAM.getResult<GaspFactsAnalysis>(M).Carry.get());
    GaspStatus St = gasp_run(Cx, Ref);
    if (Remarks) // what stays generic is said once, by the run that ends gasp's work
      emitRemarks(M, Cx, !Early || !lateFollows());
    if (O.stats)
      printStats(Cx);
    // LLVM's diagnostics: a warning is printed, an error fails the compile
    // (opt and clang exit non-zero and write no output)
    std::string Errors;
    for (size_t I = 0; I < gasp_diag_count(Cx); I++) {
      std::string Msg = std::string("gasp: ") + gasp_diag_message(Cx, I);
      if (gasp_diag_severity(Cx, I) == GASP_SEV_ERROR)
        Errors += (Errors.empty() ? "" : "\n") + Msg;
      else
        C.diagnose(DiagnosticInfoGeneric(Twine(Msg), DS_Warning));
    }
    if (St != GASP_OK && Errors.empty())
      Errors = "gasp: failed (status " + std::to_string((int)St) + ")";
    gasp_ctx_free(Cx);
    if (!Errors.empty()) {
      if (Reg)
        Reg->Failed = &M; // no late run: clang goes on to the pipeline's end
      // opt's handler exits at an error, after it opened its output: the
      // files registered for removal go first, as at a fatal error (clang
      // records the error, fails, and discards its outputs itself)
      sys::RunInterruptHandlers();
      C.diagnose(DiagnosticInfoGeneric(Twine(Errors), DS_Error));
      return PreservedAnalyses::none();
    }
    PreservedAnalyses PA = PreservedAnalyses::none();
    PA.preserve<GaspFactsAnalysis>(); // the carry holds this run's store
    return PA;
  }
};


const char *const OptionList =
    "auto, early, late, whole-program, tags, private-in-global, keep-volatile, version-by-space (each also as "
    "no-...), "
    "clone-cost=N, clone-budget=N, visit-cap=N, target-as=NAME";

// Calls F with each of the library's pass names (gasp_pass_list, the glue
// passes and reinfer included; its closing "(and none)" left out).
template <typename Fn> void forEachStep(Fn F) {
  for (StringRef P : split(gasp_pass_list(), ','))
    F(P.trim().split(' ').first);
}

// Whether Name is one of the library's passes.
bool isGaspStep(StringRef Name) {
  bool Found = false;
  forEachStep([&](StringRef P) { Found |= P == Name; });
  return Found;
}

// The list a gasp-run(...) holds, in the library's spelling ("a,[b,c],d"):
// each element gasp-<pass>, or gasp-group(gasp-<pass>,...) for a group that
// repeats while one of its passes changes the module.  False, with an
// error, for anything else.
bool parseSteps(ArrayRef<PassBuilder::PipelineElement> Inner, std::string &List, bool InGroup) {
  for (const PassBuilder::PipelineElement &E : Inner) {
    StringRef Step = E.Name;
    if (!InGroup && Step == "gasp-group" && !E.InnerPipeline.empty()) {
      std::string Group;
      if (!parseSteps(E.InnerPipeline, Group, true))
        return false;
      List += (List.empty() ? "[" : ",[") + Group + "]";
      continue;
    }
    if (!Step.consume_front("gasp-") || !isGaspStep(Step) || !E.InnerPipeline.empty()) {
      errs() << "gasp: error: gasp-run(...) holds gasp's passes (gasp-infer, gasp-ipmsp, ...)"
             << (InGroup ? "" : " and groups of them, gasp-group(gasp-fields,...)")
             << ": '" << E.Name << (E.InnerPipeline.empty() ? "" : "(...)") << "' is not "
             << (InGroup ? "one of gasp's passes" : "one") << "\n";
      return false;
    }
    List += (List.empty() ? "" : ",") + Step.str();
  }
  return true;
}

// "gasp", "gasp<a;b;...>" (each element an option, see OptionList, or a
// pass name of gasp's list), "gasp-<pass>" (gasp-infer: that pass alone,
// as gasp<infer>) or "gasp-run<a;b;...>(gasp-<pass>,...)" (a gasp run
// with its options and its list as LLVM pass names: how the inserted runs
// print; without the parentheses, the run's own pipeline).
bool parseGasp(StringRef Name, ArrayRef<PassBuilder::PipelineElement> Inner, GaspPass &P) {
  if (Name == "gasp")
    return true;
  if (StringRef Step = Name; Step.consume_front("gasp-") && isGaspStep(Step)) {
    P.Passes = Step.str();
    return true;
  }
  if (Name == "gasp-run") {
    P.Adaptor = true;
    Name = "<>";
  } else if (Name.starts_with("gasp-run<")) {
    P.Adaptor = true;
    Name = Name.drop_front(strlen("gasp-run"));
  } else if (!Name.consume_front("gasp")) {
    return false;
  }
  if (!Name.consume_front("<") || !Name.consume_back(">"))
    return false;
  SmallVector<StringRef, 8> Parts;
  Name.split(Parts, ';', -1, false);
  std::string List;
  for (StringRef Part : Parts) {
    bool On = !Part.consume_front("no-");
    if (Part == "auto" && On)
      P.Auto = true;
    else if (Part == "early" && On)
      P.Early = true;
    else if (Part == "late" && On)
      P.Late = true;
    else if (Part == "whole-program")
      P.WholeProgram = On;
    else if (Part == "tags")
      P.Lower = On ? GASP_LOWER_TAGS : GASP_LOWER_NONE;
    else if (Part == "private-in-global")
      P.PrivateInGlobal = On;
    else if (Part == "keep-volatile")
      P.KeepVolatile = On;
    else if (Part == "version-by-space")
      P.VersionBySpace = On;
    else if (!On) {
      errs() << "gasp: error: gasp<...>: no-" << Part << " is not an option\n";
      return false;
    } else if (Part.starts_with("clone-cost=") || Part.starts_with("clone-budget=") ||
               Part.starts_with("visit-cap=")) {
      auto [Key, Val] = Part.split('=');
      unsigned long V;
      if (Val.getAsInteger(10, V) || V > 0x7fffffffUL) {
        errs() << "gasp: error: gasp<...>: " << Key << " takes a count (a whole number >= 0), not '"
               << Val << "'\n";
        return false;
      }
      (Key == "clone-cost" ? P.CloneCost : Key == "clone-budget" ? P.CloneBudget : P.VisitCap) =
          (unsigned)V;
    } else if (Part.consume_front("target-as="))
      P.TargetAs = Part.str();
    else
      List += (List.empty() ? "" : ",") + Part.str();
  }
  if (P.Early && P.Late) {
    errs() << "gasp: error: gasp<...> names both early and late: one run is one of them\n";
    return false;
  }
  if (P.Adaptor && !List.empty()) {
    errs() << "gasp: error: gasp-run<...> takes options; its passes go in parentheses, as LLVM "
              "pass names (gasp-run<late>(gasp-infer,gasp-group(gasp-fields,gasp-ipmsp),...)), "
              "not '"
           << List << "'\n";
    return false;
  }
  if ((P.Early || P.Late) && !List.empty()) { // an inserted run's list is the library's
    const char *Run = P.Early ? "early" : "late";
    errs() << "gasp: error: gasp<" << Run << "> runs the " << Run << " pipeline ("
           << (P.Early ? gasp_early_pipeline() : gasp_late_pipeline())
           << "), not a pass list of its own ('" << List
           << "'; gasp-run<" << Run << ">(gasp-<pass>,...) runs a list of its own as the " << Run
           << " run)\n";
    return false;
  }
  if (P.Adaptor && !Inner.empty() && !parseSteps(Inner, List, false))
    return false;
  if (!List.empty())
    P.Passes = List;
  if (!P.Passes && !P.TargetAs)
    return true;
  // pass and target names are the library's to check (gasp_check_options)
  GaspOptions O = P.options();
  O.option_prefix = ""; // gasp<...> spells its own: target-as=NAME
  GaspCtx *Cx = gasp_ctx_new(&O);
  bool Ok = gasp_check_options(Cx) == GASP_OK;
  for (size_t I = 0; I < gasp_diag_count(Cx); I++)
    errs() << "gasp: error: " << gasp_diag_message(Cx, I) << "\n";
  if (!Ok)
    errs() << "gasp: gasp<...> options: " << OptionList << "\n";
  gasp_ctx_free(Cx);
  return Ok;
}

// The stack LLVM's own passes need after gasp's.  LLVM 22's Attributor
// (AMDGPUAttributor in amdgcn's -O2/-O3 pipelines) simplifies values
// recursively, one frame chain per link of a def-use chain: a random
// OpenCL kernel whose accumulator is a chain of ~4,000 adds overflows
// clang-22's 8 MiB main-thread stack with the plugin (15,390 frames,
// SIGSEGV) where clang alone passes, because a load gasp names lets it
// follow the stores it reads (fuzz seed 10218; seed 10130 needs 64 MiB
// with clang alone).  As GCC raises its own soft stack limit to 64 MiB at
// start-up, the plugin raises the soft limit to 64 MiB (never above the
// hard limit, never lowering it): the main thread's stack grows on demand
// up to the limit in force, and the kernel leaves at least 128 MiB below
// it unmapped.  Threads already made keep their size.
void raiseStackLimit() {
  const rlim_t Want = 64ull << 20;
  struct rlimit RL;
  if (getrlimit(RLIMIT_STACK, &RL) || RL.rlim_cur == RLIM_INFINITY || RL.rlim_cur >= Want)
    return;
  RL.rlim_cur = RL.rlim_max == RLIM_INFINITY || RL.rlim_max >= Want ? Want : RL.rlim_max;
  setrlimit(RLIMIT_STACK, &RL);
}

void registerCallbacks(PassBuilder &PB) {
  raiseStackLimit();
  auto Reg = std::make_shared<Registration>();
  forEachStep([&](StringRef P) { Reg->StepNames[P] = ("gasp-" + P).str(); });
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
    PIC->addClassToPassName(GaspPass::name(), "gasp");
    // each of gasp's passes by its LLVM name (gasp-infer, ...): what
    // -print-after=, -filter-passes= and the bisect lines call it
    for (const auto &E : Reg->StepNames)
      PIC->addClassToPassName(E.second, E.second);
  }
  PB.registerAnalysisRegistrationCallback(
      [](ModuleAnalysisManager &MAM) { MAM.registerPass([] { return GaspFactsAnalysis(); }); });
  PB.registerPipelineParsingCallback(
      [Reg](StringRef Name, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement> Inner) {
        GaspPass P;
        if (!parseGasp(Name, Inner, P))
          return false;
        P.Reg = Reg;
        Reg->Explicit = true;
        Reg->LateParsed |= P.Late;
        MPM.addPass(std::move(P));
        return true;
      });
  PB.registerPipelineEarlySimplificationEPCallback(
      [Reg](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level == OptimizationLevel::O0 || !OptAuto || Reg->Explicit)
          return;
        GaspPass P;
        P.Auto = P.Inserted = P.Early = P.Adaptor = true;
        P.Reg = Reg;
        MPM.addPass(std::move(P));
      });
  // the late run: what inlining, SROA and instcombine re-created after the
  // early one (not when -gasp-passes asks for one list of its own)
  PB.registerOptimizerLastEPCallback(
      [Reg](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level == OptimizationLevel::O0 || Reg->Explicit || !lateRunFollows())
          return;
        GaspPass P;
        P.Auto = P.Inserted = P.Late = P.Adaptor = true;
        P.Reg = Reg;
        MPM.addPass(std::move(P));
      });
}

} // namespace

// the plugin's one exported symbol: it is built with hidden visibility and
// libgasp's symbols made local (Makefile), so no call inside it is bound
// through LLVM's symbol scope at run time
extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "gasp", GASP_VERSION, registerCallbacks};
}
