/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// bitstream.cpp — gasp's remarks in LLVM's bitstream remark format, written
// by LLVM's own serializer (llvm::remarks::BitstreamRemarkSerializer): the
// format has no C interface and its encoding (LLVM's bitstream container,
// a string table, abbreviations) is LLVM's to define, so gasp does not
// write it itself.  The third C++ file of gasp (docs/design.md, "C++ in
// gasp"); declared in include/gasp.h (gasp_remarks_write_bitstream).
// Each remark becomes what the YAML writer (remark.c) writes: pass, name,
// function, debug location (or line 0 of the source file), arguments.
// Tests: test/remarks/bitstream.test (llvm-remarkutil-22 reads it back and
// agrees with the YAML).
#include "gasp.h"

#include "llvm/Remarks/BitstreamRemarkSerializer.h"
#include "llvm/Remarks/Remark.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace llvm;

// (The serializer is made directly, not through createRemarkSerializer:
// its Expected would bring LLVM's error-handling templates into libgasp,
// whose copies clash with the plugin's when both are linked into it.)
extern "C" GASP_API int gasp_remarks_write_bitstream(const GaspCtx *cx, const unsigned char *keep,
                                                      FILE *f) {
  if (fflush(f))
    return 0;
  raw_fd_ostream OS(fileno(f), /*shouldClose=*/false);
  static const remarks::Type Kinds[] = {remarks::Type::Passed, remarks::Type::Missed,
                                        remarks::Type::Analysis};
  {
    remarks::BitstreamRemarkSerializer S(OS);
    for (size_t I = 0; I < gasp_remark_count(cx); I++) {
      const GaspRemark *R = gasp_remark(cx, I);
      if (keep && !keep[I])
        continue;
      remarks::Remark M;
      M.RemarkType = (unsigned)R->kind < 3 ? Kinds[R->kind] : remarks::Type::Unknown;
      M.PassName = R->pass;
      M.RemarkName = R->name;
      M.FunctionName = R->function;
      if (R->file || R->source_file)
        M.Loc = remarks::RemarkLocation{R->file ? R->file : R->source_file,
                                        R->file ? R->line : 0u, R->file ? R->column : 0u};
      for (size_t A = 0; A < R->nargs; A++) {
        remarks::Argument Arg;
        Arg.Key = R->args[A].key;
        Arg.Val = R->args[A].value;
        M.Args.push_back(Arg);
      }
      S.emit(M);
    }
    S.finalize();
  }
  OS.flush();
  bool Ok = !OS.has_error();
  OS.clear_error(); // (an error left set is a fatal error when OS goes)
  return Ok;
}
