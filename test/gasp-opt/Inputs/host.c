/* A host compiler using libgasp through the installed header: it defines
   its own xmalloc and map_put (as libiberty, binutils or git do), which
   must not clash with gasp's internals, checks the header against the
   library, and runs the default pipeline on a module. */
#include <gasp.h>
#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n);
void *xmalloc(size_t n) { return malloc(n); }
int map_put(int x);
int map_put(int x) { return x + 1; }

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *v = gasp_version();
  if (strncmp(v, "gasp " GASP_VERSION " ", strlen("gasp " GASP_VERSION " ")) != 0) {
    fprintf(stderr, "header %s, library %s\n", GASP_VERSION, v);
    return 1;
  }
  LLVMContextRef ctx = LLVMContextCreate();
  char *err = NULL;
  LLVMModuleRef m = gasp_read_module(ctx, argv[1], &err);
  if (!m) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  GaspOptions o;
  gasp_options_init(&o);
  GaspCtx *cx = gasp_ctx_new(&o);
  GaspStatus st = gasp_run(cx, m);
  GaspGenericCounts c;
  gasp_count_generic(cx, m, &c);
  printf("%s: status %d, generic memory ops left %lu, xmalloc %s, map_put %d\n", v, (int)st,
         c.total, xmalloc(1) ? "ours" : "?", map_put(1));
  gasp_ctx_free(cx);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return st == GASP_OK ? 0 : 1;
}
