/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fault.c — the tools' fault handlers (fault.h). */
#include "fault.h"

#include <limits.h>
#include <llvm-c/ErrorHandling.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const int fault_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTERM, SIGINT, SIGHUP};
#define NFAULT_SIGNALS (sizeof fault_signals / sizeof *fault_signals)
/* the process's one fault state: what the handler writes, its exit code,
   the temporaries it removes (a tool's, set before each phase) */
static char fault_msg[PATH_MAX + 256];
static int fault_code = 1;
static char fault_tmp[FAULT_TEMPS][PATH_MAX + 32];

/* A request to stop (a build cancelled), not a fault of the tool's own. */
static bool is_stop(int sig) { return sig == SIGTERM || sig == SIGINT || sig == SIGHUP; }

static void on_fault(int sig) {
  bool stop = is_stop(sig);
  if (!stop) {
    ssize_t w = write(2, fault_msg, strlen(fault_msg));
    (void)w;
  }
  for (int k = 0; k < FAULT_TEMPS; k++)
    if (fault_tmp[k][0])
      unlink(fault_tmp[k]);
  if (stop) { /* asked to stop: die of the signal, as the caller expects */
    signal(sig, SIG_DFL);
    /* the handler runs with sig blocked: raise() alone would only queue it */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    raise(sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  }
  _exit(fault_code);
}

static void on_fatal(const char *reason) {
  (void)reason; /* LLVM has printed it */
  on_fault(0);
}

static void set_message(const char *tool, const char *path, const char *what, int code) {
  snprintf(fault_msg, sizeof fault_msg, "\n%s: %s: %s\n", tool, path, what);
  fault_code = code;
}

void fault_phase(const char *tool, const char *path, const char *what, int code) {
  LLVMResetFatalErrorHandler();
  set_message(tool, path, what, code);
}

void fault_reading(const char *tool, const char *path, int code) {
  set_message(tool, path, "error: LLVM gave up reading the input (corrupted bitcode, or nested "
              "too deeply for its parser)", code);
  LLVMInstallFatalErrorHandler(on_fatal);
}

void fault_temp(int k, const char *path) {
  if (k >= 0 && k < FAULT_TEMPS)
    snprintf(fault_tmp[k], sizeof fault_tmp[k], "%s", path ? path : "");
}

void fault_install(void) {
  /* keep one that is there already (AddressSanitizer installs its own per
     thread, and unmaps it when the thread ends) */
  static char altstack[1 << 16];
  stack_t old;
  if (sigaltstack(NULL, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
  }
  struct sigaction sa = {0};
  sa.sa_handler = on_fault;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (size_t k = 0; k < NFAULT_SIGNALS; k++) {
    /* a stop signal inherited as ignored (nohup, a background job) stays
       ignored, as it does for opt-22 */
    struct sigaction old_sa;
    if (is_stop(fault_signals[k]) && sigaction(fault_signals[k], NULL, &old_sa) == 0 &&
        old_sa.sa_handler == SIG_IGN)
      continue;
    sigaction(fault_signals[k], &sa, NULL);
  }
}
