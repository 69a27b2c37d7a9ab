; A by-value struct of the layouts C++ front ends give (CUDA's half and
; bfloat16 wrappers are i16, a bool is i8, a float4 member is 16-byte
; aligned): gasp-run's struct: spec writes i8= and i16= fields and pad:
; bytes, so the kernel reads each field where the front end put it.
; RUN: rm -rf %t && mkdir -p %t
; RUN: gasp-run %s --kernel k --global 1 --check-as --dump %t \
; RUN:   --arg 'struct:i8=-3;i16=1000;i32=7;pad:8;f32=1.5;f32=2.5;f32=3.5;f32=4.5;buf:i32:8;i64=9' | FileCheck %s
; CHECK: arg0.8: 8 x i32
; RUN: od -An -t d4 -v %t/arg0.8.bin | FileCheck %s --check-prefix=OUT
; OUT: -3 1000 7 12
; OUT-NEXT: 9 0 0 0
; The plugin's pipeline gives the same bytes.
; RUN: gasp-opt -S %s -o %t/opt.ll
; RUN: gasp-run %s --kernel k --global 1 --check-as --compare %t/opt.ll \
; RUN:   --arg 'struct:i8=-3;i16=1000;i32=7;pad:8;f32=1.5;f32=2.5;f32=3.5;f32=4.5;buf:i32:8;i64=9' | FileCheck %s --check-prefix=SAME
; SAME: identical
; Bad fields are named; narrow ones and pad only inside a struct.
; RUN: not gasp-run %s --kernel k --global 1 --arg 'struct:i8=300' 2>&1 | FileCheck %s --check-prefix=I8
; I8: error: bad argument spec 'struct:i8=300': an i8= field needs an 8-bit integer
; RUN: not gasp-run %s --kernel k --global 1 --arg 'struct:i16=x' 2>&1 | FileCheck %s --check-prefix=I16
; I16: error: bad argument spec 'struct:i16=x': an i16= field needs a 16-bit integer
; RUN: not gasp-run %s --kernel k --global 1 --arg 'struct:pad:0' 2>&1 | FileCheck %s --check-prefix=PAD
; PAD: error: bad argument spec 'struct:pad:0': pad:<bytes> needs a size in [1, 4096]
; RUN: not gasp-run %s --kernel k --global 1 --arg 'i8=3' 2>&1 | FileCheck %s --check-prefix=TOP
; TOP: error: bad argument spec 'i8=3': expected buf:…, local:<bytes>, i32=, i64=, f32=, f64= or struct:…
; The spec's layout is smaller than the struct's: refused.
; RUN: not gasp-run %s --kernel k --global 1 --arg 'struct:i64=1;i64=2;i64=3;i64=4;i64=5;i64=6;i64=7;i64=8;i64=9' 2>&1 | FileCheck %s --check-prefix=ROOM
; ROOM: the spec needs a struct passed by value (a byval or byref parameter) with room for the fields given
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; { bool, half, int, float4 at 16, int *out at 32, long at 40 }: 48 bytes.
%S = type { i8, i16, i32, <4 x float>, ptr, i64 }

; The kernel writes each field, widened, to out (the float4 as its sum).
define ptx_kernel void @k(ptr byval(%S) align 16 %s) {
  %pb = getelementptr inbounds %S, ptr %s, i32 0, i32 0
  %b = load i8, ptr %pb, align 1
  %ph = getelementptr inbounds %S, ptr %s, i32 0, i32 1
  %h = load i16, ptr %ph, align 2
  %pi = getelementptr inbounds %S, ptr %s, i32 0, i32 2
  %i = load i32, ptr %pi, align 4
  %pv = getelementptr inbounds %S, ptr %s, i32 0, i32 3
  %v = load <4 x float>, ptr %pv, align 16
  %po = getelementptr inbounds %S, ptr %s, i32 0, i32 4
  %out = load ptr, ptr %po, align 8
  %pl = getelementptr inbounds %S, ptr %s, i32 0, i32 5
  %l = load i64, ptr %pl, align 8
  %b32 = sext i8 %b to i32
  store i32 %b32, ptr %out, align 4
  %h32 = sext i16 %h to i32
  %o1 = getelementptr inbounds i32, ptr %out, i32 1
  store i32 %h32, ptr %o1, align 4
  %o2 = getelementptr inbounds i32, ptr %out, i32 2
  store i32 %i, ptr %o2, align 4
  %v0 = extractelement <4 x float> %v, i32 0
  %v1 = extractelement <4 x float> %v, i32 1
  %v2 = extractelement <4 x float> %v, i32 2
  %v3 = extractelement <4 x float> %v, i32 3
  %s01 = fadd float %v0, %v1
  %s23 = fadd float %v2, %v3
  %sum = fadd float %s01, %s23
  %si = fptosi float %sum to i32
  %o3 = getelementptr inbounds i32, ptr %out, i32 3
  store i32 %si, ptr %o3, align 4
  %l32 = trunc i64 %l to i32
  %o4 = getelementptr inbounds i32, ptr %out, i32 4
  store i32 %l32, ptr %o4, align 4
  ret void
}
