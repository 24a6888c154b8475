; PASSES: corecl-safe-division,corecl-kernel-body,corecl-printf,corecl-local-memory,corecl-body-packets,corecl-barrier-regions,corecl-group-packets,corecl-region-packets,corecl-work-group-loops
; A kernel with reqd_work_group_size(8, 8, 1) that reads its local tile at
; `x * 17 + k` (a gather along x, the same for every y) and writes it at
; `x * 17 + y` (consecutive along y) runs its work-items with y innermost
; (passes/item_order.cpp): the y loop is the one marked parallel for the
; vectoriser, and per-work-item storage (the accumulator across the
; barriers) is laid out y-fastest, ((z * lsx) + x) * lsy + y. The same
; kernel without a required size keeps x innermost.
;
; CHECK-LABEL: define void @columns.wg(
; CHECK: lid.x.loop:
; CHECK: lid.y.loop:
; CHECK: %[[ZX:.*]] = add i64 %{{.*}}, %lid.x
; CHECK-NEXT: %[[ZXY:.*]] = mul i64 %[[ZX]], %local.size7
; CHECK-NEXT: add i64 %[[ZXY]], %lid.y
; CHECK: br i1 %{{.*}}, label %lid.y.loop, label %lid.y.exit, !llvm.loop
; CHECK-LABEL: define void @rows.wg(
; CHECK: lid.y.loop:
; CHECK: lid.x.loop:
; CHECK: br i1 %{{.*}}, label %lid.x.loop, label %lid.x.exit, !llvm.loop
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@columns.tile = internal addrspace(3) global [136 x float] undef, align 4
@rows.tile = internal addrspace(3) global [136 x float] undef, align 4

; Function Attrs: alwaysinline convergent norecurse nounwind
define dso_local spir_kernel void @columns(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 !kernel_arg_name !9 !reqd_work_group_size !10 {
entry:
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  %call1 = call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #4
  %conv2 = trunc i64 %call1 to i32
  %cmp33 = icmp sgt i32 %n, 0
  br i1 %cmp33, label %for.body, label %for.end

for.body:                                         ; preds = %entry, %for.body
  %t.035 = phi i32 [ %add19, %for.body ], [ 0, %entry ]
  %acc.034 = phi float [ %add18, %for.body ], [ 0.000000e+00, %entry ]
  %add = add nsw i32 %t.035, %conv2
  %mul = shl nsw i32 %add, 3
  %add4 = add nsw i32 %mul, %conv
  %idxprom = sext i32 %add4 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %mul5 = mul nsw i32 %conv, 17
  %add6 = add nsw i32 %mul5, %conv2
  %idxprom7 = sext i32 %add6 to i64
  %arrayidx8 = getelementptr inbounds [136 x float], ptr addrspace(3) @columns.tile, i64 0, i64 %idxprom7
  store float %0, ptr addrspace(3) %arrayidx8, align 4
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %idxprom10 = sext i32 %mul5 to i64
  %arrayidx11 = getelementptr inbounds [136 x float], ptr addrspace(3) @columns.tile, i64 0, i64 %idxprom10
  %1 = load float, ptr addrspace(3) %arrayidx11, align 4
  %conv12 = sitofp i32 %conv2 to float
  %add15 = add nsw i32 %mul5, 1
  %idxprom16 = sext i32 %add15 to i64
  %arrayidx17 = getelementptr inbounds [136 x float], ptr addrspace(3) @columns.tile, i64 0, i64 %idxprom16
  %2 = load float, ptr addrspace(3) %arrayidx17, align 4
  %3 = call float @llvm.fmuladd.f32(float %1, float %conv12, float %2)
  %add18 = fadd float %acc.034, %3
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %add19 = add nuw nsw i32 %t.035, 8
  %cmp = icmp slt i32 %add19, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:                                          ; preds = %for.body, %entry
  %acc.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %add18, %for.body ]
  %call20 = call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #4
  %call22 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %.idx = shl i64 %call20, 5
  %4 = getelementptr i8, ptr addrspace(1) %out, i64 %.idx
  %arrayidx24 = getelementptr float, ptr addrspace(1) %4, i64 %call22
  store float %acc.0.lcssa, ptr addrspace(1) %arrayidx24, align 4
  ret void
}

; Function Attrs: alwaysinline convergent norecurse nounwind
define dso_local spir_kernel void @rows(ptr addrspace(1) noundef align 4 %a, ptr addrspace(1) noundef align 4 %out, i32 noundef %n) #0 !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !8 !kernel_arg_name !9 {
entry:
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  %call1 = call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #4
  %conv2 = trunc i64 %call1 to i32
  %cmp33 = icmp sgt i32 %n, 0
  br i1 %cmp33, label %for.body, label %for.end

for.body:                                         ; preds = %entry, %for.body
  %t.035 = phi i32 [ %add19, %for.body ], [ 0, %entry ]
  %acc.034 = phi float [ %add18, %for.body ], [ 0.000000e+00, %entry ]
  %add = add nsw i32 %t.035, %conv2
  %mul = shl nsw i32 %add, 3
  %add4 = add nsw i32 %mul, %conv
  %idxprom = sext i32 %add4 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  %mul5 = mul nsw i32 %conv, 17
  %add6 = add nsw i32 %mul5, %conv2
  %idxprom7 = sext i32 %add6 to i64
  %arrayidx8 = getelementptr inbounds [136 x float], ptr addrspace(3) @rows.tile, i64 0, i64 %idxprom7
  store float %0, ptr addrspace(3) %arrayidx8, align 4
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %idxprom10 = sext i32 %mul5 to i64
  %arrayidx11 = getelementptr inbounds [136 x float], ptr addrspace(3) @rows.tile, i64 0, i64 %idxprom10
  %1 = load float, ptr addrspace(3) %arrayidx11, align 4
  %conv12 = sitofp i32 %conv2 to float
  %add15 = add nsw i32 %mul5, 1
  %idxprom16 = sext i32 %add15 to i64
  %arrayidx17 = getelementptr inbounds [136 x float], ptr addrspace(3) @rows.tile, i64 0, i64 %idxprom16
  %2 = load float, ptr addrspace(3) %arrayidx17, align 4
  %3 = call float @llvm.fmuladd.f32(float %1, float %conv12, float %2)
  %add18 = fadd float %acc.034, %3
  call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %add19 = add nuw nsw i32 %t.035, 8
  %cmp = icmp slt i32 %add19, %n
  br i1 %cmp, label %for.body, label %for.end

for.end:                                          ; preds = %for.body, %entry
  %acc.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %add18, %for.body ]
  %call20 = call spir_func i64 @_Z13get_global_idj(i32 noundef 1) #4
  %call22 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %.idx = shl i64 %call20, 5
  %4 = getelementptr i8, ptr addrspace(1) %out, i64 %.idx
  %arrayidx24 = getelementptr float, ptr addrspace(1) %4, i64 %call22
  store float %acc.0.lcssa, ptr addrspace(1) %arrayidx24, align 4
  ret void
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare spir_func void @_Z7barrierj(i32 noundef) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #3

; Function Attrs: convergent nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { alwaysinline convergent norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nounwind willreturn memory(none) }
attributes #5 = { convergent nounwind }


!5 = !{i32 1, i32 1, i32 0}
!6 = !{!"none", !"none", !"none"}
!7 = !{!"float*", !"float*", !"int"}
!8 = !{!"const", !"", !""}
!9 = !{!"a", !"out", !"n"}
!10 = !{i32 8, i32 8, i32 1}
