// Real-code shape (CUDA): sparse matrix times vector in ELLPACK form.  The
// kernel packs its pointers into a parameter block that a device function
// takes by const reference (a struct of pointers in private memory); padding
// entries have a negative column.
struct Ell {
  const int *cols;
  const float *vals;
  int width, rows;
};

__device__ float row_dot(const Ell &m, const float *x, int r) {
  float s = 0.0f;
  for (int k = 0; k < m.width; k++) {
    int c = m.cols[k * m.rows + r] - 128; // column-major: coalesced
    if (c >= 0)
      s += m.vals[k * m.rows + r] * x[c % m.rows];
  }
  return s;
}

extern "C" __global__ void ell_spmv(const int *cols, const float *vals, const float *x,
                                   float *y, int rows) {
  Ell m = {cols, vals, 4, rows};
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows)
    y[r] = row_dot(m, x, r);
}
