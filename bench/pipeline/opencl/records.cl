/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Arrays of records in global memory handed to helpers by pointer, and a
// private copy updated by the same helpers.
typedef struct { float pos[3]; float vel[3]; int id; } Rec;
__attribute__((noinline)) void integrate(Rec *r, float dt) { for (int k = 0; k < 3; k++) r->pos[k] += r->vel[k] * dt; }
__attribute__((noinline)) float energy(const Rec *r) { float e = 0; for (int k = 0; k < 3; k++) e += r->vel[k] * r->vel[k]; return 0.5f * e; }
kernel void step(global Rec *recs, global float *e, float dt) {
  int i = get_global_id(0);
  Rec copy = recs[i];
  integrate(&copy, dt);
  integrate(&recs[i], dt);
  e[i] = energy(&copy) + energy(&recs[i]);
}
