; PASSES: corecl-kernel-body,corecl-barrier-regions
; A barrier inside a loop splits the body into two regions: the entry up to
; the barrier, and from the barrier around the loop back to it (returning 1)
; or to the end (returning -1). The loop counter is live across the barrier
; and the same for every work-item: it moves to a group-wide slot in
; wi.base, stored to its next copy and reloaded from its current copy, and
; both regions ask the work-group function to commit it after them.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @loop(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %slot
  call spir_func void @_Z7barrierj(i32 1)
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %header

exit:
  ret void
}

declare spir_func void @_Z7barrierj(i32)

; CHECK: define spir_kernel void @loop({{.*}}) [[KERNEL:#[0-9]+]]
; CHECK: define internal i32 @loop.body.region0({{.*}}ptr %wi.base) [[R0:#[0-9]+]]
; CHECK: store i32 0, ptr %{{[0-9]+}}, align 4, !noalias [[CURRENT:![0-9]+]]
; CHECK: ret i32 1
; CHECK: define internal i32 @loop.body.region1({{.*}}ptr %wi.base) [[R1:#[0-9]+]]
; CHECK-NOT: call {{.*}}barrier
; CHECK-DAG: %i.uniform = load i32, ptr %{{[0-9]+}}, align 4, !alias.scope [[CURRENT]]
; CHECK-DAG: ret i32 1
; CHECK-DAG: ret i32 -1

; A value that differs between work-items (it depends on the local id)
; keeps a copy per work-item; a vector keeps one slot per component, so
; the copies of one component for consecutive work-items are adjacent.
define spir_kernel void @varying(ptr addrspace(1) %p) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %f = uitofp i64 %lid to float
  %v = insertelement <2 x float> poison, float %f, i32 0
  %w = insertelement <2 x float> %v, float 1.0, i32 1
  call spir_func void @_Z7barrierj(i32 1)
  %slot = getelementptr inbounds <2 x float>, ptr addrspace(1) %p, i64 %lid
  store <2 x float> %w, ptr addrspace(1) %slot
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)

; CHECK-LABEL: define internal i32 @varying.body.region0(
; CHECK: extractelement <2 x float> %w, i64 0
; CHECK: store float
; CHECK: extractelement <2 x float> %w, i64 1
; CHECK: store float
; CHECK-LABEL: define internal i32 @varying.body.region1(
; CHECK: %w.reload = load float
; CHECK: insertelement <2 x float> poison, float %w.reload, i64 0
; CHECK: %w.reload{{[0-9]+}} = load float

; Two private variables left in memory (the first at the entry block's
; first insertion point) both move to per-work-item storage; erasing the
; first must not leave the rewrite positioned at freed memory.
define spir_kernel void @two_allocas(ptr addrspace(1) %p) {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %lid32 = trunc i64 %lid to i32
  store volatile i32 %lid32, ptr %a, align 4
  store volatile i32 7, ptr %b, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %x = load volatile i32, ptr %a, align 4
  %y = load volatile i32, ptr %b, align 4
  %sum = add i32 %x, %y
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %lid
  store i32 %sum, ptr addrspace(1) %slot
  ret void
}

; CHECK-LABEL: define internal i32 @two_allocas.body.region0(
; CHECK-NOT: alloca
; CHECK: [[A0:%a.wi[0-9]*]] = getelementptr inbounds i8, ptr %wi.base
; CHECK: store volatile i32 %lid32, ptr [[A0]]
; CHECK: [[B0:%b.wi[0-9]*]] = getelementptr inbounds i8, ptr %wi.base
; CHECK: store volatile i32 7, ptr [[B0]]
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @two_allocas.body.region1(
; CHECK: [[A1:%a.wi[0-9]*]] = getelementptr inbounds i8, ptr %wi.base
; CHECK: %x = load volatile i32, ptr [[A1]]
; CHECK: [[B1:%b.wi[0-9]*]] = getelementptr inbounds i8, ptr %wi.base
; CHECK: %y = load volatile i32, ptr [[B1]]
; CHECK: ret i32 -1

; A private variable more aligned than its element (a piece of a struct
; with a long8 member, which SROA leaves at the struct's 64) gets one
; element per work-item side by side, 8 bytes apart: its accesses claim no
; more than 8 (CLSmith --vectors seed 10000: a packet's store of two
; work-items' elements at 64 faulted, `vmovdqa` at an odd work-item).
define spir_kernel void @overaligned(ptr addrspace(1) %p) {
entry:
  %a = alloca i64, align 64
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  store volatile i64 %lid, ptr %a, align 64
  call spir_func void @_Z7barrierj(i32 1)
  %x = load volatile i64, ptr %a, align 64
  %slot = getelementptr inbounds i64, ptr addrspace(1) %p, i64 %lid
  store i64 %x, ptr addrspace(1) %slot
  ret void
}

; CHECK-LABEL: define internal i32 @overaligned.body.region0(
; CHECK: store volatile i64 %lid{{[.a-z]*}}, ptr %a.wi{{[0-9]*}}, align 8
; CHECK-LABEL: define internal i32 @overaligned.body.region1(
; CHECK: %x = load volatile i64, ptr %a.wi{{[0-9]*}}, align 8

; A phi that takes a value from before the barrier twice from one block (a
; switch with two cases to the same block) gets one reload for both entries:
; the verifier rejects two different values from one predecessor.
define spir_kernel void @switch_phi(ptr addrspace(1) %p) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %lid
  %v = load i32, ptr addrspace(1) %slot, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %s = load i32, ptr addrspace(1) %slot, align 4
  switch i32 %s, label %other [
    i32 0, label %join
    i32 1, label %join
  ]
other:
  %w = add i32 %v, 1
  br label %join
join:
  %r = phi i32 [ %v, %entry ], [ %v, %entry ], [ %w, %other ]
  store i32 %r, ptr addrspace(1) %slot, align 4
  ret void
}

; CHECK-LABEL: define internal i32 @switch_phi.body.region1(
; CHECK: %v.reload = load i32
; CHECK: %r = phi i32 [ %v.reload, %after.barrier ], [ %v.reload, %after.barrier ], [ %w, %other ]

; CHECK: attributes [[KERNEL]] = { "corecl.barrier-in-loop"="1" "corecl.barriers"="1" "corecl.wi-storage"="16" }
; CHECK: attributes [[R0]] = { alwaysinline "corecl.region-index"="0" "corecl.region-of"="loop" "corecl.uniform-commit"="0:4" }
; CHECK: attributes [[R1]] = { alwaysinline "corecl.region-index"="1" "corecl.region-of"="loop" "corecl.uniform-commit"="0:4" }
