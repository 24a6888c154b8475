// corecl-kernelgen mode=vectors global=16 local=16 options=
// OPEN (issue 10): a wrong result, from run to run different, found by
// tests/fuzz (seed 3484, mode vectors), reduced by tests/fuzz/reduce.py
// and with the private array a0 grown from 2 to 4 elements. Global 16,
// local 16: -cl-opt-disable and PoCL give
//   out 43664b20 f20d3b6f e801a3ff 8e062a0f 9418929f 9a1b192f ...
// the default build gives garbage in some lanes, different each run (a
// read of storage nobody wrote). The same at the start of the session
// (de12f85 + the uniform-loops change): not caused by this session's
// work. A 2-element array hid it behind the 16-byte padding of its
// per-work-item slot; laying private arrays out without that padding
// (lane-interleaved, tried and reverted this session) exposed it on the
// original seed. Suspects: the masked while loop (divergent_loops) and
// the demotion of the uint16 and the array across its barrier. Run:
//   OCL_ICD_VENDORS=build/vendors CORECL_CACHE=0 \
//   build/tests/corecl_fuzz_runner tests/fuzz/open/seed3484_storage.cl 16 16
kernel void entry(global uint *out, global const uint *inp, global uint *acc) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0), lsz = (uint)get_local_size(0);
  uint v0 = ((add_sat(grp, inp[(lsz) & 63u])) + (((lid) & (lid))));
  uint v1 = ((rotate(inp[(gid) & 63u], grp)) % ((((uint)((grp) <= (500u)))) | 1u));
  uint v2 = ((((lsz) - (gid))) - (((lid) + (grp))));
  uint a0[4] = {((v0) & (grp)), ((v2) ? (gid) : (grp)), 7u, 9u};
  uint16 u0 = ((uint16)(gid, ((v2) + (a0[(((gid) ? (v2) : (inp[(13u) & 63u]))) & 1u])), ((lsz) ? (lsz) : (inp[(grp) & 63u])), ((grp) ? (gid) : (v0)), ((uint)((v2) && (gid))), ((lid) ? (gid) : (gid)), ((a0[(select(5u, lid, lsz)) & 1u]) * (grp)), lsz, ((lsz) + (991u)), grp, ((v0) ^ (grp)), ((uint)((lid) && (lsz))), ((grp) ^ (lid)), ((v1) ^ (grp)), ((a0[(((grp) ^ (grp))) & 1u]) * (grp)), (~(5u))));
  a0[(5u) & 1u] = (-((((uint16)(v0, lid, v1, grp, lid, a0[(v0) & 1u], gid, inp[(100u) & 63u], inp[(2u) & 63u], gid, lid, gid, lid, gid, grp, v1))).s6));
  uint w1 = 0u;
  while ((((((uint)((grp) != (293u)))) ? (((uint)((gid) >= (lid)))) : (((uint)((inp[(383u) & 63u]) != (550u)))))) && w1 < 3u) {
    w1++;
  }
  out[gid] = (rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate(0u, 5u) ^ v0), 5u) ^ v1), 5u) ^ v2), 5u) ^ a0[0]), 5u) ^ a0[1]), 5u) ^ u0.s0), 5u) ^ u0.s1), 5u) ^ u0.s2), 5u) ^ u0.s3), 5u) ^ u0.s4), 5u) ^ u0.s5), 5u) ^ u0.s6), 5u) ^ u0.s7), 5u) ^ u0.s8), 5u) ^ u0.s9), 5u) ^ u0.sa), 5u) ^ u0.sb), 5u) ^ u0.sc), 5u) ^ u0.sd), 5u) ^ u0.se), 5u) ^ u0.sf);
}
