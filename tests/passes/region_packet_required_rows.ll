; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets=barriers -simd-bytes=64
; A packet is no wider than the row the kernel requires (body_packets.cpp,
; packetizeRegion): a row narrower than its packet runs lane by lane.
; CLBlast's Xgemm requires 8 x 8 work-items; with AVX-512 its regions along
; x got packets of 16 floats and ran scalar. Without a required size the
; packet fills the register.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @rows_of_eight(ptr addrspace(1) nocapture noundef align 4 %p, ptr addrspace(3) nocapture noundef align 4 %tile) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 !reqd_work_group_size !7 {
entry:
  %call = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #3
  %mul = shl i64 %call, 3
  %call1 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %add = add i64 %mul, %call1
  %call2 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #3
  %call3 = tail call spir_func i64 @_Z15get_global_sizej(i32 noundef 0) #3
  %mul4 = mul i64 %call3, %call2
  %call5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %0 = getelementptr float, ptr addrspace(1) %p, i64 %mul4
  %arrayidx = getelementptr float, ptr addrspace(1) %0, i64 %call5
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !8
  %arrayidx7 = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %add
  store float %1, ptr addrspace(3) %arrayidx7, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %2 = load float, ptr addrspace(3) %arrayidx7, align 4, !tbaa !8
  %xor = xor i64 %add, 1
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %xor
  %3 = load float, ptr addrspace(3) %arrayidx9, align 4, !tbaa !8
  %add10 = fadd float %2, %3
  store float %add10, ptr addrspace(1) %arrayidx, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z15get_global_sizej(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @any_rows(ptr addrspace(1) nocapture noundef align 4 %p, ptr addrspace(3) nocapture noundef align 4 %tile) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %call = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %call1 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %p, i64 %call1
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !tbaa !8
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %call
  store float %0, ptr addrspace(3) %arrayidx2, align 4, !tbaa !8
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %1 = load float, ptr addrspace(3) %arrayidx2, align 4, !tbaa !8
  %xor = xor i64 %call, 1
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %xor
  %2 = load float, ptr addrspace(3) %arrayidx4, align 4, !tbaa !8
  %add = fadd float %1, %2
  store float %add, ptr addrspace(1) %arrayidx, align 4, !tbaa !8
  ret void
}

attributes #0 = { convergent norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!3 = !{i32 1, i32 3}
!4 = !{!"none", !"none"}
!5 = !{!"float*", !"float*"}
!6 = !{!"", !""}
!7 = !{i32 8, i32 8, i32 1}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}

; CHECK-LABEL: define internal i32 @rows_of_eight.body.region0.packet8(
; CHECK-LABEL: define internal i32 @rows_of_eight.body.region1.packet8(
; CHECK-LABEL: define internal i32 @any_rows.body.region0.packet16(
; CHECK-LABEL: define internal i32 @any_rows.body.region1.packet16(
