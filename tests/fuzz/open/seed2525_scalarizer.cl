// corecl-kernelgen mode=vectors global=256 local=128 options=
// OPEN (issue 10): a wrong result found by tests/fuzz (seed 2525, mode
// vectors), reduced by tests/fuzz/reduce.py. CoreCL at default options
// gives out[1] = 6ebb7b34 for global 8, local 1; -cl-opt-disable and PoCL
// give 6fbf7b34 (the generator's reference agrees). Work-items 1-5 of 8
// differ. The result is right when LLVM's Scalarizer (ScalarizeNarrowVectors
// in compiler/optimize.cpp, at the vectoriser's start) does not run, with or
// without its load/store and insert/extract options; the root cause is not
// isolated yet. Run: OCL_ICD_VENDORS=build/vendors CORECL_CACHE=0
//   build/tests/corecl_fuzz_runner tests/fuzz/open/seed2525_scalarizer.cl 8 1
kernel void entry(global uint *out, global const uint *inp, global uint *acc) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0), lsz = (uint)get_local_size(0);
  uint v0 = 1u;
  uint v1 = mul24(((grp) & 0xFFFFFFu), ((abs_diff(lsz, grp)) & 0xFFFFFFu));
  uint v2 = 2147483648u;
  uint v3 = (~(lid));
  uint v4 = ((uint)((((lid) ? (lsz) : (grp))) || (((lid) ^ (gid)))));
  uint a0[16] = {v3, 4294967295u, ((v1) + (lsz)), sub_sat(gid, v4), (-(gid)), ((682u) ? (lsz) : (lid)), ((lid) * (gid)), ((lsz) >> ((lid) & 31u)), ((v1) * (gid)), mul24(((gid) & 0xFFFFFFu), ((lid) & 0xFFFFFFu)), inp[(9u) & 63u], ((lsz) | (lsz)), ((lsz) ? (lid) : (lsz)), ((grp) ^ (v3)), ((v2) ? (gid) : (grp)), v3};
  uint a1[16] = {lsz, ((lid) ^ (lsz)), ((inp[(6u) & 63u]) * (inp[(8u) & 63u])), ((grp) ? (lid) : (gid)), ((v4) * (lid)), hadd(grp, gid), ((uint)!(grp)), gid, ((lid) * (a0[(((v2) ? (gid) : (inp[(v0) & 63u]))) & 15u])), ((v0) ? (grp) : (inp[(a0[(((lsz) * (grp))) & 15u]) & 63u])), ((uint)((grp) < (grp))), lid, 14u, ((grp) ^ (v2)), ((lid) * (lid)), ((uint)!(v0))};
  uint4 u0 = ((uint4)(((a0[(((lsz) * (a0[(((lid) % ((a0[(((grp) * (v3))) & 15u]) | 1u))) & 15u]))) & 15u]) - (grp)), ((grp) * (grp)), ((gid) ? (inp[(4294967295u) & 63u]) : (inp[(2u) & 63u])), ((a1[(((uint)((v1) && (gid)))) & 15u]) & (inp[(583u) & 63u]))));
  uint4 u1 = ((uint4)((u0).w, a0[(((u0).x + (u0).y + (u0).z + (u0).w)) & 15u], ((uint)((v4) == (inp[(lid) & 63u]))), (-(gid))));
  uint4 u2 = ((uint4)(gid, min(845u, grp), ((382u) * (lid)), ((lid) ? (grp) : (gid))));
  for (uint i4 = 0u; i4 < ((((((clamp(gid, min(gid, 2147483648u), max(gid, 2147483648u))) + (mad24(((v0) & 0xFFFFFFu), ((gid) & 0xFFFFFFu), lid)))) + (lid))) % 3u); i4++) {
    a1[(lid) & 15u] = v4;
    uint w5 = 0u;
    while ((max(((uint)!(a1[(((gid) ? (v1) : (grp))) & 15u])), lid)) && w5 < 5u) {
      w5++;
    }
  }
  uint w6 = 0u;
  do {
    w6++;
    uint w7 = 0u;
    do {
      w7++;
      a1[(349969028u) & 15u] = ((mul_hi((u0).x, mad_hi(w6, u2.z, gid))) >> ((inp[(204u) & 63u]) & 31u));
      u0 = ((((((u2.wzxy) + (u2.wxzx))) & (((u1.wwyz) | (u0.ywxz))))) & (abs_diff(u0, u1)));
    } while ((((uint)((gid) < (6u)))) && w7 < 3u);
    v4 |= (~((((u2.yzyz).z) / (((u0).x) | 1u))));
  } while ((((uint)((((a1[(lsz) & 15u]) * (a1[(((lsz) ? (gid) : (u0.z))) & 15u]))) == (((lid) - (lsz)))))) && w6 < 4u);
  out[gid] = (rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate((rotate(0u, 5u) ^ v0), 5u) ^ v1), 5u) ^ v2), 5u) ^ v3), 5u) ^ v4), 5u) ^ a0[0]), 5u) ^ a0[1]), 5u) ^ a0[2]), 5u) ^ a0[3]), 5u) ^ a0[4]), 5u) ^ a0[5]), 5u) ^ a0[6]), 5u) ^ a0[7]), 5u) ^ a0[8]), 5u) ^ a0[9]), 5u) ^ a0[10]), 5u) ^ a0[11]), 5u) ^ a0[12]), 5u) ^ a0[13]), 5u) ^ a0[14]), 5u) ^ a0[15]), 5u) ^ a1[0]), 5u) ^ a1[1]), 5u) ^ a1[2]), 5u) ^ a1[3]), 5u) ^ a1[4]), 5u) ^ a1[5]), 5u) ^ a1[6]), 5u) ^ a1[7]), 5u) ^ a1[8]), 5u) ^ a1[9]), 5u) ^ a1[10]), 5u) ^ a1[11]), 5u) ^ a1[12]), 5u) ^ a1[13]), 5u) ^ a1[14]), 5u) ^ a1[15]), 5u) ^ u0.x), 5u) ^ u0.y), 5u) ^ u0.z), 5u) ^ u0.w), 5u) ^ u1.x), 5u) ^ u1.y), 5u) ^ u1.z), 5u) ^ u1.w), 5u) ^ u2.x), 5u) ^ u2.y), 5u) ^ u2.z), 5u) ^ u2.w);
}
