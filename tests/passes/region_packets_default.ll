; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets=barriers -simd-bytes=32
; A build makes packets of the regions of kernels whose source has a
; barrier (region_packets.cpp, RegionPacketKernels::WithBarriers). A
; kernel without barriers or loops keeps its work-item loop, which LLVM's
; loop vectoriser widens: a packet would be a second copy of its body for
; the build to compile (the math-heavy cold build took 2.5 times as long
; with packets for every kernel).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @written(ptr addrspace(3) %x, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !1 !kernel_arg_name !3 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %lid
  %v = trunc i64 %lid to i32
  store i32 %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %next = add i64 %lid, 1
  %theirs = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %next
  %w = load i32, ptr addrspace(3) %theirs, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  store i32 %w, ptr addrspace(1) %o, align 4
  ret void
}

define spir_kernel void @plain(ptr addrspace(3) %x, ptr addrspace(1) %out) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !1 !kernel_arg_name !3 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %v = trunc i64 %lid to i32
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)

!0 = !{i32 3, i32 1}
!1 = !{!"", !""}
!2 = !{!"int*", !"int*"}
!3 = !{!"x", !"out"}

; CHECK: define spir_kernel void @written({{.*}} #[[WRITTEN:[0-9]+]]
; CHECK: define spir_kernel void @plain({{.*}} #[[PLAIN:[0-9]+]]
; CHECK: define internal i32 @written.body.region1.packet8(
; CHECK-NOT: @plain.body.region{{[0-9]}}.packet
; CHECK: attributes #[[WRITTEN]] = {{{.*}}"corecl.barriers"="1"
; CHECK: attributes #[[PLAIN]] = {{{.*}}"corecl.barriers"="0"
