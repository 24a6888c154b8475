; PASSES: corecl-chain-groups
; OPTIONS: -simd-bytes=32
; Straight-line code with more independent dependence chains than the
; vector registers hold (16 of 256 bits here; each chain keeps two values
; live) runs them in turns, as many side by side as the registers allow:
; ten chains of <8 x float> FMAs written step by step across all of them
; become chains 0-7 side by side, then chains 8 and 9; the sum over the
; chains takes each result as it is ready. Six chains fit as they are and
; keep their order.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @ten_chains(
; CHECK: %c0_0 =
; CHECK-NEXT: %c1_0 =
; CHECK: %c7_0 =
; CHECK-NEXT: %c0_1 =
; CHECK-NOT: %c8_0 =
; CHECK: %c7_7 =
; CHECK: %c8_0 =
; CHECK-NEXT: %c9_0 =
; CHECK: %c8_1 =
; CHECK: %c9_7 =
; CHECK: %sum9 =
; CHECK-NEXT: store <8 x float> %sum9

; CHECK-LABEL: define void @six_chains(
; CHECK: %c0_0 =
; CHECK-NEXT: %c1_0 =
; CHECK: %c5_0 =
; CHECK-NEXT: %c0_1 =
; CHECK: %c5_7 =
; CHECK-NEXT: %sum1 =

define void @ten_chains(<8 x float> %in, ptr %out) {
entry:
  %c0_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0>, <8 x float> %in)
  %c1_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, <8 x float> %in)
  %c2_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0>, <8 x float> %in)
  %c3_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0>, <8 x float> %in)
  %c4_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0>, <8 x float> %in)
  %c5_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0>, <8 x float> %in)
  %c6_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 6.0, float 6.0, float 6.0, float 6.0, float 6.0, float 6.0, float 6.0, float 6.0>, <8 x float> %in)
  %c7_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 7.0, float 7.0, float 7.0, float 7.0, float 7.0, float 7.0, float 7.0, float 7.0>, <8 x float> %in)
  %c8_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 8.0, float 8.0, float 8.0, float 8.0, float 8.0, float 8.0, float 8.0, float 8.0>, <8 x float> %in)
  %c9_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 9.0, float 9.0, float 9.0, float 9.0, float 9.0, float 9.0, float 9.0, float 9.0>, <8 x float> %in)
  %c0_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_0, <8 x float> %in, <8 x float> %c0_0)
  %c1_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_0, <8 x float> %in, <8 x float> %c1_0)
  %c2_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_0, <8 x float> %in, <8 x float> %c2_0)
  %c3_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_0, <8 x float> %in, <8 x float> %c3_0)
  %c4_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_0, <8 x float> %in, <8 x float> %c4_0)
  %c5_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_0, <8 x float> %in, <8 x float> %c5_0)
  %c6_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_0, <8 x float> %in, <8 x float> %c6_0)
  %c7_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_0, <8 x float> %in, <8 x float> %c7_0)
  %c8_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_0, <8 x float> %in, <8 x float> %c8_0)
  %c9_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_0, <8 x float> %in, <8 x float> %c9_0)
  %c0_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_1, <8 x float> %c0_0, <8 x float> %c0_1)
  %c1_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_1, <8 x float> %c1_0, <8 x float> %c1_1)
  %c2_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_1, <8 x float> %c2_0, <8 x float> %c2_1)
  %c3_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_1, <8 x float> %c3_0, <8 x float> %c3_1)
  %c4_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_1, <8 x float> %c4_0, <8 x float> %c4_1)
  %c5_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_1, <8 x float> %c5_0, <8 x float> %c5_1)
  %c6_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_1, <8 x float> %c6_0, <8 x float> %c6_1)
  %c7_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_1, <8 x float> %c7_0, <8 x float> %c7_1)
  %c8_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_1, <8 x float> %c8_0, <8 x float> %c8_1)
  %c9_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_1, <8 x float> %c9_0, <8 x float> %c9_1)
  %c0_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_2, <8 x float> %c0_1, <8 x float> %c0_2)
  %c1_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_2, <8 x float> %c1_1, <8 x float> %c1_2)
  %c2_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_2, <8 x float> %c2_1, <8 x float> %c2_2)
  %c3_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_2, <8 x float> %c3_1, <8 x float> %c3_2)
  %c4_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_2, <8 x float> %c4_1, <8 x float> %c4_2)
  %c5_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_2, <8 x float> %c5_1, <8 x float> %c5_2)
  %c6_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_2, <8 x float> %c6_1, <8 x float> %c6_2)
  %c7_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_2, <8 x float> %c7_1, <8 x float> %c7_2)
  %c8_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_2, <8 x float> %c8_1, <8 x float> %c8_2)
  %c9_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_2, <8 x float> %c9_1, <8 x float> %c9_2)
  %c0_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_3, <8 x float> %c0_2, <8 x float> %c0_3)
  %c1_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_3, <8 x float> %c1_2, <8 x float> %c1_3)
  %c2_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_3, <8 x float> %c2_2, <8 x float> %c2_3)
  %c3_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_3, <8 x float> %c3_2, <8 x float> %c3_3)
  %c4_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_3, <8 x float> %c4_2, <8 x float> %c4_3)
  %c5_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_3, <8 x float> %c5_2, <8 x float> %c5_3)
  %c6_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_3, <8 x float> %c6_2, <8 x float> %c6_3)
  %c7_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_3, <8 x float> %c7_2, <8 x float> %c7_3)
  %c8_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_3, <8 x float> %c8_2, <8 x float> %c8_3)
  %c9_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_3, <8 x float> %c9_2, <8 x float> %c9_3)
  %c0_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_4, <8 x float> %c0_3, <8 x float> %c0_4)
  %c1_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_4, <8 x float> %c1_3, <8 x float> %c1_4)
  %c2_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_4, <8 x float> %c2_3, <8 x float> %c2_4)
  %c3_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_4, <8 x float> %c3_3, <8 x float> %c3_4)
  %c4_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_4, <8 x float> %c4_3, <8 x float> %c4_4)
  %c5_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_4, <8 x float> %c5_3, <8 x float> %c5_4)
  %c6_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_4, <8 x float> %c6_3, <8 x float> %c6_4)
  %c7_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_4, <8 x float> %c7_3, <8 x float> %c7_4)
  %c8_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_4, <8 x float> %c8_3, <8 x float> %c8_4)
  %c9_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_4, <8 x float> %c9_3, <8 x float> %c9_4)
  %c0_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_5, <8 x float> %c0_4, <8 x float> %c0_5)
  %c1_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_5, <8 x float> %c1_4, <8 x float> %c1_5)
  %c2_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_5, <8 x float> %c2_4, <8 x float> %c2_5)
  %c3_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_5, <8 x float> %c3_4, <8 x float> %c3_5)
  %c4_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_5, <8 x float> %c4_4, <8 x float> %c4_5)
  %c5_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_5, <8 x float> %c5_4, <8 x float> %c5_5)
  %c6_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_5, <8 x float> %c6_4, <8 x float> %c6_5)
  %c7_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_5, <8 x float> %c7_4, <8 x float> %c7_5)
  %c8_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_5, <8 x float> %c8_4, <8 x float> %c8_5)
  %c9_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_5, <8 x float> %c9_4, <8 x float> %c9_5)
  %c0_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_6, <8 x float> %c0_5, <8 x float> %c0_6)
  %c1_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_6, <8 x float> %c1_5, <8 x float> %c1_6)
  %c2_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_6, <8 x float> %c2_5, <8 x float> %c2_6)
  %c3_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_6, <8 x float> %c3_5, <8 x float> %c3_6)
  %c4_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_6, <8 x float> %c4_5, <8 x float> %c4_6)
  %c5_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_6, <8 x float> %c5_5, <8 x float> %c5_6)
  %c6_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c6_6, <8 x float> %c6_5, <8 x float> %c6_6)
  %c7_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c7_6, <8 x float> %c7_5, <8 x float> %c7_6)
  %c8_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c8_6, <8 x float> %c8_5, <8 x float> %c8_6)
  %c9_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c9_6, <8 x float> %c9_5, <8 x float> %c9_6)
  %sum1 = fadd <8 x float> %c0_7, %c1_7
  %sum2 = fadd <8 x float> %sum1, %c2_7
  %sum3 = fadd <8 x float> %sum2, %c3_7
  %sum4 = fadd <8 x float> %sum3, %c4_7
  %sum5 = fadd <8 x float> %sum4, %c5_7
  %sum6 = fadd <8 x float> %sum5, %c6_7
  %sum7 = fadd <8 x float> %sum6, %c7_7
  %sum8 = fadd <8 x float> %sum7, %c8_7
  %sum9 = fadd <8 x float> %sum8, %c9_7
  store <8 x float> %sum9, ptr %out
  ret void
}

