; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; Loads whose lanes lie a few elements apart and that together read every
; element of the lanes' stretches (a work-item's pair, `p[2 * lid]` and
; `p[2 * lid + 1]`, CLBlast's XgemmDirect) are one wide load and a shuffle
; per load (packetize.cpp, address_difference.h); `2 * lid` stays far
; below 2^31 (local ids lie below the largest work-group size), so its
; extension needs no run-time test, nor does that of a small sum written
; without `nsw` (`2 * lid + 18`, a padded tile's next row in XgemmDirect,
; against `&p[2 * lid] + 17`). A store between them keeps them gathers:
; the second load must see it.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @pairs(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %l32 = trunc i64 %lid to i32
  %two = shl i32 %l32, 1
  %i0 = sext i32 %two to i64
  %a0 = getelementptr inbounds double, ptr addrspace(1) %p, i64 %i0
  %v0 = load double, ptr addrspace(1) %a0, align 8
  %odd = or disjoint i32 %two, 1
  %i1 = sext i32 %odd to i64
  %a1 = getelementptr inbounds double, ptr addrspace(1) %p, i64 %i1
  %v1 = load double, ptr addrspace(1) %a1, align 8
  %s = fadd double %v0, %v1
  %out = getelementptr inbounds double, ptr addrspace(1) %q, i64 %gid
  store double %s, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @stored_between(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %l32 = trunc i64 %lid to i32
  %two = shl i32 %l32, 1
  %i0 = sext i32 %two to i64
  %a0 = getelementptr inbounds double, ptr addrspace(1) %p, i64 %i0
  %v0 = load double, ptr addrspace(1) %a0, align 8
  %out = getelementptr inbounds double, ptr addrspace(1) %q, i64 %gid
  store double %v0, ptr addrspace(1) %out, align 8
  %odd = or disjoint i32 %two, 1
  %i1 = sext i32 %odd to i64
  %a1 = getelementptr inbounds double, ptr addrspace(1) %p, i64 %i1
  %v1 = load double, ptr addrspace(1) %a1, align 8
  store double %v1, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @padded_rows(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %l32 = trunc i64 %lid to i32
  %two = shl nsw i32 %l32, 1
  %i0 = sext i32 %two to i64
  %row = getelementptr float, ptr addrspace(1) %p, i64 %i0
  %a0 = getelementptr i8, ptr addrspace(1) %row, i64 68
  %v0 = load float, ptr addrspace(1) %a0, align 4
  %next = add i32 %two, 18
  %i1 = sext i32 %next to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i1
  %v1 = load float, ptr addrspace(1) %a1, align 4
  %s = fadd float %v0, %v1
  %out = getelementptr inbounds float, ptr addrspace(1) %q, i64 %gid
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"double*", !"double*"}
!3 = !{!"", !""}
!4 = !{!"p", !"q"}
!5 = !{!"float*", !"float*"}

; CHECK-LABEL: define internal i32 @pairs.body.region1.packet4(
; CHECK-NOT: stride.holds
; CHECK: %a0.lane0 = getelementptr inbounds double, ptr addrspace(1) %p, i64 %i0.lane0
; CHECK-NEXT: [[START:%.*]] = getelementptr i8, ptr addrspace(1) %a0.lane0, i64 0
; CHECK-NEXT: %interleaved = load <8 x double>, ptr addrspace(1) [[START]], align 8
; CHECK-NEXT: %v0 = shufflevector <8 x double> %interleaved, <8 x double> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; CHECK-NEXT: %v1 = shufflevector <8 x double> %interleaved, <8 x double> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; CHECK-NOT: gather
; CHECK: fadd <4 x double> %v0, %v1
; CHECK-LABEL: define internal i32 @stored_between.body.region1.packet4(
; CHECK-NOT: interleaved
; CHECK: %v0 = call <4 x double> @llvm.masked.gather
; CHECK: %v1 = call <4 x double> @llvm.masked.gather
; CHECK-LABEL: define internal i32 @padded_rows.body.region1.packet8(
; CHECK-NOT: gather
; CHECK: %interleaved = load <16 x float>
; CHECK-NOT: gather
; CHECK: fadd <8 x float> %v0, %v1
