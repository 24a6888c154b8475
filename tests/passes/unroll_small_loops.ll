; PASSES: corecl-mark-small-loops-for-unroll
; Loops with a small constant trip count get llvm.loop.unroll.full, up to a
; size budget: the loop over a register tile (16 trips) is marked; a loop
; of 1000 trips, one whose trip count is not a constant, and one whose
; source already asked for something are left alone.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define void @tile(
; CHECK: br i1 %again, label %loop, label %exit, !llvm.loop [[FULL:![0-9]+]]
define void @tile(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %slot = getelementptr inbounds float, ptr %p, i32 %i
  %v = load float, ptr %slot
  %w = fmul float %v, 2.0
  store float %w, ptr %slot
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, 16
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @long(
; CHECK: br i1 %again, label %loop, label %exit{{$}}
define void @long(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %slot = getelementptr inbounds float, ptr %p, i32 %i
  store float 1.0, ptr %slot
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, 1000
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @unknown(
; CHECK: br i1 %again, label %loop, label %exit{{$}}
define void @unknown(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %slot = getelementptr inbounds float, ptr %p, i32 %i
  store float 1.0, ptr %slot
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @asked(
; CHECK: br i1 %again, label %loop, label %exit, !llvm.loop [[ASKED:![0-9]+]]
define void @asked(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %slot = getelementptr inbounds float, ptr %p, i32 %i
  store float 1.0, ptr %slot
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, 8
  br i1 %again, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK: [[FULL]] = distinct !{[[FULL]], [[FULLATTR:![0-9]+]]}
; CHECK: [[FULLATTR]] = !{!"llvm.loop.unroll.full"}
; CHECK: [[ASKED]] = distinct !{[[ASKED]], [[DISABLE:![0-9]+]]}
; CHECK: [[DISABLE]] = !{!"llvm.loop.unroll.disable"}
