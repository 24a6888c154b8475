; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; Stores a work-item makes to neighbouring elements (`q[2 * lid] = a;
; q[2 * lid + 1] = b;`, a complex number's halves, a tile copy's pairs)
; are, across a packet's lanes, one run of consecutive elements: one wide
; store of their values interleaved, where the last of them stands
; (packetize.cpp, findInterleavedStores). A load between them keeps them
; scatters: moving the first store down past it could change what it
; reads.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @pairs(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %in = getelementptr inbounds float, ptr addrspace(1) %p, i64 %lid
  %v = load float, ptr addrspace(1) %in, align 4
  %w = fmul float %v, 2.0
  %l32 = trunc i64 %lid to i32
  %two = shl nsw i32 %l32, 1
  %i0 = sext i32 %two to i64
  %a0 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i0
  store float %v, ptr addrspace(1) %a0, align 4
  %odd = or disjoint i32 %two, 1
  %i1 = sext i32 %odd to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i1
  store float %w, ptr addrspace(1) %a1, align 4
  ret void
}

define spir_kernel void @read_between(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %in = getelementptr inbounds float, ptr addrspace(1) %p, i64 %lid
  %v = load float, ptr addrspace(1) %in, align 4
  %l32 = trunc i64 %lid to i32
  %two = shl nsw i32 %l32, 1
  %i0 = sext i32 %two to i64
  %a0 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i0
  store float %v, ptr addrspace(1) %a0, align 4
  %w = load float, ptr addrspace(1) %in, align 4
  %odd = or disjoint i32 %two, 1
  %i1 = sext i32 %odd to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %i1
  store float %w, ptr addrspace(1) %a1, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)

!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"float*", !"float*"}
!3 = !{!"", !""}
!4 = !{!"p", !"q"}

; CHECK-LABEL: define internal i32 @pairs.body.region1.packet8(
; CHECK-NOT: scatter
; CHECK: [[START:%.*]] = getelementptr i8, ptr addrspace(1) %a1.lane0, i64 -4
; CHECK-NEXT: [[BOTH:%.*]] = shufflevector <8 x float> %v, <8 x float> %w, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; CHECK-NEXT: %interleaved = shufflevector <16 x float> [[BOTH]], <16 x float> poison, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
; CHECK-NEXT: store <16 x float> %interleaved, ptr addrspace(1) [[START]], align 4
; CHECK-NOT: scatter
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @read_between.body.region1.packet8(
; CHECK-NOT: interleaved
; CHECK: call void @llvm.masked.scatter
; CHECK: call void @llvm.masked.scatter
