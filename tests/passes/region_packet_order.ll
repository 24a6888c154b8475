; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets=barriers -simd-bytes=32
; Each region's packet runs its lanes along the dimension its own accesses
; prefer (corecl.packet-order), whatever the layout of per-work-item
; storage: this kernel (CLBlast XgemmDirectTN's shape) multiplies along y,
; so storage is laid out along y and the multiply's region runs along y,
; but its tile copy reads and writes pairs along x: one interleaved load
; and one interleaved store of 16 floats there, where along y each would
; be gathers and scatters. The loads and stores of the copy alternate
; between global and local memory, which never meet. The copy region also
; holds the loop over the K remainder (a gather), which it runs once after
; the tile loop (corecl.times-run 1 like the copy, not 2) and which does
; not refuse it the packet; the first region, whose most-run accesses are
; that loop's, gets none.
;
; kernel __attribute__((reqd_work_group_size(8, 8, 1)))
; void tiles(global const float *a, global float *out, int k, int ld) {
;   local float tile[16 * 18];
;   int x = get_local_id(0), y = get_local_id(1);
;   float acc = 0.0f;
;   int kk = 0;
;   for (; kk + 8 <= k; kk += 8) {
;     tile[y * 18 + 2 * x] = a[(kk + y) * ld + 2 * x];
;     tile[y * 18 + 2 * x + 1] = a[(kk + y) * ld + 2 * x + 1];
;     barrier(CLK_LOCAL_MEM_FENCE);
;     for (int i = 0; i < 8; ++i)
;       acc += tile[x * 18 + i] * tile[i * 18 + 8 + y];
;     barrier(CLK_LOCAL_MEM_FENCE);
;   }
;   for (; kk < k; ++kk)
;     acc += a[(x * 8 + y) * ld + kk];
;   out[y * 8 + x] = acc;
; }
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@tiles.tile = internal unnamed_addr addrspace(3) global [288 x float] undef, align 4

define dso_local spir_kernel void @tiles(ptr addrspace(1) nocapture noundef readonly align 4 %a, ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %k, i32 noundef %ld) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 !reqd_work_group_size !7 {
entry:
  %call = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4
  %conv = trunc i64 %call to i32
  %call1 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 1) #4
  %conv2 = trunc i64 %call1 to i32
  %cmp.not31 = icmp slt i32 %k, 8
  br i1 %cmp.not31, label %for.cond42.preheader, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  %mul5 = shl nsw i32 %conv, 1
  %mul7 = mul nsw i32 %conv2, 18
  %add9 = add nsw i32 %mul7, %mul5
  %idxprom10 = sext i32 %add9 to i64
  %arrayidx11 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom10
  %add22 = or disjoint i32 %add9, 1
  %idxprom23 = sext i32 %add22 to i64
  %arrayidx24 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom23
  %mul29 = mul nsw i32 %conv, 18
  %add34 = add i32 %conv2, 8
  %idxprom31 = sext i32 %mul29 to i64
  %arrayidx32 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31
  %idxprom36 = sext i32 %add34 to i64
  %arrayidx37 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36
  %add30.1 = or disjoint i32 %mul29, 1
  %idxprom31.1 = sext i32 %add30.1 to i64
  %arrayidx32.1 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.1
  %add35.1 = add i32 %conv2, 26
  %idxprom36.1 = sext i32 %add35.1 to i64
  %arrayidx37.1 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.1
  %add30.2 = add nsw i32 %mul29, 2
  %idxprom31.2 = sext i32 %add30.2 to i64
  %arrayidx32.2 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.2
  %add35.2 = add i32 %conv2, 44
  %idxprom36.2 = sext i32 %add35.2 to i64
  %arrayidx37.2 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.2
  %add30.3 = add nsw i32 %mul29, 3
  %idxprom31.3 = sext i32 %add30.3 to i64
  %arrayidx32.3 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.3
  %add35.3 = add i32 %conv2, 62
  %idxprom36.3 = sext i32 %add35.3 to i64
  %arrayidx37.3 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.3
  %add30.4 = add nsw i32 %mul29, 4
  %idxprom31.4 = sext i32 %add30.4 to i64
  %arrayidx32.4 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.4
  %add35.4 = add i32 %conv2, 80
  %idxprom36.4 = sext i32 %add35.4 to i64
  %arrayidx37.4 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.4
  %add30.5 = add nsw i32 %mul29, 5
  %idxprom31.5 = sext i32 %add30.5 to i64
  %arrayidx32.5 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.5
  %add35.5 = add i32 %conv2, 98
  %idxprom36.5 = sext i32 %add35.5 to i64
  %arrayidx37.5 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.5
  %add30.6 = add nsw i32 %mul29, 6
  %idxprom31.6 = sext i32 %add30.6 to i64
  %arrayidx32.6 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.6
  %add35.6 = add i32 %conv2, 116
  %idxprom36.6 = sext i32 %add35.6 to i64
  %arrayidx37.6 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.6
  %add30.7 = add nsw i32 %mul29, 7
  %idxprom31.7 = sext i32 %add30.7 to i64
  %arrayidx32.7 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom31.7
  %add35.7 = add i32 %conv2, 134
  %idxprom36.7 = sext i32 %add35.7 to i64
  %arrayidx37.7 = getelementptr inbounds [288 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %idxprom36.7
  br label %for.body

for.cond42.preheader:                             ; preds = %for.body, %entry
  %acc.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %25, %for.body ]
  %kk.0.lcssa = phi i32 [ 0, %entry ], [ %add36, %for.body ]
  %cmp4338 = icmp slt i32 %kk.0.lcssa, %k
  br i1 %cmp4338, label %for.body45.lr.ph, label %for.end55

for.body45.lr.ph:                                 ; preds = %for.cond42.preheader
  %mul46 = shl nsw i32 %conv, 3
  %add47 = add nsw i32 %mul46, %conv2
  %mul48 = mul nsw i32 %add47, %ld
  br label %for.body45

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %add36 = phi i32 [ 8, %for.body.lr.ph ], [ %add, %for.body ]
  %kk.033 = phi i32 [ 0, %for.body.lr.ph ], [ %add36, %for.body ]
  %acc.032 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %25, %for.body ]
  %add4 = add nsw i32 %kk.033, %conv2
  %mul = mul nsw i32 %add4, %ld
  %add6 = add nsw i32 %mul, %mul5
  %idxprom = sext i32 %add6 to i64
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom
  %0 = load float, ptr addrspace(1) %arrayidx, align 4
  store float %0, ptr addrspace(3) %arrayidx11, align 4
  %arrayidx18 = getelementptr i8, ptr addrspace(1) %arrayidx, i64 4
  %1 = load float, ptr addrspace(1) %arrayidx18, align 4
  store float %1, ptr addrspace(3) %arrayidx24, align 4
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %2 = load float, ptr addrspace(3) %arrayidx32, align 4
  %3 = load float, ptr addrspace(3) %arrayidx37, align 4
  %4 = tail call float @llvm.fmuladd.f32(float %2, float %3, float %acc.032)
  %5 = load float, ptr addrspace(3) %arrayidx32.1, align 4
  %6 = load float, ptr addrspace(3) %arrayidx37.1, align 4
  %7 = tail call float @llvm.fmuladd.f32(float %5, float %6, float %4)
  %8 = load float, ptr addrspace(3) %arrayidx32.2, align 4
  %9 = load float, ptr addrspace(3) %arrayidx37.2, align 4
  %10 = tail call float @llvm.fmuladd.f32(float %8, float %9, float %7)
  %11 = load float, ptr addrspace(3) %arrayidx32.3, align 4
  %12 = load float, ptr addrspace(3) %arrayidx37.3, align 4
  %13 = tail call float @llvm.fmuladd.f32(float %11, float %12, float %10)
  %14 = load float, ptr addrspace(3) %arrayidx32.4, align 4
  %15 = load float, ptr addrspace(3) %arrayidx37.4, align 4
  %16 = tail call float @llvm.fmuladd.f32(float %14, float %15, float %13)
  %17 = load float, ptr addrspace(3) %arrayidx32.5, align 4
  %18 = load float, ptr addrspace(3) %arrayidx37.5, align 4
  %19 = tail call float @llvm.fmuladd.f32(float %17, float %18, float %16)
  %20 = load float, ptr addrspace(3) %arrayidx32.6, align 4
  %21 = load float, ptr addrspace(3) %arrayidx37.6, align 4
  %22 = tail call float @llvm.fmuladd.f32(float %20, float %21, float %19)
  %23 = load float, ptr addrspace(3) %arrayidx32.7, align 4
  %24 = load float, ptr addrspace(3) %arrayidx37.7, align 4
  %25 = tail call float @llvm.fmuladd.f32(float %23, float %24, float %22)
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #5
  %add = add nuw nsw i32 %add36, 8
  %cmp.not = icmp sgt i32 %add, %k
  br i1 %cmp.not, label %for.cond42.preheader, label %for.body