define void @six_chains(<8 x float> %in, ptr %out) {
entry:
  %c0_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0>, <8 x float> %in)
  %c1_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, <8 x float> %in)
  %c2_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0, float 2.0>, <8 x float> %in)
  %c3_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0, float 3.0>, <8 x float> %in)
  %c4_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0, float 4.0>, <8 x float> %in)
  %c5_0 = call <8 x float> @llvm.fma.v8f32(<8 x float> %in, <8 x float> <float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0, float 5.0>, <8 x float> %in)
  %c0_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_0, <8 x float> %in, <8 x float> %c0_0)
  %c1_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_0, <8 x float> %in, <8 x float> %c1_0)
  %c2_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_0, <8 x float> %in, <8 x float> %c2_0)
  %c3_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_0, <8 x float> %in, <8 x float> %c3_0)
  %c4_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_0, <8 x float> %in, <8 x float> %c4_0)
  %c5_1 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_0, <8 x float> %in, <8 x float> %c5_0)
  %c0_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_1, <8 x float> %c0_0, <8 x float> %c0_1)
  %c1_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_1, <8 x float> %c1_0, <8 x float> %c1_1)
  %c2_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_1, <8 x float> %c2_0, <8 x float> %c2_1)
  %c3_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_1, <8 x float> %c3_0, <8 x float> %c3_1)
  %c4_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_1, <8 x float> %c4_0, <8 x float> %c4_1)
  %c5_2 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_1, <8 x float> %c5_0, <8 x float> %c5_1)
  %c0_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_2, <8 x float> %c0_1, <8 x float> %c0_2)
  %c1_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_2, <8 x float> %c1_1, <8 x float> %c1_2)
  %c2_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_2, <8 x float> %c2_1, <8 x float> %c2_2)
  %c3_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_2, <8 x float> %c3_1, <8 x float> %c3_2)
  %c4_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_2, <8 x float> %c4_1, <8 x float> %c4_2)
  %c5_3 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_2, <8 x float> %c5_1, <8 x float> %c5_2)
  %c0_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_3, <8 x float> %c0_2, <8 x float> %c0_3)
  %c1_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_3, <8 x float> %c1_2, <8 x float> %c1_3)
  %c2_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_3, <8 x float> %c2_2, <8 x float> %c2_3)
  %c3_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_3, <8 x float> %c3_2, <8 x float> %c3_3)
  %c4_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_3, <8 x float> %c4_2, <8 x float> %c4_3)
  %c5_4 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_3, <8 x float> %c5_2, <8 x float> %c5_3)
  %c0_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_4, <8 x float> %c0_3, <8 x float> %c0_4)
  %c1_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_4, <8 x float> %c1_3, <8 x float> %c1_4)
  %c2_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_4, <8 x float> %c2_3, <8 x float> %c2_4)
  %c3_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_4, <8 x float> %c3_3, <8 x float> %c3_4)
  %c4_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_4, <8 x float> %c4_3, <8 x float> %c4_4)
  %c5_5 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_4, <8 x float> %c5_3, <8 x float> %c5_4)
  %c0_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_5, <8 x float> %c0_4, <8 x float> %c0_5)
  %c1_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_5, <8 x float> %c1_4, <8 x float> %c1_5)
  %c2_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_5, <8 x float> %c2_4, <8 x float> %c2_5)
  %c3_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_5, <8 x float> %c3_4, <8 x float> %c3_5)
  %c4_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_5, <8 x float> %c4_4, <8 x float> %c4_5)
  %c5_6 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_5, <8 x float> %c5_4, <8 x float> %c5_5)
  %c0_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c0_6, <8 x float> %c0_5, <8 x float> %c0_6)
  %c1_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c1_6, <8 x float> %c1_5, <8 x float> %c1_6)
  %c2_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c2_6, <8 x float> %c2_5, <8 x float> %c2_6)
  %c3_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c3_6, <8 x float> %c3_5, <8 x float> %c3_6)
  %c4_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c4_6, <8 x float> %c4_5, <8 x float> %c4_6)
  %c5_7 = call <8 x float> @llvm.fma.v8f32(<8 x float> %c5_6, <8 x float> %c5_5, <8 x float> %c5_6)
  %sum1 = fadd <8 x float> %c0_7, %c1_7
  %sum2 = fadd <8 x float> %sum1, %c2_7
  %sum3 = fadd <8 x float> %sum2, %c3_7
  %sum4 = fadd <8 x float> %sum3, %c4_7
  %sum5 = fadd <8 x float> %sum4, %c5_7
  store <8 x float> %sum5, ptr %out
  ret void
}

declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)
