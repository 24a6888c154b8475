; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; Lanes that part where they never meet again before the region's end (a
; switch whose default LLVM marks unreachable has no join in the
; post-dominator tree) run the rest of the region one by one
; (packetize.cpp, buildLaneLoop), and the packet returns the region result
; they reached: the barrier in the loop or the kernel's end, whichever the
; lanes took (the same for all of them, as a barrier requires), not one of
; the two fixed at compile time (fuzz seed 32818: the kernel's end, so
; nothing after the barrier ran).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @cases(ptr addrspace(1) %p, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %l = trunc i64 %lid to i32
  %odd = and i32 %l, 1
  %even = icmp eq i32 %odd, 0
  switch i1 %even, label %never [
    i1 false, label %one
    i1 true, label %two
  ]
one:
  br label %loop
two:
  br label %loop
never:
  unreachable
loop:
  %v = phi i32 [ 1, %one ], [ 2, %two ], [ %v.next, %body ]
  %i = phi i32 [ 0, %one ], [ 0, %two ], [ %i.next, %body ]
  %more = icmp ult i32 %i, %n
  br i1 %more, label %body, label %done
body:
  call spir_func void @_Z7barrierj(i32 1)
  %v.next = mul i32 %v, 3
  %i.next = add i32 %i, 1
  br label %loop
done:
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %lid
  store i32 %v, ptr addrspace(1) %slot, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @cases.body.region0.packet8(
; CHECK: entry.lane.next:
; CHECK-NEXT: %lanes.result = phi i32 [ {{-1|1}}, %{{[a-z.0-9]+}} ], [ {{-1|1}}, %{{[a-z.0-9]+}} ]
; CHECK: entry.lanes.done:
; CHECK: ret i32 %lanes.result

!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"uint"}
!3 = !{!"", !""}
!4 = !{!"p", !"n"}