for.body45:                                       ; preds = %for.body45.lr.ph, %for.body45
  %kk.140 = phi i32 [ %kk.0.lcssa, %for.body45.lr.ph ], [ %inc54, %for.body45 ]
  %acc.239 = phi float [ %acc.0.lcssa, %for.body45.lr.ph ], [ %add52, %for.body45 ]
  %add49 = add nsw i32 %kk.140, %mul48
  %idxprom50 = sext i32 %add49 to i64
  %arrayidx51 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %idxprom50
  %26 = load float, ptr addrspace(1) %arrayidx51, align 4
  %add52 = fadd float %acc.239, %26
  %inc54 = add nuw nsw i32 %kk.140, 1
  %cmp43 = icmp slt i32 %inc54, %k
  br i1 %cmp43, label %for.body45, label %for.end55

for.end55:                                        ; preds = %for.body45, %for.cond42.preheader
  %acc.2.lcssa = phi float [ %acc.0.lcssa, %for.cond42.preheader ], [ %add52, %for.body45 ]
  %mul56 = shl nsw i32 %conv2, 3
  %add57 = add nsw i32 %mul56, %conv
  %idxprom58 = sext i32 %add57 to i64
  %arrayidx59 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idxprom58
  store float %acc.2.lcssa, ptr addrspace(1) %arrayidx59, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

