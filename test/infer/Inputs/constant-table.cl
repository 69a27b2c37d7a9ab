kernel void k(global float *out, global const float *in) {
  int i = get_global_id(0);
  int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
  float acc = 0.f;
  for (int j = 0; j < 8; j++)
    acc += in[(i * 8 + rev[(j + i) & 7]) & 63] * (float)rev[j];
  out[i] = acc;
}
