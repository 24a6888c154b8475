; PASSES: corecl-kernel-body,corecl-barrier-regions
; A barrier inside a loop splits the body into two regions: the entry up to
; the barrier, and from the barrier around the loop back to it (returning 1)
; or to the end (returning -1). The loop counter is live across the barrier
; and moves to per-work-item storage (wi.base).
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
; CHECK: store i32 0, ptr %{{[0-9]+}}
; CHECK: ret i32 1
; CHECK: define internal i32 @loop.body.region1({{.*}}ptr %wi.base) [[R1:#[0-9]+]]
; CHECK-NOT: call {{.*}}barrier
; CHECK-DAG: %i.reload = load i32, ptr %{{[0-9]+}}
; CHECK-DAG: ret i32 1
; CHECK-DAG: ret i32 -1
; CHECK: attributes [[KERNEL]] = { "corecl.barriers"="1" "corecl.wi-storage"="16" }
; CHECK: attributes [[R0]] = { alwaysinline "corecl.region-index"="0" "corecl.region-of"="loop" }
; CHECK: attributes [[R1]] = { alwaysinline "corecl.region-index"="1" "corecl.region-of"="loop" }