declare spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

declare float @llvm.fmuladd.f32(float, float, float) #3

attributes #0 = { convergent norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nounwind willreturn memory(none) }
attributes #5 = { convergent nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!3 = !{i32 1, i32 1, i32 0, i32 0}
!4 = !{!"none", !"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"int", !"int"}
!6 = !{!"const", !"", !"", !""}
!7 = !{i32 8, i32 8, i32 1}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}

; CHECK: define internal i32 @tiles.body.region0({{.*}} #[[FIRST:[0-9]+]]
; CHECK: define internal i32 @tiles.body.region1({{.*}} #[[MULTIPLY:[0-9]+]]
; CHECK: define internal i32 @tiles.body.region2({{.*}} #[[COPY:[0-9]+]]
; CHECK: store float {{.*}}, ptr addrspace(3)
; CHECK: br label %barrier, !corecl.times-run ![[ONCE_A_TRIP:[0-9]+]]
; CHECK: br i1 %cmp43, label %for.body45, label %for.end55, !corecl.times-run ![[ONCE_A_TRIP]]
; CHECK-NOT: define internal i32 @tiles.body.region0.packet
; CHECK: define internal i32 @tiles.body.region1.packet8(
; CHECK: %lid.y.lanes = add <8 x i64>
; CHECK: define internal i32 @tiles.body.region2.packet8(
; CHECK: %lid.x.lanes = add <8 x i64>
; CHECK: %interleaved = load <16 x float>, ptr addrspace(1)
; CHECK: store <16 x float> %interleaved{{[0-9]*}}, ptr addrspace(3)
; CHECK: @llvm.masked.gather.v8f32.v8p1(
; CHECK: attributes #[[FIRST]] = {{{.*}}"corecl.item-order"="yx" "corecl.loop-order"="yx" "corecl.packet-order"="xy"
; CHECK: attributes #[[MULTIPLY]] = {{{.*}}"corecl.item-order"="yx" "corecl.loop-order"="yx" "corecl.packet-order"="yx"
; CHECK: attributes #[[COPY]] = {{{.*}}"corecl.item-order"="yx" "corecl.packet-order"="xy" "corecl.region-index"
; CHECK: ![[ONCE_A_TRIP]] = !{i32 1}
