; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; Packets of a group's work-items (region_packets.cpp, packetize.cpp): the
; local id of dimension 0 varies by lane. Work-items of one group share its
; local memory, so a region storing to and loading from a local array at
; the local id gets one vector access each, and a region reading a
; neighbour's element (after the barrier) a gather. The region result (the
; barrier reached) is the same for every lane. A region whose loop walks
; a row of each work-item's own (accesses n apart between lanes) gets no
; packet: the loop vectoriser widens it within the work-item instead.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @rotate_through_local(ptr addrspace(1) %p, ptr addrspace(3) %tmp) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %size = call spir_func i64 @_Z14get_local_sizej(i32 0)
  %in = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load float, ptr addrspace(1) %in, align 4
  %mine = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %lid
  store float %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %next = add i64 %lid, 1
  %wrapped = urem i64 %next, %size
  %theirs = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %wrapped
  %w = load float, ptr addrspace(3) %theirs, align 4
  store float %w, ptr addrspace(1) %in, align 4
  ret void
}

define spir_kernel void @own_rows(ptr addrspace(1) %p, i64 %n) !kernel_arg_addr_space !5 !kernel_arg_access_qual !1 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !3 !kernel_arg_name !7 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %row = mul i64 %gid, %n
  br label %loop

loop:
  %j = phi i64 [ 0, %entry ], [ %next, %loop ]
  %index = add i64 %row, %j
  %at = getelementptr inbounds float, ptr addrspace(1) %p, i64 %index
  %v = load float, ptr addrspace(1) %at, align 4
  %twice = fmul float %v, 2.0
  store float %twice, ptr addrspace(1) %at, align 4
  %next = add i64 %j, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z14get_local_sizej(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @rotate_through_local.body.region0.packet8(
; CHECK: %lid.x.lanes = add <8 x i64>
; CHECK: %v = load <8 x float>, ptr addrspace(1)
; CHECK: store <8 x float> %v, ptr addrspace(3)
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @rotate_through_local.body.region1.packet8(
; CHECK: %wrapped = urem <8 x i64>
; CHECK: %w = call <8 x float> @llvm.masked.gather.v8f32.v8p3(
; CHECK: store <8 x float> %w, ptr addrspace(1)
; CHECK: ret i32 -1
; CHECK-NOT: @own_rows.body.region1.packet
; CHECK: attributes #{{[0-9]+}} = { noinline "corecl.packet-width"="8" "corecl.region-index"="0" "corecl.region-packet-of"="rotate_through_local" }

!0 = !{i32 1, i32 3}
!1 = !{!"none", !"none"}
!2 = !{!"float*", !"float*"}
!3 = !{!"", !""}
!4 = !{!"p", !"tmp"}
!5 = !{i32 1, i32 0}
!6 = !{!"float*", !"ulong"}
!7 = !{!"p", !"n"}
