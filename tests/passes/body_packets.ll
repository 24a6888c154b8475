; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets,corecl-barrier-regions
; OPTIONS: -body-packets -simd-bytes=32
; Packets of kernel bodies without barriers (body_packets.cpp): a loop
; whose trip count differs between work-items stays one loop in the packet
; (lanes that agree run it as vectors). A work-item walking a row of its
; own would gather in every iteration: no packet, and its work-item loop
; runs the row one work-item at a time, which LLVM's loop vectoriser
; widens. A loop that is one chain of dependent operations gets wider
; packets besides, for rows long enough to run them (packet_width.h,
; latencyPacketWidth). A body without loops gets a packet too, of one
; register's lanes: straight-line code waits on no chain across iterations.
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

define spir_kernel void @scale(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !7 !kernel_arg_access_qual !1 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !3 !kernel_arg_name !9 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %x = load float, ptr addrspace(1) %slot, align 4
  %y = fmul float %x, %a
  store float %y, ptr addrspace(1) %slot, align 4
  ret void
}

; clpeak's int kernels' shape: no loop, one chain of 64 dependent 32-bit
; operations per work-item, waiting on each latency in turn in a packet of
; one register: packets of 2, 4 and 8 registers' lanes too (toward 16
; chains in flight, as far as the values live allow).
define spir_kernel void @long_chain(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !7 !kernel_arg_access_qual !1 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !3 !kernel_arg_name !9 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %x0 = trunc i64 %gid to i32
  %x1 = mul i32 %x0, %x0
  %x2 = add i32 %x1, 7
  %x3 = mul i32 %x2, %x2
  %x4 = add i32 %x3, 7
  %x5 = mul i32 %x4, %x4
  %x6 = add i32 %x5, 7
  %x7 = mul i32 %x6, %x6
  %x8 = add i32 %x7, 7
  %x9 = mul i32 %x8, %x8
  %x10 = add i32 %x9, 7
  %x11 = mul i32 %x10, %x10
  %x12 = add i32 %x11, 7
  %x13 = mul i32 %x12, %x12
  %x14 = add i32 %x13, 7
  %x15 = mul i32 %x14, %x14
  %x16 = add i32 %x15, 7
  %x17 = mul i32 %x16, %x16
  %x18 = add i32 %x17, 7
  %x19 = mul i32 %x18, %x18
  %x20 = add i32 %x19, 7
  %x21 = mul i32 %x20, %x20
  %x22 = add i32 %x21, 7
  %x23 = mul i32 %x22, %x22
  %x24 = add i32 %x23, 7
  %x25 = mul i32 %x24, %x24
  %x26 = add i32 %x25, 7
  %x27 = mul i32 %x26, %x26
  %x28 = add i32 %x27, 7
  %x29 = mul i32 %x28, %x28
  %x30 = add i32 %x29, 7
  %x31 = mul i32 %x30, %x30
  %x32 = add i32 %x31, 7
  %x33 = mul i32 %x32, %x32
  %x34 = add i32 %x33, 7
  %x35 = mul i32 %x34, %x34
  %x36 = add i32 %x35, 7
  %x37 = mul i32 %x36, %x36
  %x38 = add i32 %x37, 7
  %x39 = mul i32 %x38, %x38
  %x40 = add i32 %x39, 7
  %x41 = mul i32 %x40, %x40
  %x42 = add i32 %x41, 7
  %x43 = mul i32 %x42, %x42
  %x44 = add i32 %x43, 7
  %x45 = mul i32 %x44, %x44
  %x46 = add i32 %x45, 7
  %x47 = mul i32 %x46, %x46
  %x48 = add i32 %x47, 7
  %x49 = mul i32 %x48, %x48
  %x50 = add i32 %x49, 7
  %x51 = mul i32 %x50, %x50
  %x52 = add i32 %x51, 7
  %x53 = mul i32 %x52, %x52
  %x54 = add i32 %x53, 7
  %x55 = mul i32 %x54, %x54
  %x56 = add i32 %x55, 7
  %x57 = mul i32 %x56, %x56
  %x58 = add i32 %x57, 7
  %x59 = mul i32 %x58, %x58
  %x60 = add i32 %x59, 7
  %x61 = mul i32 %x60, %x60
  %x62 = add i32 %x61, 7
  %x63 = mul i32 %x62, %x62
  %x64 = add i32 %x63, 7
  %slot = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %gid
  store i32 %x64, ptr addrspace(1) %slot, align 4
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
; CHECK-LABEL: define internal void @scale.body.packet8(
; CHECK: %x = load <8 x float>
; CHECK: %y = fmul <8 x float>
; CHECK: store <8 x float> %y
; CHECK-NOT: define internal void @scale.body.packet16(
; CHECK-LABEL: define internal void @long_chain.body.packet8(
; CHECK-LABEL: define internal void @long_chain.body.packet16(
; CHECK-LABEL: define internal void @long_chain.body.packet64(
; CHECK: mul <64 x i32>
; CHECK-NOT: define internal void @long_chain.body.packet128(
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
