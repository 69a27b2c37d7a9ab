/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// sycl-lite.h — what bench/pipeline's SYCL programs need from a SYCL
// implementation, none being packaged here: clang-22's own SYCL device mode
// (-Xclang -fsycl-is-device) compiles a kernel declared with
// sycl_kernel_entry_point, whose one argument is the kernel object (the
// lambda and the USM pointers it captured), by value; work-item ids are
// the OpenCL builtins a SPIR device provides (declared, not defined).
#pragma once
typedef unsigned long size_t;
size_t get_global_id(unsigned);
size_t get_local_id(unsigned);
void barrier(unsigned);
template <typename Name, typename F>
[[clang::sycl_kernel_entry_point(Name)]] void parallel_for(F f) { f(); }
#define LOCAL __attribute__((opencl_local, loader_uninitialized)) /* no initializer: LDS has none */
