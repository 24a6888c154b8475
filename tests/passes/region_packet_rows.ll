; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets,corecl-work-group-loops
; OPTIONS: -region-packets -simd-bytes=32
; A row of a region's packets (work_group_loops.cpp, packetRow). The lanes
; of a packet are work-items of one group, which runs on one thread, and
; the packet runs their atomics lane by lane: an atomic on local memory
; becomes a plain load and store there as in the work-item loops (a lock
; per work-item made the bench's histogram of local atomics 3.7x slower),
; and one on global memory stays atomic.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @count_bytes(ptr addrspace(1) %data, ptr addrspace(1) %bins, ptr addrspace(3) %counts) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %in = getelementptr inbounds i8, ptr addrspace(1) %data, i64 %gid
  %byte = load i8, ptr addrspace(1) %in, align 1
  %bin = zext i8 %byte to i64
  %counter = getelementptr inbounds i32, ptr addrspace(3) %counts, i64 %bin
  %old = atomicrmw add ptr addrspace(3) %counter, i32 1 seq_cst, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %counts, i64 %lid
  %count = load i32, ptr addrspace(3) %mine, align 4
  %total = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %lid
  %older = atomicrmw add ptr addrspace(1) %total, i32 %count seq_cst, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @count_bytes.body.region0.packet{{[0-9]+}}.row(
; CHECK-NOT: atomicrmw
; CHECK: load i32, ptr addrspace(3)
; CHECK-NEXT: add i32 {{.*}}, 1
; CHECK-NEXT: store i32
; CHECK-NOT: atomicrmw
; CHECK-LABEL: define internal i32 @count_bytes.body.region1.packet{{[0-9]+}}.row(
; CHECK: atomicrmw add ptr addrspace(1)

!0 = !{i32 1, i32 1, i32 3}
!1 = !{!"none", !"none", !"none"}
!2 = !{!"uchar*", !"uint*", !"uint*"}
!3 = !{!"", !"", !""}
!4 = !{!"data", !"bins", !"counts"}
