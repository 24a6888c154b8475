; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets
; OPTIONS: -body-packets -simd-bytes=32
; Lanes entered in the middle of a region that loops back to its branch
; (here the rest of the loop and the kernel: the switch's unreachable
; default leaves it no join) take vector mode's value of a region value
; defined before the branch only where their copy reads it before
; defining it: the switch's %k, not %li, which only %k reads. Made for
; every such value, they were most of a hashcat packet.
;
; The branch to the lanes is weighed as the rare way. A lane loop whose
; region copy, times the lanes, is more than 72 instructions is never
; unrolled (its trip count, the packet's width, is a constant: LLVM
; copied the region for every lane and weighed every such loop); this
; small one is left to LLVM, @long's is not.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define internal void @cases.body.packet4(
; CHECK: br i1 %{{[0-9]+}}, label %loop.same, label %loop.lanes, !prof ![[RARE:[0-9]+]]
; CHECK: loop.lane:
; CHECK-NOT: %li
; CHECK: extractelement <4 x i32> %k, i64 %lane
; CHECK-NOT: %li
; CHECK: br label %loop.lane.branch
; CHECK: br i1 %{{[0-9]+}}, label %loop.lane, label %loop.lanes.done{{$}}
; CHECK: done.lane:

; CHECK-LABEL: define internal void @long.body.packet{{[0-9]+}}(
; CHECK: br i1 %{{[0-9]+}}, label %entry.lanes, label %join, !prof ![[RARE_FIRST:[0-9]+]]
; CHECK: br i1 %{{[0-9]+}}, label %entry.lane, label %entry.lanes.done, !llvm.loop ![[LANES:[0-9]+]]

; CHECK: ![[RARE]] = !{!"branch_weights", i32 63, i32 1}
; CHECK: ![[RARE_FIRST]] = !{!"branch_weights", i32 1, i32 63}
; CHECK: ![[LANES]] = distinct !{![[LANES]], ![[OFF:[0-9]+]]}
; CHECK: ![[OFF]] = !{!"llvm.loop.unroll.disable"}

define spir_kernel void @cases(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %l = trunc i64 %gid to i32
  %vp = getelementptr inbounds <8 x i32>, ptr addrspace(1) %q, i64 %gid
  %v = load <8 x i32>, ptr addrspace(1) %vp, align 32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %next ]
  %li = add i32 %l, %i
  %k = and i32 %li, 1
  switch i32 %k, label %never [
    i32 0, label %zero
    i32 1, label %one
  ]
zero:
  %a = add i32 %acc, 3
  br label %next
one:
  %w = mul <8 x i32> %v, %v
  %e = extractelement <8 x i32> %w, i64 5
  %b = xor i32 %acc, %e
  br label %next
never:
  unreachable
next:
  %acc.next = phi i32 [ %a, %zero ], [ %b, %one ]
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %gid
  store i32 %acc.next, ptr addrspace(1) %slot, align 4
  ret void
}

define spir_kernel void @long(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %l = trunc i64 %gid to i32
  %odd = and i32 %l, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %work, label %join
work:
  %a1 = mul i32 %l, 3
  %a2 = add i32 %a1, %n
  %a3 = mul i32 %a2, %a1
  %a4 = xor i32 %a3, %a2
  %a5 = mul i32 %a4, %a3
  %a6 = add i32 %a5, %a4
  %a7 = mul i32 %a6, %a5
  %a8 = xor i32 %a7, %a6
  %a9 = mul i32 %a8, %a7
  %a10 = add i32 %a9, %a8
  %a11 = mul i32 %a10, %a9
  %a12 = xor i32 %a11, %a10
  %a13 = mul i32 %a12, %a11
  %a14 = add i32 %a13, %a12
  %a15 = mul i32 %a14, %a13
  %a16 = xor i32 %a15, %a14
  %a17 = mul i32 %a16, %a15
  %a18 = add i32 %a17, %a16
  %a19 = mul i32 %a18, %a17
  %a20 = xor i32 %a19, %a18
  br label %join
join:
  %r = phi i32 [ %a20, %work ], [ 0, %entry ]
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %gid
  store i32 %r, ptr addrspace(1) %slot, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

!0 = !{i32 1, i32 1, i32 0}
!1 = !{!"none", !"none", !"none"}
!2 = !{!"int*", !"int8*", !"uint"}
!3 = !{!"", !"", !""}
!4 = !{!"p", !"q", !"n"}
