; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; How far apart the lanes' addresses lie (packetize.cpp, computeStrides).
; InstCombine writes `(long)(int)lid * 8` as `(lid << 32) >> 29`: lid is
; below 2^31, so that is lid * 8, and a float2 per lane is one wide load.
; `(int)get_global_id(0)` (CLBlast's Xaxpy), `(gid << 32) >> 32`, may wrap
; between lanes: one wide load where the run-time check finds the lanes'
; addresses consecutive.
; A flattened id split again, `tid / 8` and `tid % 8` with tid = lid.x + 8
; lid.y (CLBlast's tile copies), is the same in every lane and consecutive
; while the packet's lanes do not cross a multiple of 8: a guess, which
; the load checks at run time, with a gather for the other case. (The
; barriers only make the kernels regions.)
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @shifted_id(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %high = shl i64 %lid, 32
  %offset = ashr exact i64 %high, 29
  %in = getelementptr inbounds i8, ptr addrspace(1) %p, i64 %offset
  %v = load <2 x float>, ptr addrspace(1) %in, align 8
  %out = getelementptr inbounds <2 x float>, ptr addrspace(1) %q, i64 %gid
  store <2 x float> %v, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @split_flat_id(ptr addrspace(1) %p, ptr addrspace(1) %q, i64 %n) !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !6 !kernel_arg_name !8 {
entry:
  %x = call spir_func i64 @_Z12get_local_idj(i32 0)
  %y = call spir_func i64 @_Z12get_local_idj(i32 1)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %rows = shl i64 %y, 3
  %tid = add i64 %x, %rows
  %row = udiv i64 %tid, 8
  %col = urem i64 %tid, 8
  %start = mul i64 %row, %n
  %index = add i64 %start, %col
  %in = getelementptr inbounds float, ptr addrspace(1) %p, i64 %index
  %v = load float, ptr addrspace(1) %in, align 4
  %out = getelementptr inbounds float, ptr addrspace(1) %q, i64 %gid
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @int_global_id(ptr addrspace(1) %p, ptr addrspace(1) %q) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !9 !kernel_arg_base_type !9 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %high = shl i64 %gid, 32
  %index = ashr exact i64 %high, 32
  %in = getelementptr inbounds float, ptr addrspace(1) %p, i64 %index
  %v = load float, ptr addrspace(1) %in, align 4
  %out = getelementptr inbounds float, ptr addrspace(1) %q, i64 %index
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @shifted_id.body.region1.packet8(
; CHECK-NOT: consecutive
; CHECK: %v = load <16 x float>, ptr addrspace(1)
; CHECK-NOT: load <2 x float>
; CHECK-LABEL: define internal i32 @split_flat_id.body.region1.packet8(
; CHECK: %row = udiv <8 x i64>
; CHECK: %col = urem <8 x i64>
; CHECK: br i1 %{{.*}}, label %consecutive, label %scattered
; CHECK: consecutive:
; CHECK-NEXT: %v = load <8 x float>, ptr addrspace(1)
; CHECK: scattered:
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p1(
; CHECK-LABEL: define internal i32 @int_global_id.body.region1.packet8(
; CHECK: consecutive:
; CHECK: %v = load <8 x float>, ptr addrspace(1)
; CHECK-NEXT: br label %access.done

!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"float2*", !"float2*"}
!3 = !{!"", !""}
!4 = !{!"p", !"q"}
!5 = !{i32 1, i32 1, i32 0}
!6 = !{!"", !"", !""}
!7 = !{!"float*", !"float*", !"ulong"}
!8 = !{!"p", !"q", !"n"}
!9 = !{!"float*", !"float*"}
