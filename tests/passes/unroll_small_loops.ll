; PASSES: corecl-mark-small-loops-for-unroll
; Loops with a small constant trip count get llvm.loop.unroll.full, up to a
; size budget: the loop over a register tile (16 trips) is marked; a loop
; of 1000 trips, one whose trip count is not a constant, one whose
; source already asked for something, and a long latency-bound one
; (@chains, below) are left alone.
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


; Two chains of dependent multiply-adds over 64 trips (clpeak's float2):
; bound by latency (fewer than four operations per step of the chain,
; passes/dependent_chains.h) and 1,024 operations long, so the loop stays
; a loop, which the loop passes interleave across work-items. The same
; shape over 4 trips (a chain of 64) is short and unrolls.
; CHECK-LABEL: define void @chains(
; CHECK: br i1 %again, label %loop, label %exit{{$}}
define void @chains(ptr %p, float %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %x = phi float [ %a, %entry ], [ %x16, %loop ]
  %y = phi float [ %a, %entry ], [ %y16, %loop ]
  %x1 = call float @llvm.fmuladd.f32(float %x, float %x, float %x)
  %x2 = call float @llvm.fmuladd.f32(float %x1, float %x1, float %x1)
  %x3 = call float @llvm.fmuladd.f32(float %x2, float %x2, float %x2)
  %x4 = call float @llvm.fmuladd.f32(float %x3, float %x3, float %x3)
  %x5 = call float @llvm.fmuladd.f32(float %x4, float %x4, float %x4)
  %x6 = call float @llvm.fmuladd.f32(float %x5, float %x5, float %x5)
  %x7 = call float @llvm.fmuladd.f32(float %x6, float %x6, float %x6)
  %x8 = call float @llvm.fmuladd.f32(float %x7, float %x7, float %x7)
  %x9 = call float @llvm.fmuladd.f32(float %x8, float %x8, float %x8)
  %x10 = call float @llvm.fmuladd.f32(float %x9, float %x9, float %x9)
  %x11 = call float @llvm.fmuladd.f32(float %x10, float %x10, float %x10)
  %x12 = call float @llvm.fmuladd.f32(float %x11, float %x11, float %x11)
  %x13 = call float @llvm.fmuladd.f32(float %x12, float %x12, float %x12)
  %x14 = call float @llvm.fmuladd.f32(float %x13, float %x13, float %x13)
  %x15 = call float @llvm.fmuladd.f32(float %x14, float %x14, float %x14)
  %x16 = call float @llvm.fmuladd.f32(float %x15, float %x15, float %x15)
  %y1 = call float @llvm.fmuladd.f32(float %y, float %y, float %y)
  %y2 = call float @llvm.fmuladd.f32(float %y1, float %y1, float %y1)
  %y3 = call float @llvm.fmuladd.f32(float %y2, float %y2, float %y2)
  %y4 = call float @llvm.fmuladd.f32(float %y3, float %y3, float %y3)
  %y5 = call float @llvm.fmuladd.f32(float %y4, float %y4, float %y4)
  %y6 = call float @llvm.fmuladd.f32(float %y5, float %y5, float %y5)
  %y7 = call float @llvm.fmuladd.f32(float %y6, float %y6, float %y6)
  %y8 = call float @llvm.fmuladd.f32(float %y7, float %y7, float %y7)
  %y9 = call float @llvm.fmuladd.f32(float %y8, float %y8, float %y8)
  %y10 = call float @llvm.fmuladd.f32(float %y9, float %y9, float %y9)
  %y11 = call float @llvm.fmuladd.f32(float %y10, float %y10, float %y10)
  %y12 = call float @llvm.fmuladd.f32(float %y11, float %y11, float %y11)
  %y13 = call float @llvm.fmuladd.f32(float %y12, float %y12, float %y12)
  %y14 = call float @llvm.fmuladd.f32(float %y13, float %y13, float %y13)
  %y15 = call float @llvm.fmuladd.f32(float %y14, float %y14, float %y14)
  %y16 = call float @llvm.fmuladd.f32(float %y15, float %y15, float %y15)
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, 64
  br i1 %again, label %loop, label %exit
exit:
  %sum = fadd float %x16, %y16
  store float %sum, ptr %p
  ret void
}

; CHECK-LABEL: define void @short_chains(
; CHECK: br i1 %again, label %loop, label %exit, !llvm.loop [[SHORT:![0-9]+]]
define void @short_chains(ptr %p, float %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %x = phi float [ %a, %entry ], [ %x16, %loop ]
  %y = phi float [ %a, %entry ], [ %y16, %loop ]
  %x1 = call float @llvm.fmuladd.f32(float %x, float %x, float %x)
  %x2 = call float @llvm.fmuladd.f32(float %x1, float %x1, float %x1)
  %x3 = call float @llvm.fmuladd.f32(float %x2, float %x2, float %x2)
  %x4 = call float @llvm.fmuladd.f32(float %x3, float %x3, float %x3)
  %x5 = call float @llvm.fmuladd.f32(float %x4, float %x4, float %x4)
  %x6 = call float @llvm.fmuladd.f32(float %x5, float %x5, float %x5)
  %x7 = call float @llvm.fmuladd.f32(float %x6, float %x6, float %x6)
  %x8 = call float @llvm.fmuladd.f32(float %x7, float %x7, float %x7)
  %x9 = call float @llvm.fmuladd.f32(float %x8, float %x8, float %x8)
  %x10 = call float @llvm.fmuladd.f32(float %x9, float %x9, float %x9)
  %x11 = call float @llvm.fmuladd.f32(float %x10, float %x10, float %x10)
  %x12 = call float @llvm.fmuladd.f32(float %x11, float %x11, float %x11)
  %x13 = call float @llvm.fmuladd.f32(float %x12, float %x12, float %x12)
  %x14 = call float @llvm.fmuladd.f32(float %x13, float %x13, float %x13)
  %x15 = call float @llvm.fmuladd.f32(float %x14, float %x14, float %x14)
  %x16 = call float @llvm.fmuladd.f32(float %x15, float %x15, float %x15)
  %y1 = call float @llvm.fmuladd.f32(float %y, float %y, float %y)
  %y2 = call float @llvm.fmuladd.f32(float %y1, float %y1, float %y1)
  %y3 = call float @llvm.fmuladd.f32(float %y2, float %y2, float %y2)
  %y4 = call float @llvm.fmuladd.f32(float %y3, float %y3, float %y3)
  %y5 = call float @llvm.fmuladd.f32(float %y4, float %y4, float %y4)
  %y6 = call float @llvm.fmuladd.f32(float %y5, float %y5, float %y5)
  %y7 = call float @llvm.fmuladd.f32(float %y6, float %y6, float %y6)
  %y8 = call float @llvm.fmuladd.f32(float %y7, float %y7, float %y7)
  %y9 = call float @llvm.fmuladd.f32(float %y8, float %y8, float %y8)
  %y10 = call float @llvm.fmuladd.f32(float %y9, float %y9, float %y9)
  %y11 = call float @llvm.fmuladd.f32(float %y10, float %y10, float %y10)
  %y12 = call float @llvm.fmuladd.f32(float %y11, float %y11, float %y11)
  %y13 = call float @llvm.fmuladd.f32(float %y12, float %y12, float %y12)
  %y14 = call float @llvm.fmuladd.f32(float %y13, float %y13, float %y13)
  %y15 = call float @llvm.fmuladd.f32(float %y14, float %y14, float %y14)
  %y16 = call float @llvm.fmuladd.f32(float %y15, float %y15, float %y15)
  %next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %next, 4
  br i1 %again, label %loop, label %exit
exit:
  %sum = fadd float %x16, %y16
  store float %sum, ptr %p
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK: [[FULL]] = distinct !{[[FULL]], [[FULLATTR:![0-9]+]]}
; CHECK: [[FULLATTR]] = !{!"llvm.loop.unroll.full"}
; CHECK: [[ASKED]] = distinct !{[[ASKED]], [[DISABLE:![0-9]+]]}
; CHECK: [[DISABLE]] = !{!"llvm.loop.unroll.disable"}
; CHECK: [[SHORT]] = distinct !{[[SHORT]], [[FULLATTR]]}
