// bench/gpu/faiss_driver.cu — times on a GPU the faiss kernels that
// bench/public/faiss.md lists worse with the plugin in a final-code column.
//
// Built by bench/gpu/faiss.py, once per faiss unit (-DUNIT_IVF, -DUNIT_L2,
// -DUNIT_WARP, -DUNIT_BINARY, with -DFAISS_UNIT its path: faiss.py's UNITS),
// with and without the plugin: the unit's own .cu file is included whole
// from REPOS (faiss's source never enters this
// repository), so the device code is that unit's, built as bench/public
// builds it; main() is host code only and adds no kernel.  Each kernel
// runs at a device size after one warm-up launch, REPS launches timed by
// CUDA events; the line it prints names the kernel (its report's
// instantiation), the microseconds a launch took and a checksum of its
// outputs, which clang's and the plugin's builds must print alike.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if !defined(FAISS_UNIT) || !(defined(UNIT_IVF) || defined(UNIT_L2) || defined(UNIT_WARP) || \
                              defined(UNIT_BINARY))
#error "FAISS_UNIT (the unit's path) and one of UNIT_IVF, UNIT_L2, UNIT_WARP, UNIT_BINARY"
#endif
#include FAISS_UNIT

using namespace faiss::gpu;
using faiss::idx_t;

namespace {

constexpr int REPS = 20;

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "faiss_driver: %s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

// A reproducible fill (a 64-bit LCG): both builds see the same inputs.
struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed * 6364136223846793005ULL + 1) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
    float unit() { return (next() & 0xffffff) / float(0x1000000); }
};

template <typename T>
T* upload(const std::vector<T>& h) {
    T* d = nullptr;
    check(cudaMalloc(&d, h.size() * sizeof(T)), "cudaMalloc");
    check(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), "upload");
    return d;
}

template <typename T>
T* zeros(size_t n) {
    T* d = nullptr;
    check(cudaMalloc(&d, n * sizeof(T)), "cudaMalloc");
    check(cudaMemset(d, 0, n * sizeof(T)), "cudaMemset");
    return d;
}

// A checksum of a device buffer, as an integer sum of its bytes' words, so
// that it is exact and order-free.
template <typename T>
uint64_t checksum(const T* d, size_t n) {
    std::vector<T> h(n);
    check(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost), "download");
    const unsigned char* b = reinterpret_cast<const unsigned char*>(h.data());
    uint64_t sum = 0;
    for (size_t i = 0; i < n * sizeof(T); i++)
        sum = sum * 31 + b[i];
    return sum;
}

template <typename F>
double time_us(F launch) {
    launch();
    check(cudaDeviceSynchronize(), "warm-up launch");
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventRecord(a);
    for (int r = 0; r < REPS; r++)
        launch();
    cudaEventRecord(b);
    check(cudaEventSynchronize(b), "timed launches");
    check(cudaGetLastError(), "launch");
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    return 1000.0 * ms / REPS;
}

void report(const char* kernel, double us, uint64_t sum) {
    printf("kernel %s us %.3f checksum %016llx\n", kernel, us, (unsigned long long)sum);
    fflush(stdout);
}

#if defined(UNIT_IVF)
// ivfInterleavedScan2: the second pass of an IVF search, k-selecting each
// query's nprobe x k candidates (faiss's runIVFInterleavedScan2 picks the
// instantiation by k; this launches each one the report lists).
template <int Threads, int WarpQ, int ThreadQ>
void ivf(const char* name, int nq, int nprobe, int k, int nlist, int listLen) {
    Lcg g(k);
    std::vector<float> dist((size_t)nq * nprobe * k);
    for (auto& v : dist) v = g.unit();
    std::vector<idx_t> inIdx((size_t)nq * nprobe * k);
    for (auto& v : inIdx) v = g.next() % listLen;
    std::vector<idx_t> ids((size_t)nq * nprobe);
    for (auto& v : ids) v = (g.next() % 16 == 0) ? -1 : (idx_t)(g.next() % nlist);
    std::vector<void*> lists(nlist);
    for (int l = 0; l < nlist; l++) {
        std::vector<idx_t> li(listLen);
        for (auto& v : li) v = (idx_t)l * listLen + (g.next() % listLen);
        lists[l] = upload(li);
    }
    float* dDist = upload(dist);
    idx_t* dInIdx = upload(inIdx);
    idx_t* dIds = upload(ids);
    void** dLists = upload(lists);
    float* dOutD = zeros<float>((size_t)nq * k);
    idx_t* dOutI = zeros<idx_t>((size_t)nq * k);
    Tensor<float, 3, true> tDist(dDist, {(idx_t)nq, (idx_t)nprobe, (idx_t)k});
    Tensor<idx_t, 3, true> tInIdx(dInIdx, {(idx_t)nq, (idx_t)nprobe, (idx_t)k});
    Tensor<idx_t, 2, true> tIds(dIds, {(idx_t)nq, (idx_t)nprobe});
    Tensor<float, 2, true> tOutD(dOutD, {(idx_t)nq, (idx_t)k});
    Tensor<idx_t, 2, true> tOutI(dOutI, {(idx_t)nq, (idx_t)k});
    double us = time_us([&] {
        ivfInterleavedScan2<Threads, WarpQ, ThreadQ><<<nq, Threads>>>(
                tDist, tInIdx, tIds, k, dLists, INDICES_64_BIT, false, tOutD, tOutI);
    });
    report(name, us, checksum(dOutD, (size_t)nq * k) ^ checksum(dOutI, (size_t)nq * k));
}
#endif

