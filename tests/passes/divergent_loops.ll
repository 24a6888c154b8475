; PASSES: corecl-kernel-body,corecl-divergent-loops
; A loop that work-items leave after different iterations becomes a masked
; loop: a barrier at the top of a new header, a group-wide "anyone still
; active" test after it, the old loop body under `active`, and the values
; it carries and produces merged in a new latch. A rotated loop's varying
; guard becomes the first round's `active`. Loops with calls are left.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @opaque()

; CHECK-LABEL: define internal void @countdown.body(
; CHECK: %enter = xor i1 %skip, true
; CHECK-NEXT: br label %masked.header
; CHECK: masked.header:
; CHECK-NEXT: %active = phi i1 [ %enter, %entry ], [ %active.next, %masked.latch ]
; CHECK: %steps.result = phi i32 [ 0, %entry ], [ %steps.out, %masked.latch ]
; CHECK-NEXT: call spir_func void @_Z7barrierj(i32 1)
; CHECK-NEXT: %any.active = call i1 @corecl.group.any(i1 %active)
; CHECK-NEXT: br i1 %any.active, label %masked.step, label %masked.exit
; CHECK: masked.step:
; CHECK-NEXT: br i1 %active, label %loop, label %masked.latch
; CHECK: masked.latch:
; CHECK-NEXT: %active.next = phi i1 [ false, %masked.step ], [ true, %{{.*}} ], [ false, %{{.*}} ]
; CHECK: {{^}}exit:
; CHECK-NEXT: store i32 %steps.result
define spir_kernel void @countdown(ptr addrspace(1) %p) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %n = trunc i64 %lid to i32
  %skip = icmp eq i32 %n, 0
  br i1 %skip, label %exit, label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %next, %loop ]
  %count = phi i32 [ 0, %entry ], [ %more, %loop ]
  %more = add i32 %count, 1
  %next = sub i32 %i, 1
  %again = icmp ne i32 %next, 0
  br i1 %again, label %loop, label %exit
exit:
  %steps = phi i32 [ 0, %entry ], [ %more, %loop ]
  store i32 %steps, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define internal void @with_call.body(
; CHECK-NOT: corecl.group.any
; CHECK: ret void
define spir_kernel void @with_call(ptr addrspace(1) %p) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call spir_func void @opaque()
  %next = add i64 %i, 1
  %again = icmp ult i64 %next, %lid
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; Two rotated loops in the arms of an if/else leave to the same join, as
; pyopencl's ElementwiseKernel over a slice does. Each guard's varying test
; still decides who enters the first round: a work-item that skipped the
; loop must reach its barrier too, not branch straight to the join.
; CHECK-LABEL: define internal void @if_else_loops.body(
; CHECK: up:
; CHECK: %enter{{[0-9]*}} = xor i1 %skip.up, true
; CHECK-NEXT: br label %masked.header
; CHECK: down:
; CHECK: %enter{{[0-9]*}} = xor i1 %skip.down, true
; CHECK-NEXT: br label %masked.header
; CHECK-NOT: br i1 %skip.
; CHECK: ret void
define spir_kernel void @if_else_loops(ptr addrspace(1) %p, i32 %dir) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %n = trunc i64 %lid to i32
  %neg = icmp slt i32 %dir, 0
  br i1 %neg, label %down, label %up
up:
  %skip.up = icmp eq i32 %n, 0
  br i1 %skip.up, label %join, label %loop.up
loop.up:
  %i = phi i32 [ %n, %up ], [ %next, %loop.up ]
  %next = sub i32 %i, 1
  %again = icmp ne i32 %next, 0
  br i1 %again, label %loop.up, label %join
down:
  %skip.down = icmp eq i32 %n, 1
  br i1 %skip.down, label %join, label %loop.down
loop.down:
  %j = phi i32 [ %n, %down ], [ %next.j, %loop.down ]
  %next.j = add i32 %j, 1
  %again.j = icmp ult i32 %next.j, 64
  br i1 %again.j, label %loop.down, label %join
join:
  %last = phi i32 [ 0, %up ], [ %next, %loop.up ], [ 1, %down ], [ %next.j, %loop.down ]
  store i32 %last, ptr addrspace(1) %p
  ret void
}
