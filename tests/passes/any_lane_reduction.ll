; PASSES: corecl-any-lane-reduction
; An or of every lane of a mask, written lane by lane (how the loop
; vectoriser guards a uniform store under a varying condition), becomes
; one llvm.vector.reduce.or; an or missing a lane, or taking one twice,
; stays as it is.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i1 @all_lanes(
; CHECK-NEXT: %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %m)
; CHECK-NEXT: ret i1 %any
define i1 @all_lanes(<4 x i1> %m) {
  %l0 = extractelement <4 x i1> %m, i64 0
  %l1 = extractelement <4 x i1> %m, i64 1
  %l2 = extractelement <4 x i1> %m, i64 2
  %l3 = extractelement <4 x i1> %m, i64 3
  %o1 = or i1 %l0, %l1
  %o2 = or i1 %o1, %l2
  %any = or i1 %o2, %l3
  ret i1 %any
}

; CHECK-LABEL: define i1 @missing_lane(
; CHECK-NOT: reduce.or
; CHECK: ret i1
define i1 @missing_lane(<4 x i1> %m) {
  %l0 = extractelement <4 x i1> %m, i64 0
  %l1 = extractelement <4 x i1> %m, i64 1
  %l2 = extractelement <4 x i1> %m, i64 2
  %o1 = or i1 %l0, %l1
  %any = or i1 %o1, %l2
  ret i1 %any
}

; CHECK-LABEL: define i1 @lane_twice(
; CHECK-NOT: reduce.or
; CHECK: ret i1
define i1 @lane_twice(<4 x i1> %m) {
  %l0 = extractelement <4 x i1> %m, i64 0
  %l1 = extractelement <4 x i1> %m, i64 1
  %l0b = extractelement <4 x i1> %m, i64 0
  %l3 = extractelement <4 x i1> %m, i64 3
  %o1 = or i1 %l0, %l1
  %o2 = or i1 %o1, %l0b
  %any = or i1 %o2, %l3
  ret i1 %any
}
