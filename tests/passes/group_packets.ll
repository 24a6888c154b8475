; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-group-packets
; Packets of groups of one work-item (group_packets.cpp, packetize.cpp):
; the group id of dimension 0 varies by lane, the enqueued local size is
; taken to be 1, so the global id moves by one element per lane and the
; accesses become one vector load and store. The bounds guard is a
; divergent branch: all lanes in range take it as a branch (reduce.and),
; none in range skip it (reduce.or), and a mixed packet runs a scalar copy
; of the guarded block lane by lane. A kernel using local memory (one arena
; per group) gets no packet of several lanes but one of one lane: its body
; called as it is, which the scalariser of work-item loops leaves alone.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @guarded(ptr addrspace(1) %p, i64 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %in = icmp ult i64 %gid, %n
  br i1 %in, label %body, label %exit
body:
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load float, ptr addrspace(1) %slot, align 4
  %m = fmul float %v, 2.0
  store float %m, ptr addrspace(1) %slot, align 4
  br label %exit
exit:
  ret void
}

define spir_kernel void @uses_local(ptr addrspace(1) %p, ptr addrspace(3) %tmp) !kernel_arg_addr_space !5 !kernel_arg_access_qual !1 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !3 !kernel_arg_name !7 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  store float 1.0, ptr addrspace(3) %tmp, align 4
  %v = load float, ptr addrspace(3) %tmp, align 4
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  store float %v, ptr addrspace(1) %slot, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

; CHECK-LABEL: define internal void @guarded.body.packet16(
; CHECK: %group.x.lanes = add <16 x i64> %.splat, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
; CHECK: %in = icmp ult <16 x i64>
; CHECK: [[ALL:%[0-9]+]] = call i1 @llvm.vector.reduce.and.v16i1(<16 x i1> %in)
; CHECK: br i1 [[ALL]], label %body, label %entry.some
; CHECK: body:
; CHECK: %slot.lane0 = getelementptr inbounds float, ptr addrspace(1) %p, i64
; CHECK: %v = load <16 x float>, ptr addrspace(1) %slot.lane0, align 4
; CHECK: %m = fmul <16 x float> %v
; CHECK: store <16 x float> %m
; CHECK: entry.some:
; CHECK: [[ANY:%[0-9]+]] = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> %in)
; CHECK: br i1 [[ANY]], label %entry.lanes, label %exit
; CHECK: entry.lane:
; CHECK: %lane = phi i64 [ 0, %entry.lanes ], [ %lane.next, %entry.lane.next ]
; CHECK: extractelement <16 x i1> %in, i64 %lane
; CHECK: body.lane:
; CHECK: load float, ptr addrspace(1)
; CHECK: store float
; CHECK-NOT: define internal void @uses_local.body.packet
; CHECK-LABEL: define internal void @uses_local.body.single(
; CHECK: store float 1.000000e+00, ptr addrspace(3) %tmp
; CHECK: attributes #{{[0-9]+}} = { noinline "corecl.packet-of"="guarded" "corecl.packet-width"="16" }
; CHECK: attributes #{{[0-9]+}} = { noinline "corecl.packet-of"="uses_local" "corecl.packet-width"="1" }

!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"float*", !"ulong"}
!3 = !{!"", !""}
!4 = !{!"p", !"n"}
!5 = !{i32 1, i32 3}
!6 = !{!"float*", !"float*"}
!7 = !{!"p", !"tmp"}
