// A private array of pointers to private rows, indexed dynamically.
__kernel void private_array(__global int *out, int k) {
  int i = get_global_id(0);
  int r0[4], r1[4], r2[4];
  int *rows[3] = {r0, r1, r2};
  for (int j = 0; j < 4; j++) {
    r0[j] = i + j;
    r1[j] = 2 * i + j;
    r2[j] = 3 * i + j;
  }
  int *row = rows[(i + k) % 3];
  int acc = 0;
  for (int j = 0; j < 4; j++)
    acc += row[j];
  out[i] = acc;
}
