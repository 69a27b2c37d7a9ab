// A stand-in for FluidX3D's src/defines.hpp: its defaults, the benchmark.
#define D3Q19
#define SRT
#define FP16S
#define BENCHMARK
