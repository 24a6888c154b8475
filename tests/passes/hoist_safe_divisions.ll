; PASSES: corecl-hoist-safe-divisions
; A division in a loop whose operands do not change there and whose
; divisor cannot be zero (safe_division.cpp's select(d == 0, 1, d)) moves
; to the preheader with the operands it needs, so that the loop vectoriser
; never computes it under a mask. A division by a value that may be zero
; stays where it is.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @loop(
; CHECK: entry:
; CHECK-NEXT: %or = or i32 %g, 1
; CHECK-NEXT: %zero = icmp eq i32 %or, 0
; CHECK-NEXT: %safe = select i1 %zero, i32 1, i32 %or
; CHECK-NEXT: %q = udiv i32 2147483647, %safe
; CHECK-NEXT: %m = urem i32 %n, %safe
; CHECK-NEXT: br label %header
; CHECK: then:
; CHECK-NEXT: %r = udiv i32 100, %d
define void @loop(ptr %out, i32 %g, i32 %n, i32 %d) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %odd = and i32 %i, 1
  %take = icmp ne i32 %odd, 0
  br i1 %take, label %then, label %latch

then:
  %or = or i32 %g, 1
  %zero = icmp eq i32 %or, 0
  %safe = select i1 %zero, i32 1, i32 %or
  %q = udiv i32 2147483647, %safe
  %m = urem i32 %n, %safe
  %r = udiv i32 100, %d
  %s = add i32 %q, %r
  %t = add i32 %s, %m
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %t, ptr %p, align 4
  br label %latch

latch:
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %header

exit:
  ret void
}
