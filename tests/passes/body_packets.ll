; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets,corecl-barrier-regions
; OPTIONS: -body-packets -simd-bytes=32
; Packets of kernel bodies without barriers (body_packets.cpp): a loop
; whose trip count differs between work-items stays one loop in the packet
; (lanes that agree run it as vectors). A work-item walking a row of its
; own would gather in every iteration: no packet, and its work-item loop
; runs the row one work-item at a time, which LLVM's loop vectoriser
; widens. A loop that is one chain of dependent operations gets wider
; packets besides, for rows long enough to run them (packet_width.h,
; latencyPacketWidth).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @steps(ptr addrspace(1) %p) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %gid
  %start = load i32, ptr addrspace(1) %slot, align 4
  br label %loop
loop:
  %v = phi i32 [ %start, %entry ], [ %half, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %half = lshr i32 %v, 1
  %n.next = add i32 %n, 1
  %more = icmp ugt i32 %half, 0
  br i1 %more, label %loop, label %done
done:
  store i32 %n.next, ptr addrspace(1) %slot, align 4
  ret void
}

define spir_kernel void @row(ptr addrspace(1) %p, i64 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !3 !kernel_arg_name !6 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %first = mul i64 %gid, %n
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %at = add i64 %first, %j
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %at
  %x = load float, ptr addrspace(1) %slot, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %slot, align 4
  %j.next = add i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

; clpeak's shape: every operation of the loop waits on the one before (a
; chain through the loop-carried values), so a packet of one register would
; wait on each latency in turn: packets of 16 registers' lanes too (one
; chain a work-item, 8 bytes carried per lane), and each width between.
define spir_kernel void @chain(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !7 !kernel_arg_access_qual !1 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !3 !kernel_arg_name !9 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %y0 = uitofp i64 %gid to float
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ %a, %entry ], [ %x4, %loop ]
  %y = phi float [ %y0, %entry ], [ %y4, %loop ]
  %x1 = call float @llvm.fmuladd.f32(float %y, float %x, float %y)
  %y1 = call float @llvm.fmuladd.f32(float %x1, float %y, float %x1)
  %x2 = call float @llvm.fmuladd.f32(float %y1, float %x1, float %y1)
  %y2 = call float @llvm.fmuladd.f32(float %x2, float %y1, float %x2)
  %x3 = call float @llvm.fmuladd.f32(float %y2, float %x2, float %y2)
  %y3 = call float @llvm.fmuladd.f32(float %x3, float %y2, float %x3)
  %x4 = call float @llvm.fmuladd.f32(float %y3, float %x3, float %y3)
  %y4 = call float @llvm.fmuladd.f32(float %x4, float %y3, float %x4)
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, 128
  br i1 %again, label %loop, label %done
done:
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  store float %y4, ptr addrspace(1) %slot, align 4
  ret void
}

; clpeak's float2, components split: two chains side by side, two
; operations per step of each, still waiting on latency (fewer than four
; per step, passes/dependent_chains.h): three chains side by side counted
; with the counter, so packets of eight registers' lanes at most.
define spir_kernel void @chains(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !7 !kernel_arg_access_qual !1 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !3 !kernel_arg_name !9 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %y0 = uitofp i64 %gid to float
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ %a, %entry ], [ %x4, %loop ]
  %y = phi float [ %y0, %entry ], [ %y4, %loop ]
  %x1 = call float @llvm.fmuladd.f32(float %x, float %x, float %a)
  %y1 = call float @llvm.fmuladd.f32(float %y, float %y, float %a)
  %x2 = call float @llvm.fmuladd.f32(float %x1, float %x1, float %a)
  %y2 = call float @llvm.fmuladd.f32(float %y1, float %y1, float %a)
  %x3 = call float @llvm.fmuladd.f32(float %x2, float %x2, float %a)
  %y3 = call float @llvm.fmuladd.f32(float %y2, float %y2, float %a)
  %x4 = call float @llvm.fmuladd.f32(float %x3, float %x3, float %a)
  %y4 = call float @llvm.fmuladd.f32(float %y3, float %y3, float %a)
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, 128
  br i1 %again, label %loop, label %done
done:
  %sum = fadd float %x4, %y4
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  store float %sum, ptr addrspace(1) %slot, align 4
  ret void
}

; A loop striding by more than one element per iteration (a tile copy,
; `i += 64`), its accesses three elements apart between lanes: gathers and
; scatters in the packet, but not widened within a work-item either (each
; work-item's next element is 192 further): the packet stays.
define spir_kernel void @strided(ptr addrspace(1) %p, i64 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !3 !kernel_arg_name !6 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %loop, label %done
loop:
  %i = phi i64 [ %gid, %entry ], [ %i.next, %loop ]
  %at = mul i64 %i, 3
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %at
  %x = load float, ptr addrspace(1) %slot, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %slot, align 4
  %i.next = add i64 %i, 64
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare float @llvm.fmuladd.f32(float, float, float)

; CHECK: define internal void @steps.body({{.*}}) #[[PACKETISED:[0-9]+]]
; CHECK-LABEL: define internal void @row.body(
; CHECK-LABEL: define internal void @steps.body.packet8(
; CHECK: %start = load <8 x i32>
; CHECK: loop:
; CHECK: %half = lshr <8 x i32>
; CHECK: call i1 @llvm.vector.reduce.and.v8i1(
; CHECK-NOT: define internal void @row.body.packet
; CHECK-LABEL: define internal void @chain.body.packet8(
; CHECK-LABEL: define internal void @chain.body.packet16(
; CHECK-LABEL: define internal void @chain.body.packet32(
; CHECK-LABEL: define internal void @chain.body.packet64(
; CHECK-LABEL: define internal void @chain.body.packet128(
; CHECK: call <128 x float> @llvm.fmuladd.v128f32(
; CHECK-NOT: define internal void @chain.body.packet256(
; CHECK-LABEL: define internal void @chains.body.packet8(
; CHECK-LABEL: define internal void @chains.body.packet64(
; CHECK-NOT: define internal void @chains.body.packet128(
; CHECK-LABEL: define internal void @strided.body.packet8(
; CHECK: call <8 x float> @llvm.masked.gather.v8f32
; CHECK: attributes #[[PACKETISED]] = { {{.*}}"corecl.packetised"
; CHECK: attributes #{{[0-9]+}} = { noinline "corecl.packet-width"="8" "corecl.region-index"="0" "corecl.region-packet-of"="steps" }
; CHECK: attributes #{{[0-9]+}} = { noinline "corecl.packet-width"="128" "corecl.region-index"="0" "corecl.region-packet-of"="chain" }

!0 = !{i32 1}
!1 = !{!"none"}
!2 = !{!"uint*"}
!3 = !{!""}
!4 = !{!"p"}
!5 = !{!"float*", !"ulong"}
!6 = !{!"p", !"n"}
!7 = !{i32 1, i32 0}
!8 = !{!"float*", !"float"}
!9 = !{!"p", !"a"}
