; PASSES: corecl-fold-step-only-loops
; A loop that only steps a value kept in memory towards an end (CLSmith
; seed 5007 of --group_divergence: 2.9 billion trips of p->g += 9 until
; p->g == 6) is folded to the value it leaves: the loop is gone and the end
; value stored. Loops that do other work (a store to an address that moves,
; a barrier, a volatile access), or whose trip count is not known, are left
; as they are.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define void @steps(
; CHECK-NOT: br i1
; CHECK: store i32 6, ptr %g
; CHECK-NEXT: ret void
define void @steps(ptr %p) {
entry:
  %g = getelementptr inbounds i8, ptr %p, i64 208
  store i32 -15, ptr %g, align 4
  br label %loop
loop:
  %v = load i32, ptr %g, align 4
  %next = add i32 %v, 9
  store i32 %next, ptr %g, align 4
  %done = icmp eq i32 %next, 6
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Two fields of one struct stepped side by side, the loop ending on the
; first after (2^64 - 1) / 3 trips: both folded.
; CHECK-LABEL: define void @two_values(
; CHECK-NOT: br i1
; CHECK: ret void
define void @two_values(ptr %p) {
entry:
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store i64 1, ptr %p, align 8
  store i16 0, ptr %q, align 2
  br label %loop
loop:
  %a = load i64, ptr %p, align 8
  %b = load i16, ptr %q, align 2
  %a.next = add i64 %a, 3
  %b.next = sub i16 %b, 1
  store i64 %a.next, ptr %p, align 8
  store i16 %b.next, ptr %q, align 2
  %done = icmp eq i64 %a.next, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The same in registers (a work-item's values, once SROA has split its
; struct): a packet's vector values hide the trip count from scalar
; evolution, so it is folded now.
; CHECK-LABEL: define i64 @in_registers(
; CHECK-NOT: br i1
; CHECK: ret i64
define i64 @in_registers(i16 %b0, i64 %d0) {
entry:
  br label %loop
loop:
  %a = phi i64 [ 1, %entry ], [ %a.next, %loop ]
  %b = phi i16 [ %b0, %entry ], [ %b.next, %loop ]
  %a.next = add i64 %a, 3
  %b.next = sub i16 %b, 1
  %done = icmp eq i64 %a.next, 0
  br i1 %done, label %exit, label %loop
exit:
  %b.wide = zext i16 %b.next to i64
  %r = add i64 %b.wide, %d0
  ret i64 %r
}

; A trip count scalar evolution cannot know (a geometric sequence): kept.
; CHECK-LABEL: define i32 @unknown_trips(
; CHECK: br i1 %done, label %exit, label %loop
define i32 @unknown_trips(i32 %x0) {
entry:
  br label %loop
loop:
  %x = phi i32 [ %x0, %entry ], [ %x.next, %loop ]
  %x.next = mul i32 %x, 3
  %done = icmp eq i32 %x.next, 5
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %x.next
}

; CHECK-LABEL: define void @moving_address(
; CHECK: br i1 %done, label %exit, label %loop
define void @moving_address(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %slot = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 7, ptr %slot, align 4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 100000
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @with_barrier(
; CHECK: br i1 %done, label %exit, label %loop
define void @with_barrier(ptr %g) {
entry:
  store i32 -15, ptr %g, align 4
  br label %loop
loop:
  %v = load i32, ptr %g, align 4
  %next = add i32 %v, 9
  store i32 %next, ptr %g, align 4
  call void @_Z7barrierj(i32 1) #0
  %done = icmp eq i32 %next, 6
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @volatile_value(
; CHECK: br i1 %done, label %exit, label %loop
define void @volatile_value(ptr %g) {
entry:
  store i32 -15, ptr %g, align 4
  br label %loop
loop:
  %v = load volatile i32, ptr %g, align 4
  %next = add i32 %v, 9
  store volatile i32 %next, ptr %g, align 4
  %done = icmp eq i32 %next, 6
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @_Z7barrierj(i32) #0
attributes #0 = { convergent nounwind }
