// An external helper every call of which ipmsp sends to a clone: its own
// store stays generic, for outside callers (test/plugin/remarks-once.test).
__attribute__((noinline)) void put(int *p, int v) { *p = v; }
kernel void k(global int *g, local int *l) {
  put(g, 1);
  put(l, 2);
  put(get_global_id(0) & 1 ? (int *)(g + 2) : (int *)(l + 1), 3);
  g[1] = l[0];
}
