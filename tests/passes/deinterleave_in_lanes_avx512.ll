; PASSES: function(corecl-deinterleave-in-lanes)
; OPTIONS: -target-cpu=znver4
; With 512-bit registers the pass leaves the loop vectoriser's
; deinterleaving loads alone: AVX-512 permutes across a whole register
; from two sources (vpermt2pd), so eight work-items' double2 are two loads
; and two permutes, where 128-bit lanes took eight 16-byte loads, six
; inserts and two unpacks (CLBlast's DGEMM on Zen 4, 45 against 83
; GFLOP/s). The register width is the target's with the function's
; "prefer-vector-width", as CoreCL sets it: at 256 bits the pass rewrites
; the same load as on AVX2.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @wide_registers(
; CHECK: %wide = load <16 x double>, ptr %p, align 16
; CHECK: %x = shufflevector <16 x double> %wide, <16 x double> poison
; CHECK: %y = shufflevector <16 x double> %wide, <16 x double> poison
define void @wide_registers(ptr %p, ptr %out) #0 {
  %wide = load <16 x double>, ptr %p, align 16
  %x = shufflevector <16 x double> %wide, <16 x double> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %y = shufflevector <16 x double> %wide, <16 x double> poison, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  %s = fmul <8 x double> %x, %y
  store <8 x double> %s, ptr %out, align 64
  ret void
}

; CHECK-LABEL: define void @half_registers(
; CHECK-NOT: load <8 x double>
; CHECK: load <2 x double>, ptr %p, align 16
; CHECK: %wide.x = shufflevector <4 x double>
; CHECK: %wide.y = shufflevector <4 x double>
define void @half_registers(ptr %p, ptr %out) #1 {
  %wide = load <8 x double>, ptr %p, align 16
  %x = shufflevector <8 x double> %wide, <8 x double> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %y = shufflevector <8 x double> %wide, <8 x double> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %s = fmul <4 x double> %x, %y
  store <4 x double> %s, ptr %out, align 32
  ret void
}

attributes #0 = { "target-cpu"="znver4" "prefer-vector-width"="512" }
attributes #1 = { "target-cpu"="znver4" "prefer-vector-width"="256" }
