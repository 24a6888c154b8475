; PASSES: function(corecl-distribute-bit-masks)
; A mask or a right shift of a flattened local id (`x | y << 3` with x
; below 8, as the work-item loops assume with reqd_work_group_size) is
; distributed over the or's parts where a part then needs no mask or
; drops out, so the column index is x plus a part that does not depend on
; x. Without a bound on x, only the part that drops out goes: the mask
; stays on x, and the shift on the whole id.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.assume(i1)

; CHECK-LABEL: define void @bounded(
; CHECK: %tid = or disjoint i64 %x, %ys
; CHECK-NEXT: %t = trunc i64 %tid to i32
; The column within 8: x itself.
; CHECK-NEXT: %[[X8:.*]] = trunc i64 %x to i32
; CHECK-NEXT: store i32 %[[X8]], ptr %out
; The column within 16: x or the low bit of y moved up.
; CHECK-NEXT: %[[X16:.*]] = trunc i64 %x to i32
; CHECK-NEXT: %[[Y16T:.*]] = trunc i64 %ys to i32
; CHECK-NEXT: %[[Y16:.*]] = and i32 %[[Y16T]], 15
; CHECK-NEXT: %col16 = or disjoint i32 %[[X16]], %[[Y16]]
; CHECK: store i32 %col16
; The row: y alone.
; CHECK: %row = lshr i64 %ys, 3
; CHECK: store i64 %row
define void @bounded(ptr %out, i64 %x, i64 %y) {
entry:
  %small = icmp ult i64 %x, 8
  call void @llvm.assume(i1 %small)
  %ys = shl nuw nsw i64 %y, 3
  %tid = or disjoint i64 %x, %ys
  %t = trunc i64 %tid to i32
  %col8 = and i32 %t, 7
  store i32 %col8, ptr %out, align 4
  %col16 = and i32 %t, 15
  %p1 = getelementptr i32, ptr %out, i64 1
  store i32 %col16, ptr %p1, align 4
  %row = lshr i64 %tid, 3
  %p2 = getelementptr i64, ptr %out, i64 1
  store i64 %row, ptr %p2, align 8
  ret void
}

; CHECK-LABEL: define void @unbounded(
; CHECK: %col = and i64 %x, 7
; CHECK: %row = lshr i64 %tid, 3
define void @unbounded(ptr %out, i64 %x, i64 %y) {
entry:
  %ys = shl nuw nsw i64 %y, 3
  %tid = or disjoint i64 %x, %ys
  %col = and i64 %tid, 7
  store i64 %col, ptr %out, align 8
  %row = lshr i64 %tid, 3
  %p = getelementptr i64, ptr %out, i64 1
  store i64 %row, ptr %p, align 8
  ret void
}
