; PASSES: corecl-kernel-body,corecl-uniform-loops
; Loops every work-item runs alike get a barrier at the top of their
; header (small constant loops were unrolled earlier, so a constant loop
; that is left is split too); loops whose trip count differs per work-item,
; or that only some work-items reach, are left alone.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)

; The first split keeps a copy of the body as it was, for groups of one
; work-item.
; CHECK-LABEL: define internal void @uniform.body(
; CHECK: header:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: %acc = phi
; CHECK-NEXT: call spir_func void @_Z7barrierj(i32 1)
define spir_kernel void @uniform(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %header ]
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i32 %i
  %v = load float, ptr addrspace(1) %slot
  %sum = fadd float %acc, %v
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %header
exit:
  store float %sum, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define internal void @constant_trip.body(
; CHECK: header:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: call spir_func void @_Z7barrierj(i32 1)
define spir_kernel void @constant_trip(ptr addrspace(1) %p) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i32 %i
  store float 1.0, ptr addrspace(1) %slot
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 8
  br i1 %done, label %exit, label %header
exit:
  ret void
}

; CHECK-LABEL: define internal void @divergent_count.body(
; CHECK-NOT: call spir_func void @_Z7barrierj
; CHECK: ret void
define spir_kernel void @divergent_count(ptr addrspace(1) %p) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %n = trunc i64 %lid to i32
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i32 %i
  store float 1.0, ptr addrspace(1) %slot
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %header
exit:
  ret void
}

; Work-items past %n return first: the loop is reached by every work-item
; that has not returned, and gets its barrier; the body is marked
; corecl.retiring so that the work-group function lets the returned
; work-items skip what follows (tests/kernels/retiring_work_items_test.cpp).
; CHECK-LABEL: define internal void @early_return.body(
; CHECK: header:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: call spir_func void @_Z7barrierj(i32 1)
; CHECK: ret void
define spir_kernel void @early_return(ptr addrspace(1) %p, i32 %n) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %lid32 = trunc i64 %lid to i32
  %out = icmp sge i32 %lid32, %n
  br i1 %out, label %exit, label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i32 %i
  store float 1.0, ptr addrspace(1) %slot
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %header
exit:
  ret void
}

; The outer loop is uniform, the inner one's count depends on the local
; id: the barrier goes to the outer header only.
; CHECK-LABEL: define internal void @nested.body(
; CHECK: outer:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: call spir_func void @_Z7barrierj(i32 1)
; CHECK: inner:
; CHECK-NOT: call spir_func void @_Z7barrierj
; CHECK: ret void
define spir_kernel void @nested(ptr addrspace(1) %p, i32 %n) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %m = trunc i64 %lid to i32
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %jnext, %inner ]
  %k = add i32 %i, %j
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i32 %k
  store float 1.0, ptr addrspace(1) %slot
  %jnext = add i32 %j, 1
  %jdone = icmp sge i32 %jnext, %m
  br i1 %jdone, label %latch, label %inner
latch:
  %inext = add i32 %i, 1
  %idone = icmp eq i32 %inext, %n
  br i1 %idone, label %exit, label %outer
exit:
  ret void
}

; Each work-item walks its own row: the loop vectorises along its counter
; as it is, and split it would gather and scatter. Left alone.
; CHECK-LABEL: define internal void @row_per_item.body(
; CHECK-NOT: call spir_func void @_Z7barrierj
; CHECK: ret void
define spir_kernel void @row_per_item(ptr addrspace(1) %p, i64 %n) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %row = mul i64 %lid, %n
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %next, %header ]
  %at = add i64 %row, %i
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %at
  store float 1.0, ptr addrspace(1) %slot
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %header
exit:
  ret void
}

; CHECK: define internal void @uniform.body.serial({{.*}}) [[SERIAL:#[0-9]+]]
; CHECK-NOT: call spir_func void @_Z7barrierj
; CHECK: ret void
; CHECK: attributes [[SERIAL]] = { alwaysinline "corecl.serial-of"="uniform" }
