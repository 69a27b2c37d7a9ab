; The GPU timing runner (bench/gpu/gpu-run.c) builds without CUDA, takes
; gasp-run's argument specs and fills and dumps buffers exactly as gasp-run
; does (the same bytes, the same lines); with no CUDA driver or device it
; says so and exits 77, running nothing.
; RUN: rm -rf %t && mkdir %t
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t/k.ptx
; RUN: gasp-run %s --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' --dump %t/cpu | FileCheck %s --check-prefix=CPU
; RUN: gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' --dry-run --dump %t/gpu | FileCheck %s --check-prefix=DRY
; Options take gasp-run's forms (tools/args.c): -name=value, --name value, @file.
; RUN: gpu-run %t/k.ptx -kernel=k --global=64 -local 32 --arg=buf:i32:64:iota -arg i32=3 --arg='struct:i32=1;buf:f32:4:rand=2' --dry-run | FileCheck %s --check-prefix=FORMS
; RUN: echo "%t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64 --arg i32=3 --arg 'struct:i32=1;buf:f32:4' --dry-run" > %t/rsp && gpu-run @%t/rsp | FileCheck %s --check-prefix=FORMS
; FORMS: launch k of {{.*}}k.ptx: grid 2,1,1 block 32,1,1
; RUN: cmp %t/cpu/arg0.in.bin %t/gpu/arg0.in.bin
; RUN: cmp %t/cpu/arg2.1.in.bin %t/gpu/arg2.1.in.bin
; --against compares with another run's dump (the initial buffers in a dry
; run): gasp-run's outputs differ from the inputs, the inputs agree.
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' --dry-run --against %t/cpu | FileCheck %s --check-prefix=DIFFER
; RUN: mkdir -p %t/init && cp %t/cpu/arg0.in.bin %t/init/arg0.bin && cp %t/cpu/arg2.1.in.bin %t/init/arg2.1.bin
; RUN: gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' --dry-run --against %t/init | FileCheck %s --check-prefix=AGREE
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' --dry-run --against %t/none 2>&1 | FileCheck %s --check-prefix=NOFILE
; Floats agree to 1e-5 relative or, near 0, to 1e-6 of the buffer's largest
; magnitude (two builds contract multiply-adds differently; where terms
; cancel the difference is an ulp of the terms): 0 vs 2e-6 in a buffer up
; to 3 agrees, 0 vs 1e-5 does not, nor 3 vs 3.001.
; RUN: gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:iota' --dry-run --dump %t/iota > /dev/null
; RUN: mkdir -p %t/near %t/far %t/rel && for d in near far rel; do cp %t/iota/arg0.in.bin %t/$d/arg0.bin; done
; RUN: python3 -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('4f',2e-6,1,2,3))" %t/near/arg2.1.bin
; RUN: python3 -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('4f',1e-5,1,2,3))" %t/far/arg2.1.bin
; RUN: python3 -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('4f',0,1,2,3.001))" %t/rel/arg2.1.bin
; RUN: gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:iota' --dry-run --against %t/near | FileCheck %s --check-prefix=AGREE
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:iota' --dry-run --against %t/far | FileCheck %s --check-prefix=FAR
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:iota' --dry-run --against %t/rel | FileCheck %s --check-prefix=REL
; FAR: against: DIFFER arg2.1[0] 0 vs 9.99999975e-06
; REL: against: DIFFER arg2.1[3] 3 vs 3.00099993
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --local 30 --arg buf:i32:64 2>&1 | FileCheck %s --check-prefix=SIZES
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --arg local:16 2>&1 | FileCheck %s --check-prefix=LOCAL
; RUN: not gpu-run %t/k.ptx --global 64 2>&1 | FileCheck %s --check-prefix=USAGE
; RUN: %if cuda-driver %{ true %} %else %{ not gpu-run %t/k.ptx --kernel k --global 64 --local 32 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' 2>&1 | FileCheck %s --check-prefix=SKIP %}
; RUN: %if cuda-driver %{ true %} %else %{ gpu-run %t/k.ptx --kernel k --global 64 --arg buf:i32:64:iota --arg i32=3 --arg 'struct:i32=1;buf:f32:4:rand=2' ; test $? -eq 77 %}
; The module must have the kernel, with one parameter per --arg, before
; anything is filled (a bundle's dry run finds a wrong name or count):
; RUN: not gpu-run %t/k.ptx --kernel kk --global 64 --arg buf:i32:64 --dry-run 2>&1 | FileCheck %s --check-prefix=NOENTRY
; RUN: not gpu-run %t/k.ptx --kernel k --global 64 --arg buf:i32:64 --dry-run 2>&1 | FileCheck %s --check-prefix=PARAMS
; The benchmark script's dry run prints every command its preparation would
; run (the device's runs are its bundle's run.sh):
; RUN: python3 %root/bench/gpu/gpu.py --dry-run --build %build --work %t/work --bundle %t/bundle | FileCheck %s --check-prefix=SCRIPT
; SCRIPT: # vadd
; SCRIPT: $ clang-22 {{.*}}vadd.cl -o {{.*}}vadd.nvptx64.ll
; SCRIPT: $ {{.*}}gasp-opt -S {{.*}}vadd.nvptx64.ll -o {{.*}}gasp-wp.ll --whole-program
; SCRIPT: $ {{.*}}gasp-run {{.*}}vadd.nvptx64.ll --kernel vadd --global 64 --local 16 {{.*}} --count --check-as --compare {{.*}}gasp.ll
; CPU: arg0: 64 x i32
; CPU: arg2.1: 4 x f32
; DRY: launch k of {{.*}}k.ptx: grid 2,1,1 block 32,1,1 dynamic-local 0; 3 warm-up + 20 timed launches
; DRY-NEXT: arg0: 64 x i32 fnv1a={{[0-9a-f]+}} (initial)
; DRY-NEXT: arg2.1: 4 x f32 fnv1a={{[0-9a-f]+}} (initial)
; DIFFER: against: DIFFER arg0[0] 0 vs 4
; AGREE: against: agree
; NOFILE: error: cannot read 256 bytes from '{{.*}}none/arg0.bin'
; SIZES: error: --global must be a multiple of --local in every dimension
; LOCAL: error: 'local:16': a local-memory argument is OpenCL's; a CUDA launch has none (use --dynamic-local)
; NOENTRY: error: no kernel (.entry) named 'kk'
; PARAMS: error: kernel 'k' has 3 parameters, 1 --arg given
; USAGE: error: MODULE, --kernel and --global are required
; SKIP: gpu-run: no CUDA {{driver|device}}{{.*}}nothing run (skipped)
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { i32, ptr }

; Adds the scalar, the struct's integer and a float of its buffer to each
; element of the first buffer.
define ptx_kernel void @k(ptr %a, i32 %x, ptr byval(%S) align 8 %s) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %i = add i32 %b, %t
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %si = load i32, ptr %s, align 8
  %fp = getelementptr inbounds i8, ptr %s, i64 8
  %f = load ptr, ptr %fp, align 8
  %j = and i32 %i, 3
  %fe = getelementptr inbounds float, ptr %f, i32 %j
  %fv = load float, ptr %fe, align 4
  %fi = fptosi float %fv to i32
  %w0 = add i32 %v, %x
  %w1 = add i32 %w0, %si
  %w = add i32 %w1, %fi
  store i32 %w, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
