; PASSES: corecl-safe-division
; Integer division by a value that may be 0 (or -1 under INT_MIN) gets a
; divisor of 1 in those cases, so the divide instruction never traps.
; Constant divisors other than 0 and -1 are left alone.
target triple = "spir64-unknown-unknown"

define i32 @sdiv(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define <4 x i32> @urem(<4 x i32> %a, <4 x i32> %b) {
  %r = urem <4 x i32> %a, %b
  ret <4 x i32> %r
}

define i32 @by_seven(i32 %a) {
  %q = sdiv i32 %a, 7
  ret i32 %q
}

; CHECK-LABEL: define i32 @sdiv(
; CHECK: [[ZERO:%[0-9]+]] = icmp eq i32 %b, 0
; CHECK: [[MIN:%[0-9]+]] = icmp eq i32 %a, -2147483648
; CHECK: [[NEG:%[0-9]+]] = icmp eq i32 %b, -1
; CHECK: [[OVF:%[0-9]+]] = and i1 [[MIN]], [[NEG]]
; CHECK: [[TRAP:%[0-9]+]] = or i1 [[ZERO]], [[OVF]]
; CHECK: %safe.divisor = select i1 [[TRAP]], i32 1, i32 %b
; CHECK: sdiv i32 %a, %safe.divisor
; CHECK-LABEL: define <4 x i32> @urem(
; CHECK: [[Z:%[0-9]+]] = icmp eq <4 x i32> %b, zeroinitializer
; CHECK: %safe.divisor = select <4 x i1> [[Z]], <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> %b
; CHECK: urem <4 x i32> %a, %safe.divisor
; CHECK-LABEL: define i32 @by_seven(
; CHECK-NEXT: %q = sdiv i32 %a, 7
