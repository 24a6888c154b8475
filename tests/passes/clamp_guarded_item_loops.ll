; PASSES: corecl-clamp-guarded-item-loops
; A work-item loop (llvm.loop.parallel_accesses) whose body is guarded by
; `lid < s`, s invariant, ends at max(1, min(count, s)): a tree
; reduction's step runs s work-items, not the whole group. The header may
; store invariant values to invariant addresses before the guard (done
; once or many times alike). A signed guard clamps a negative bound to
; zero. In a work-group function a header store to per-work-item storage
; is not overwritten by the body's stores to local memory (both pointers
; come from the context; alias analysis cannot tell them apart). Loops
; whose header does other work, whose body may overwrite the header's
; store, whose latch does more than count, whose values are used after
; them, or that are not work-item loops keep their count.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @tree_step(
; CHECK: entry:
; CHECK: %[[MIN:.*]] = call i64 @llvm.umin.i64(i64 %n, i64 %s)
; CHECK: %guarded.count = call i64 @llvm.umax.i64(i64 %[[MIN]], i64 1)
; CHECK: loop:
; CHECK: store i64 %s, ptr %uniform
; CHECK: latch:
; CHECK: icmp ult i64 %next, %guarded.count
define void @tree_step(ptr noalias %x, ptr noalias %uniform, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  store i64 %s, ptr %uniform, align 8
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds float, ptr %x, i64 %lid
  %q = getelementptr inbounds float, ptr %p, i64 %s
  %a = load float, ptr %p, align 4, !llvm.access.group !0
  %b = load float, ptr %q, align 4, !llvm.access.group !0
  %sum = fadd float %a, %b
  store float %sum, ptr %p, align 4, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @signed_guard(
; CHECK: %[[NONNEG:.*]] = call i64 @llvm.smax.i64(i64 %s, i64 0)
; CHECK: call i64 @llvm.umin.i64(i64 %n, i64 %[[NONNEG]])
; CHECK: icmp eq i64 %next, %guarded.count
define void @signed_guard(ptr %x, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %active = icmp sgt i64 %s, %lid
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds float, ptr %x, i64 %lid
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @int_lid(
; CHECK: %[[WIDE:.*]] = sext i32 %s to i64
; CHECK: %[[NONNEG:.*]] = call i64 @llvm.smax.i64(i64 %[[WIDE]], i64 0)
; CHECK: call i64 @llvm.umin.i64(i64 %n, i64 %[[NONNEG]])
; CHECK: icmp ult i64 %next, %guarded.count
define void @int_lid(ptr %x, i64 %n, i32 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %lid32 = trunc i64 %lid to i32
  %active = icmp sgt i32 %s, %lid32
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds float, ptr %x, i64 %lid
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @first_only(
; CHECK: %guarded.count = call i64 @llvm.umax.i64(i64 %[[ONE:.*]], i64 1)
; CHECK: icmp ult i64 %next, %guarded.count
define void @first_only(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %low = and i64 %lid, 4294967295
  %active = icmp eq i64 %low, 0
  br i1 %active, label %body, label %latch
body:
  store float 1.0, ptr %x, align 4, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @varying_header_store(
; CHECK-NOT: guarded.count
; CHECK: ret void
define void @varying_header_store(ptr %x, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %p = getelementptr inbounds i64, ptr %x, i64 %lid
  store i64 %lid, ptr %p, align 8, !llvm.access.group !0
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  store i64 0, ptr %p, align 8, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define i64 @seen_after(
; CHECK-NOT: guarded.count
; CHECK: ret i64
define i64 @seen_after(ptr %x, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds i64, ptr %x, i64 %lid
  store i64 0, ptr %p, align 8, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  %last = phi i64 [ %next, %latch ]
  ret i64 %last
}

; CHECK-LABEL: define void @not_a_work_item_loop(
; CHECK-NOT: guarded.count
; CHECK: ret void
define void @not_a_work_item_loop(ptr %x, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds i64, ptr %x, i64 %lid
  store i64 0, ptr %p, align 8
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @body_overwrites(
; CHECK-NOT: guarded.count
; CHECK: ret void
define void @body_overwrites(ptr %uniform, i64 %n, i64 %s) {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  store i64 %s, ptr %uniform, align 8
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  store i64 0, ptr %uniform, align 8
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @k.wg(
; CHECK: %guarded.count =
; CHECK: icmp ult i64 %next, %guarded.count
define void @k.wg(ptr %args, ptr %ctx) #0 {
entry:
  %arena.field = getelementptr inbounds i8, ptr %ctx, i64 120
  %arena = load ptr, ptr %arena.field, align 8
  %storage.field = getelementptr inbounds i8, ptr %ctx, i64 128
  %storage = load ptr, ptr %storage.field, align 8
  %n = load i64, ptr %args, align 8
  %uniform = getelementptr inbounds i8, ptr %storage, i64 8
  %s = load i64, ptr %storage, align 8
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  store i64 %s, ptr %uniform, align 8
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr inbounds float, ptr %arena, i64 %lid
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch
latch:
  %next = add nuw i64 %lid, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !1
exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}

attributes #0 = { "corecl.wi-storage"="16" }
