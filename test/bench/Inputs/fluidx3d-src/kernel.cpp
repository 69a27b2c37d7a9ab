// A stand-in for FluidX3D's src/kernel.cpp: its code as one string, spaces as new lines.
#include "utilities.hpp"
string get_opencl_c_code() { return "\nkernel\nvoid\nk(global float* a) { a[0] = 1.0f; }\n"; }
