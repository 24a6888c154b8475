; PASSES: corecl-avoid-masked-ternlog
; OPTIONS:
; LLVM 19's x86 back end folds a select of 32- or 64-bit lanes over
; bitwise logic into one masked VPTERNLOG with the wrong truth table
; (llvm/llvm-project#157929; fuzz seed 33754), so on AVX-512 such a select
; becomes b ^ ((a ^ b) & sext(m)) of its frozen arms
; (avoid_masked_ternlog.cpp). Selects of other lanes, over other
; operations, or compiled without AVX-512 stay selects.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <16 x i32> @bitselect_arm(<16 x i32> %g, <16 x i32> %p, <16 x i1> %m) #0 {
  %a = and <16 x i32> %g, splat (i32 -14)
  %b = and <16 x i32> %p, splat (i32 13)
  %o = or disjoint <16 x i32> %a, %b
  %s = select <16 x i1> %m, <16 x i32> %g, <16 x i32> %o
  ret <16 x i32> %s
}

define <16 x i32> @sum_arm(<16 x i32> %g, <16 x i32> %p, <16 x i1> %m) #0 {
  %o = add <16 x i32> %g, %p
  %s = select <16 x i1> %m, <16 x i32> %g, <16 x i32> %o
  ret <16 x i32> %s
}

define <8 x i32> @without_avx512(<8 x i32> %g, <8 x i32> %p, <8 x i1> %m) #1 {
  %o = xor <8 x i32> %g, %p
  %s = select <8 x i1> %m, <8 x i32> %g, <8 x i32> %o
  ret <8 x i32> %s
}

attributes #0 = { "target-features"="+avx2,+avx512f,+avx512vl" }
attributes #1 = { "target-features"="+avx2" }

; CHECK-LABEL: define <16 x i32> @bitselect_arm(
; CHECK: [[T:%.*]] = freeze <16 x i32> %g
; CHECK: [[F:%.*]] = freeze <16 x i32> %o
; CHECK: [[M:%.*]] = sext <16 x i1> %m to <16 x i32>
; CHECK: [[X:%.*]] = xor <16 x i32> [[T]], [[F]]
; CHECK: [[A:%.*]] = and <16 x i32> [[X]], [[M]]
; CHECK: %s = xor <16 x i32> [[A]], [[F]]
; CHECK-NOT: select
; CHECK: ret <16 x i32> %s
; CHECK-LABEL: define <16 x i32> @sum_arm(
; CHECK: %s = select <16 x i1> %m
; CHECK-LABEL: define <8 x i32> @without_avx512(
; CHECK: %s = select <8 x i1> %m