#if defined(UNIT_L2)
// l2SelectMinK with 64-bit indices (runL2SelectMin takes it only past 2^31
// columns; launched directly at a size a device holds).
template <int WarpQ, int ThreadQ, int Block>
void l2(const char* name, int rows, int cols, int k) {
    Lcg g(k);
    std::vector<float> prod((size_t)rows * cols), cent(cols);
    for (auto& v : prod) v = g.unit();
    for (auto& v : cent) v = g.unit();
    float* dProd = upload(prod);
    float* dCent = upload(cent);
    float* dOutD = zeros<float>((size_t)rows * k);
    idx_t* dOutI = zeros<idx_t>((size_t)rows * k);
    Tensor<float, 2, true> tProd(dProd, {(idx_t)rows, (idx_t)cols});
    Tensor<float, 1, true> tCent(dCent, {(idx_t)cols});
    Tensor<float, 2, true> tOutD(dOutD, {(idx_t)rows, (idx_t)k});
    Tensor<idx_t, 2, true> tOutI(dOutI, {(idx_t)rows, (idx_t)k});
    double us = time_us([&] {
        l2SelectMinK<idx_t, float, WarpQ, ThreadQ, Block><<<rows, Block>>>(
                tProd, tCent, tOutD, tOutI, k, Limits<float>::getMax());
    });
    report(name, us, checksum(dOutD, (size_t)rows * k) ^ checksum(dOutI, (size_t)rows * k));
}
#endif

#if defined(UNIT_WARP)
// warpSelect: one warp k-selects one row (runWarpSelect_float_false_2048_'s
// launch, without faiss's device queries).
void warp(const char* name, int rows, int cols, int k) {
    Lcg g(k);
    std::vector<float> in((size_t)rows * cols);
    for (auto& v : in) v = g.unit();
    float* dIn = upload(in);
    float* dOutK = zeros<float>((size_t)rows * k);
    idx_t* dOutV = zeros<idx_t>((size_t)rows * k);
    Tensor<float, 2, true> tIn(dIn, {(idx_t)rows, (idx_t)cols});
    Tensor<float, 2, true> tOutK(dOutK, {(idx_t)rows, (idx_t)k});
    Tensor<idx_t, 2, true> tOutV(dOutV, {(idx_t)rows, (idx_t)k});
    constexpr int kThreads = 128;
    dim3 grid(utils::divUp(rows, kThreads / kWarpSize));
    double us = time_us([&] {
        warpSelect<float, idx_t, false, 2048, 8, kThreads><<<grid, kThreads>>>(
                tIn, tOutK, tOutV, Limits<float>::getMax(), -1, k);
    });
    report(name, us, checksum(dOutK, (size_t)rows * k) ^ checksum(dOutV, (size_t)rows * k));
}
#endif

#if defined(UNIT_BINARY)
// binaryDistanceLimitSize over byte vectors of up to 16 bytes (runBinaryDistance
// takes it for a width not a multiple of 4).
template <int WarpQ, int ThreadQ>
void binary(const char* name, int nv, int nq, int dims, int k) {
    Lcg g(k);
    std::vector<unsigned char> vecs((size_t)nv * dims), query((size_t)nq * dims);
    for (auto& v : vecs) v = (unsigned char)g.next();
    for (auto& v : query) v = (unsigned char)g.next();
    unsigned char* dVecs = upload(vecs);
    unsigned char* dQuery = upload(query);
    int* dOutK = zeros<int>((size_t)nq * k);
    idx_t* dOutV = zeros<idx_t>((size_t)nq * k);
    Tensor<unsigned char, 2, true> tVecs(dVecs, {(idx_t)nv, (idx_t)dims});
    Tensor<unsigned char, 2, true> tQuery(dQuery, {(idx_t)nq, (idx_t)dims});
    Tensor<int, 2, true> tOutK(dOutK, {(idx_t)nq, (idx_t)k});
    Tensor<idx_t, 2, true> tOutV(dOutV, {(idx_t)nq, (idx_t)k});
    dim3 grid(utils::divUp(nq, kWarps));
    dim3 block(kWarpSize, kWarps);
    double us = time_us([&] {
        binaryDistanceLimitSize<WarpQ, ThreadQ, unsigned char, 16><<<grid, block>>>(
                tVecs, tQuery, tOutK, tOutV, k);
    });
    report(name, us, checksum(dOutK, (size_t)nq * k) ^ checksum(dOutV, (size_t)nq * k));
}
#endif

} // namespace

int main(int argc, char** argv) {
    // SCALE (the first argument, default 1) multiplies the number of queries
    // or rows: 0 runs a test size.
    int scale = argc > 1 ? atoi(argv[1]) : 1;
    int q = scale > 0 ? 256 * scale : 16;
#if defined(UNIT_IVF)
    ivf<64, 2048, 8>("ivfInterleavedScan2<64,2048,8>", q, 16, 2048, 64, 4096);
    ivf<128, 1024, 8>("ivfInterleavedScan2<128,1024,8>", q, 16, 1024, 64, 4096);
    ivf<128, 512, 8>("ivfInterleavedScan2<128,512,8>", q, 32, 512, 64, 4096);
    ivf<128, 256, 4>("ivfInterleavedScan2<128,256,4>", q, 32, 256, 64, 4096);
#elif defined(UNIT_L2)
    l2<1024, 8, 128>("l2SelectMinK<long,float,1024,8,128>", q * 4, 8192, 1024);
#elif defined(UNIT_WARP)
    warp("warpSelect<float,long,false,2048,8,128>", q * 4, 8192, 2048);
#elif defined(UNIT_BINARY)
    binary<256, 4>("binaryDistanceLimitSize<256,4,uchar,16>", 65536, q * 4, 14, 256);
#endif
    return 0;
}
