// native_ and half_ math gasp-run provides with the host's exact operation
// (builtins.c's math table: their precision is the implementation's),
// recip and divide among them, in float and double; results dumped and read
// back with od.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ocl-nvptx %s -o %t/nvptx.ll
// RUN: gasp-run %t/nvptx.ll --kernel native --global 2 --check-as --arg buf:f64:12 --dump %t/nvptx > /dev/null
// RUN: od -An -t f8 -w48 -v %t/nvptx/arg0.bin | FileCheck %s
// RUN: %ocl-spir %s -o %t/spir.ll
// RUN: gasp-run %t/spir.ll --kernel native --global 2 --check-as --arg buf:f64:12 --dump %t/spir > /dev/null
// RUN: od -An -t f8 -w48 -v %t/spir/arg0.bin | FileCheck %s

// native_recip native_divide half_recip half_divide native_sqrt recip(double)
// CHECK:      0.25 1.5 0.25 1.5 2 0.125
// CHECK-NEXT: 0.125 3 0.125 3 2.828{{[0-9]*}} 0.0625
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void native(__global double *out) {
  size_t g = get_global_id(0);
  float x = 4.0f * (float)(g + 1), y = 6.0f * (float)(g + 1);
  out[g * 6] = native_recip(x);
  out[g * 6 + 1] = native_divide(y, x / (float)(g + 1));
  out[g * 6 + 2] = half_recip(x);
  out[g * 6 + 3] = half_divide(y, x / (float)(g + 1));
  out[g * 6 + 4] = native_sqrt(x);
  out[g * 6 + 5] = native_recip((double)x * 2.0);
}
