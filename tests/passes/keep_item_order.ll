; PASSES: corecl-keep-item-order
; In a parallel work-item loop, a strided store that an interleave group
; could sink over an access that may touch the same word (in @record the
; first two stores could join the last one, over the dynamic load %x) gets
; a frozen address, which the loop vectoriser cannot group; the last store
; moves nowhere and keeps its address. A read-modify-write of a record
; (@update) and two records whose groups do not overlap (@two_records,
; CLBlast's Xaxpy with two float4 per work-item) keep their plain
; addresses and their interleave groups. Loops not marked parallel are
; left to LLVM's own dependence analysis, and loops the vectoriser is told
; to leave (@not_vectorized, @record's body otherwise) form no groups.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @record(
; CHECK: store i32 %i32, ptr %w0.pinned
; CHECK: store i32 7, ptr %w1.pinned
; CHECK: %x = load i32, ptr %wk,
; CHECK: store i32 %x, ptr %w0,
define void @record(ptr %p, ptr %pick, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %rec = mul i64 %i, 16
  %w0 = getelementptr inbounds i8, ptr %p, i64 %rec
  %w1 = getelementptr inbounds i8, ptr %w0, i64 4
  %i32 = trunc i64 %i to i32
  store i32 %i32, ptr %w0, !llvm.access.group !0
  store i32 7, ptr %w1, !llvm.access.group !0
  %kp = getelementptr inbounds i32, ptr %pick, i64 %i
  %k = load i32, ptr %kp, !llvm.access.group !0
  %k64 = zext i32 %k to i64
  %wk = getelementptr inbounds i32, ptr %w0, i64 %k64
  %x = load i32, ptr %wk, !llvm.access.group !0
  store i32 %x, ptr %w0, !llvm.access.group !0
  %next = add nuw i64 %i, 1
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @update(
; CHECK-NOT: pinned
; CHECK: ret void
define void @update(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %rec = mul i64 %i, 16
  %w0 = getelementptr inbounds i8, ptr %p, i64 %rec
  %w1 = getelementptr inbounds i8, ptr %w0, i64 4
  %a = load float, ptr %w0, !llvm.access.group !0
  %b = load float, ptr %w1, !llvm.access.group !0
  %a2 = fmul float %a, 2.0
  %b2 = fadd float %b, %a
  store float %a2, ptr %w0, !llvm.access.group !0
  store float %b2, ptr %w1, !llvm.access.group !0
  %next = add nuw i64 %i, 1
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @two_records(
; CHECK-NOT: pinned
; CHECK: ret void
define void @two_records(ptr %p, i64 %n, i64 %far) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %rec = mul i64 %i, 8
  %a0 = getelementptr inbounds i8, ptr %p, i64 %rec
  %a1 = getelementptr inbounds i8, ptr %a0, i64 4
  %x0 = load float, ptr %a0, !llvm.access.group !0
  %x1 = load float, ptr %a1, !llvm.access.group !0
  %y0 = fmul float %x0, 2.0
  %y1 = fmul float %x1, 2.0
  store float %y0, ptr %a0, !llvm.access.group !0
  store float %y1, ptr %a1, !llvm.access.group !0
  %b0 = getelementptr inbounds i8, ptr %a0, i64 %far
  %b1 = getelementptr inbounds i8, ptr %b0, i64 4
  %z0 = load float, ptr %b0, !llvm.access.group !0
  %z1 = load float, ptr %b1, !llvm.access.group !0
  %w0 = fadd float %z0, 1.0
  %w1 = fadd float %z1, 1.0
  store float %w0, ptr %b0, !llvm.access.group !0
  store float %w1, ptr %b1, !llvm.access.group !0
  %next = add nuw i64 %i, 1
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @not_parallel(
; CHECK-NOT: pinned
; CHECK: ret void
define void @not_parallel(ptr %p, ptr %pick, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %rec = mul i64 %i, 16
  %w0 = getelementptr inbounds i8, ptr %p, i64 %rec
  store i32 1, ptr %w0
  %kp = getelementptr inbounds i32, ptr %pick, i64 %i
  %k = load i32, ptr %kp
  %k64 = zext i32 %k to i64
  %wk = getelementptr inbounds i32, ptr %w0, i64 %k64
  %x = load i32, ptr %wk
  store i32 %x, ptr %w0
  %next = add nuw i64 %i, 1
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @not_vectorized(
; CHECK-NOT: pinned
; CHECK: ret void
define void @not_vectorized(ptr %p, ptr %pick, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %rec = mul i64 %i, 16
  %w0 = getelementptr inbounds i8, ptr %p, i64 %rec
  %w1 = getelementptr inbounds i8, ptr %w0, i64 4
  %i32 = trunc i64 %i to i32
  store i32 %i32, ptr %w0, !llvm.access.group !3
  store i32 7, ptr %w1, !llvm.access.group !3
  %kp = getelementptr inbounds i32, ptr %pick, i64 %i
  %k = load i32, ptr %kp, !llvm.access.group !3
  %k64 = zext i32 %k to i64
  %wk = getelementptr inbounds i32, ptr %w0, i64 %k64
  %x = load i32, ptr %wk, !llvm.access.group !3
  store i32 %x, ptr %w0, !llvm.access.group !3
  %next = add nuw i64 %i, 1
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %exit, !llvm.loop !4
exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = distinct !{}
!4 = distinct !{!4, !5, !6}
!5 = !{!"llvm.loop.parallel_accesses", !3}
!6 = !{!"llvm.loop.vectorize.enable", i1 false}
