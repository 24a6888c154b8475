; PASSES: corecl-kernel-body,function(print<corecl-divergence>)
; The work-item divergence analysis: local ids vary, kernel arguments and
; group ids do not; variation flows through data, through phis where a
; varying branch's paths meet, and out of loops that work-items leave
; after different iterations. Loads from a uniform address are uniform.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z12get_group_idj(i32)

; CHECK-LABEL: Work-item divergence of 'guard.body':
; CHECK: block entry:
; CHECK: varying: %in.range = icmp ult i64 %lid.x, %n
; CHECK: uniform: %first = load i32, ptr addrspace(1) %p
; CHECK: varying: br i1 %in.range, label %then, label %join
; CHECK: block then: divergently reached
; CHECK: block join:
; CHECK: varying: %merged = phi i32
define spir_kernel void @guard(ptr addrspace(1) %p, i64 %n) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %in.range = icmp ult i64 %lid, %n
  %first = load i32, ptr addrspace(1) %p
  br i1 %in.range, label %then, label %join
then:
  %plus = add i32 %first, 1
  br label %join
join:
  %merged = phi i32 [ %plus, %then ], [ %first, %entry ]
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %lid
  store i32 %merged, ptr addrspace(1) %slot
  ret void
}

; A loop every work-item runs n times: its counter is uniform. A loop
; whose exit depends on the work-item: its counter is varying, and so is
; the group id sum that leaves it; its blocks count as divergently reached
; (work-items that left skip the later iterations).
; CHECK-LABEL: Work-item divergence of 'loops.body':
; CHECK: block uniform.loop:
; CHECK: uniform: %i = phi i64
; CHECK: uniform: br i1 %i.done
; CHECK: block varying.loop: divergently reached
; CHECK: varying: %j = phi i64
; CHECK: varying: %g.sum = add i64
; CHECK: varying: br i1 %j.done
define spir_kernel void @loops(ptr addrspace(1) %p, i64 %n) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %grp = call spir_func i64 @_Z12get_group_idj(i32 0)
  br label %uniform.loop
uniform.loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %uniform.loop ]
  %i.next = add i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %varying.loop, label %uniform.loop
varying.loop:
  %j = phi i64 [ 0, %uniform.loop ], [ %j.next, %varying.loop ]
  %g.sum = add i64 %j, %grp
  %j.next = add i64 %j, 1
  %j.done = icmp ugt i64 %j.next, %lid
  br i1 %j.done, label %exit, label %varying.loop
exit:
  %slot = getelementptr inbounds i64, ptr addrspace(1) %p, i64 %lid
  store i64 %g.sum, ptr addrspace(1) %slot
  ret void
}
