; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-group-packets
; OPTIONS: -simd-bytes=64
; Each lane of a packet gets its own copy of the private arrays, on the
; worker's stack (packet_width.cpp, kPacketPrivateBytes): a packet's lanes
; together keep at most 8 MiB. With AVX-512, 16 lanes of a 2 MiB array
; (32 MiB), inlined into a packet of groups that also called the body's
; packet, ran past the worker's 64 MiB stack: 4 lanes now. A small array
; leaves the register's 16 lanes.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent nofree norecurse nounwind memory(argmem: readwrite)
define dso_local spir_kernel void @large(ptr addrspace(1) nocapture noundef align 4 %o) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %t = alloca [524288 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 2097152, ptr nonnull %t) #3
  %arrayidx = getelementptr inbounds i8, ptr addrspace(1) %o, i64 12
  %0 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %cmp7.not = icmp eq i32 %0, 0
  br i1 %cmp7.not, label %for.cond.cleanup, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  %arrayidx1 = getelementptr inbounds i8, ptr addrspace(1) %o, i64 4
  %1 = load i32, ptr addrspace(1) %arrayidx1, align 4, !tbaa !7
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %arrayidx3 = getelementptr inbounds i8, ptr addrspace(1) %o, i64 8
  %2 = load i32, ptr addrspace(1) %arrayidx3, align 4, !tbaa !7
  %idxprom4 = sext i32 %2 to i64
  %arrayidx5 = getelementptr inbounds [524288 x i32], ptr %t, i64 0, i64 %idxprom4
  %3 = load i32, ptr %arrayidx5, align 4, !tbaa !7
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx6 = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %call
  store i32 %3, ptr addrspace(1) %arrayidx6, align 4, !tbaa !7
  call void @llvm.lifetime.end.p0(i64 2097152, ptr nonnull %t) #3
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.08 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %add = add i32 %1, %i.08
  %mul = mul i32 %i.08, 4099
  %and = and i32 %mul, 524287
  %idxprom = zext nneg i32 %and to i64
  %arrayidx2 = getelementptr inbounds [524288 x i32], ptr %t, i64 0, i64 %idxprom
  store i32 %add, ptr %arrayidx2, align 4, !tbaa !7
  %inc = add nuw i32 %i.08, 1
  %cmp = icmp ult i32 %inc, %0
  br i1 %cmp, label %for.body, label %for.cond.cleanup
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nofree norecurse nounwind memory(argmem: readwrite)
define dso_local spir_kernel void @small(ptr addrspace(1) nocapture noundef align 4 %o) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %t = alloca [64 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 256, ptr nonnull %t) #3
  %arrayidx = getelementptr inbounds i8, ptr addrspace(1) %o, i64 12
  %0 = load i32, ptr addrspace(1) %arrayidx, align 4, !tbaa !7
  %cmp7.not = icmp eq i32 %0, 0
  br i1 %cmp7.not, label %for.cond.cleanup, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  %arrayidx1 = getelementptr inbounds i8, ptr addrspace(1) %o, i64 4
  %1 = load i32, ptr addrspace(1) %arrayidx1, align 4, !tbaa !7
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %arrayidx3 = getelementptr inbounds i8, ptr addrspace(1) %o, i64 8
  %2 = load i32, ptr addrspace(1) %arrayidx3, align 4, !tbaa !7
  %idxprom4 = sext i32 %2 to i64
  %arrayidx5 = getelementptr inbounds [64 x i32], ptr %t, i64 0, i64 %idxprom4
  %3 = load i32, ptr %arrayidx5, align 4, !tbaa !7
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  %arrayidx6 = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %call
  store i32 %3, ptr addrspace(1) %arrayidx6, align 4, !tbaa !7
  call void @llvm.lifetime.end.p0(i64 256, ptr nonnull %t) #3
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.08 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %add = add i32 %1, %i.08
  %mul = mul i32 %i.08, 7
  %and = and i32 %mul, 63
  %idxprom = zext nneg i32 %and to i64
  %arrayidx2 = getelementptr inbounds [64 x i32], ptr %t, i64 0, i64 %idxprom
  store i32 %add, ptr %arrayidx2, align 4, !tbaa !7
  %inc = add nuw i32 %i.08, 1
  %cmp = icmp ult i32 %inc, %0
  br i1 %cmp, label %for.body, label %for.cond.cleanup
}

attributes #0 = { convergent nofree norecurse nounwind memory(argmem: readwrite) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { nounwind }
attributes #4 = { convergent nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!opencl.spir.version = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, i32 0}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!3 = !{i32 1}
!4 = !{!"none"}
!5 = !{!"int*"}
!6 = !{!""}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}

; CHECK-LABEL: define internal void @large.body.packet4(
; CHECK: %t = alloca [8388608 x i8]
; CHECK-LABEL: define internal void @small.body.packet16(
; CHECK: %t = alloca [4096 x i8]
