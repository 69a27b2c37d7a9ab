// Real-code shape: a particle step as simulation codes write it.  A body is
// a struct of two float4s passed by value; float4 operators; a parameter
// block built by the kernel and handed to helpers by pointer (a private
// pointer) and by value; the group's positions staged in a local tile.
typedef struct {
  float4 pos;
  float4 vel;
} Body;

typedef struct {
  float dt;
  float soft;
  int n;
} Params;

static float4 pull(float4 a, float4 b, float soft) {
  float4 d = b - a;
  float r2 = d.x * d.x + d.y * d.y + d.z * d.z + soft;
  return d * (b.w / r2);
}

static float4 accel(Body me, const float4 *tile, int count, const Params *p) {
  float4 acc = (float4)(0.0f);
  for (int j = 0; j < count; j++)
    acc += pull(me.pos, tile[j], p->soft);
  return acc;
}

static Body advance(Body b, float4 acc, Params p) {
  b.vel += acc * p.dt;
  b.pos += b.vel * p.dt;
  return b;
}

static void store_body(__global float4 *pos, __global float4 *vel, int i, Body b) {
  pos[i] = b.pos;
  vel[i] = b.vel;
}

__kernel void particles(__global const float4 *pos_in, __global const float4 *vel_in,
                        __global float4 *pos_out, __global float4 *vel_out, int n) {
  __local float4 tile[16];
  Params p = {0.01f, 0.5f, n};
  int gid = get_global_id(0), lid = get_local_id(0);
  Body me = {pos_in[gid], vel_in[gid]};
  me.pos.w = 1.0f;
  float4 acc = (float4)(0.0f);
  for (int base = 0; base < p.n; base += 16) {
    tile[lid] = pos_in[base + lid];
    tile[lid].w = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc += accel(me, tile, 16, &p);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  store_body(pos_out, vel_out, gid, advance(me, acc, p));
}
