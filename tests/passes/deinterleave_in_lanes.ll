; PASSES: function(corecl-deinterleave-in-lanes)
; The loop vectoriser's four-way deinterleave of eight float4s (a wide
; load and four component shuffles) becomes four registers loaded with
; the float4s of work-items i and i+4 in their two 128-bit lanes, and a
; transpose within the lanes: unpacking 32-bit then 64-bit halves. A
; component nobody uses is not computed. Four double2s take one unpack per
; component. Loads used otherwise, or with other strides (float2), stay as
; they are.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @three_components(
; CHECK-NOT: load <32 x float>
; CHECK: %[[Q0:.*]] = load <4 x float>, ptr %p, align 16
; CHECK: %[[A4:.*]] = getelementptr inbounds i8, ptr %p, i64 64
; CHECK: %[[Q4:.*]] = load <4 x float>, ptr %[[A4]], align 16
; CHECK: %[[R0:.*]] = shufflevector <4 x float> %[[Q0]], <4 x float> %[[Q4]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK: %[[R1:.*]] = shufflevector <4 x float>
; CHECK: %[[R2:.*]] = shufflevector <4 x float>
; CHECK: %[[R3:.*]] = shufflevector <4 x float>
; CHECK: %[[XY01:.*]] = shufflevector <8 x float> %[[R0]], <8 x float> %[[R1]], <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
; CHECK: %[[XY23:.*]] = shufflevector <8 x float> %[[R2]], <8 x float> %[[R3]], <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
; CHECK: %[[ZW01:.*]] = shufflevector <8 x float> %[[R0]], <8 x float> %[[R1]], <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
; CHECK: %[[ZW23:.*]] = shufflevector <8 x float> %[[R2]], <8 x float> %[[R3]], <8 x i32> <i32 2, i32 10, i32 3, i32 11, i32 6, i32 14, i32 7, i32 15>
; CHECK: %wide.x = shufflevector <8 x float> %[[XY01]], <8 x float> %[[XY23]], <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
; CHECK-NOT: %wide.y =
; CHECK: %wide.z = shufflevector <8 x float> %[[ZW01]], <8 x float> %[[ZW23]], <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
; CHECK: %wide.w = shufflevector <8 x float> %[[ZW01]], <8 x float> %[[ZW23]], <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
; CHECK: fadd <8 x float> %wide.x, %wide.z
; CHECK: fadd <8 x float> %{{.*}}, %wide.w
define void @three_components(ptr %p, ptr %out) {
  %wide = load <32 x float>, ptr %p, align 16
  %x = shufflevector <32 x float> %wide, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>
  %z = shufflevector <32 x float> %wide, <32 x float> poison, <8 x i32> <i32 2, i32 6, i32 10, i32 14, i32 18, i32 22, i32 26, i32 30>
  %w = shufflevector <32 x float> %wide, <32 x float> poison, <8 x i32> <i32 3, i32 7, i32 11, i32 15, i32 19, i32 23, i32 27, i32 31>
  %s = fadd <8 x float> %x, %z
  %t = fadd <8 x float> %s, %w
  store <8 x float> %t, ptr %out, align 32
  ret void
}

; Four double2s: registers of work-items 0 and 2, 1 and 3, one unpack
; per component.
; CHECK-LABEL: define void @double2(
; CHECK: %[[D0:.*]] = load <2 x double>, ptr %p, align 16
; CHECK: %[[D2A:.*]] = getelementptr inbounds i8, ptr %p, i64 32
; CHECK: %[[D2:.*]] = load <2 x double>, ptr %[[D2A]], align 16
; CHECK: %[[E0:.*]] = shufflevector <2 x double> %[[D0]], <2 x double> %[[D2]], <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK: %[[D1A:.*]] = getelementptr inbounds i8, ptr %p, i64 16
; CHECK: %[[D3A:.*]] = getelementptr inbounds i8, ptr %p, i64 48
; CHECK: %[[E1:.*]] = shufflevector <2 x double>
; CHECK: %wide.x = shufflevector <4 x double> %[[E0]], <4 x double> %[[E1]], <4 x i32> <i32 0, i32 4, i32 2, i32 6>
; CHECK: %wide.y = shufflevector <4 x double> %[[E0]], <4 x double> %[[E1]], <4 x i32> <i32 1, i32 5, i32 3, i32 7>
define void @double2(ptr %p, ptr %out) {
  %wide = load <8 x double>, ptr %p, align 16
  %x = shufflevector <8 x double> %wide, <8 x double> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %y = shufflevector <8 x double> %wide, <8 x double> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %s = fmul <4 x double> %x, %y
  store <4 x double> %s, ptr %out, align 32
  ret void
}

; CHECK-LABEL: define void @kept(
; CHECK: %wide = load <32 x float>, ptr %p
; CHECK: %pairs = load <16 x float>, ptr %p
define void @kept(ptr %p, ptr %out) {
  %wide = load <32 x float>, ptr %p, align 16
  %x = shufflevector <32 x float> %wide, <32 x float> poison, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>
  store <8 x float> %x, ptr %out, align 32
  %q = getelementptr i8, ptr %out, i64 32
  store <32 x float> %wide, ptr %q, align 32
  %pairs = load <16 x float>, ptr %p, align 16
  %e = shufflevector <16 x float> %pairs, <16 x float> poison, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %r = getelementptr i8, ptr %out, i64 256
  store <8 x float> %e, ptr %r, align 32
  ret void
}
