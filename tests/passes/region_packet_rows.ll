; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets,corecl-work-group-loops
; OPTIONS: -region-packets -simd-bytes=32
; The rows of a region's packets (work_group_loops.cpp, packetRows): one
; function runs every row's full packets, called once per region, with the
; rest of each row after it in the work-group function. The lanes
; of a packet are work-items of one group, which runs on one thread, and
; the packet runs their atomics lane by lane: an atomic on local memory
; becomes a plain load and store there as in the work-item loops (a lock
; per work-item made the bench's histogram of local atomics 3.7x slower),
; and one on global memory stays atomic. A row stops at the first packet
; whose work-items a guard `lid.x < s` turns away (row_guard.cpp) when
; those would change nothing their neighbours could tell apart, and runs
; whole when they keep a value of their own across the next barrier. A row
; that holds one packet at most (reqd_work_group_size) runs it without a
; loop: LLVM would hoist the packet's invariants out of a loop of one trip
; to the rows' loop, where they all live at once (CLBlast's XgemmDirect
; spilled the 32 broadcasts of its A tile).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @count_bytes(ptr addrspace(1) %data, ptr addrspace(1) %bins, ptr addrspace(3) %counts) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %in = getelementptr inbounds i8, ptr addrspace(1) %data, i64 %gid
  %byte = load i8, ptr addrspace(1) %in, align 1
  %bin = zext i8 %byte to i64
  %counter = getelementptr inbounds i32, ptr addrspace(3) %counts, i64 %bin
  %old = atomicrmw add ptr addrspace(3) %counter, i32 1 seq_cst, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %counts, i64 %lid
  %count = load i32, ptr addrspace(3) %mine, align 4
  %total = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %lid
  %older = atomicrmw add ptr addrspace(1) %total, i32 %count seq_cst, align 4
  ret void
}

define spir_kernel void @halve(ptr addrspace(3) %x, i64 %s) !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !6 !kernel_arg_name !8 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %lid
  %v = trunc i64 %lid to i32
  store i32 %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %add, label %done

add:
  %far = add i64 %lid, %s
  %theirs = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %far
  %w = load i32, ptr addrspace(3) %theirs, align 4
  %u = load i32, ptr addrspace(3) %mine, align 4
  %sum = add i32 %u, %w
  store i32 %sum, ptr addrspace(3) %mine, align 4
  br label %done

done:
  call spir_func void @_Z7barrierj(i32 1)
  ret void
}

define spir_kernel void @keep(ptr addrspace(3) %x, i64 %s) !kernel_arg_addr_space !5 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_base_type !7 !kernel_arg_type_qual !6 !kernel_arg_name !8 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %lid
  %v = trunc i64 %lid to i32
  store i32 %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %own = mul i32 %v, 5
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %load, label %done

load:
  %u = load i32, ptr addrspace(3) %mine, align 4
  br label %done

done:
  %kept = phi i32 [ %own, %entry ], [ %u, %load ]
  call spir_func void @_Z7barrierj(i32 1)
  store i32 %kept, ptr addrspace(3) %mine, align 4
  ret void
}

define spir_kernel void @mixed(ptr addrspace(1) %p, ptr addrspace(3) %x) !kernel_arg_addr_space !9 !kernel_arg_access_qual !6 !kernel_arg_type !10 !kernel_arg_base_type !10 !kernel_arg_type_qual !6 !kernel_arg_name !11 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %x, i64 %lid
  store float 1.0, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %row = mul i64 %lid, 64
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s1, %loop ]
  %i = add i64 %row, %k
  %a = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i
  %v = load float, ptr addrspace(1) %a, align 4
  %s1 = fadd float %s, %v
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 64
  br i1 %more, label %loop, label %done

done:
  store float %s1, ptr addrspace(3) %mine, align 4
  ret void
}

define spir_kernel void @one_packet(ptr addrspace(3) %x) !kernel_arg_addr_space !12 !kernel_arg_access_qual !13 !kernel_arg_type !14 !kernel_arg_base_type !14 !kernel_arg_type_qual !13 !kernel_arg_name !15 !reqd_work_group_size !16 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %mine = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %lid
  %v = trunc i64 %lid to i32
  store i32 %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %next = add i64 %lid, 1
  %theirs = getelementptr inbounds i32, ptr addrspace(3) %x, i64 %next
  %w = load i32, ptr addrspace(3) %theirs, align 4
  %sum = add i32 %w, %v
  call spir_func void @_Z7barrierj(i32 1)
  store i32 %sum, ptr addrspace(3) %mine, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK-LABEL: define internal i32 @count_bytes.body.region0.packet{{[0-9]+}}.rows(
; CHECK: packet.loop:
; CHECK-NOT: atomicrmw
; CHECK: load i32, ptr addrspace(3)
; CHECK-NEXT: add i32 {{.*}}, 1
; CHECK-NEXT: store i32
; CHECK-NOT: atomicrmw
; CHECK: br i1 {{.*}}, label %packet.loop, label {{.*}}, !llvm.loop [[STEP:![0-9]+]]
; CHECK-LABEL: define internal i32 @count_bytes.body.region1.packet{{[0-9]+}}.rows(
; CHECK: atomicrmw add ptr addrspace(1)

; CHECK-LABEL: define internal i32 @halve.body.region1.packet{{[0-9]+}}.rows(
; CHECK: lid.y.loop:
; CHECK: [[FULL:%.*]] = mul i64 %packets, [[W:[0-9]+]]
; CHECK-NEXT: [[ACTIVE:%.*]] = call i64 @llvm.umin.i64(i64 %1, i64 [[FULL]])
; CHECK-NEXT: [[UP:%.*]] = add i64 [[ACTIVE]], {{[0-9]+}}
; CHECK-NEXT: %packets.needed = udiv i64 [[UP]], [[W]]
; CHECK: %packets.run = call i64 @llvm.umax.i64(i64 %packets.needed,
; CHECK-LABEL: define void @halve.wg(
; CHECK-SAME: #[[HALVE:[0-9]+]]
; CHECK: region1:
; CHECK-NOT: lid.y.loop
; CHECK: call i32 @halve.body.region1.packet{{[0-9]+}}.rows(
; CHECK-NEXT: %rest
; CHECK: rest.rows{{[0-9]*}}:
; CHECK-LABEL: define internal i32 @keep.body.region1.packet{{[0-9]+}}.rows(
; CHECK-NOT: packets.run
; CHECK: ret i32


; Every region of @halve has a packet: its rows are inlined later, and its
; work-group function is marked vector code already, and scheduled for
; register pressure (llvm_init.cpp) as rows of packets are. @mixed's second
; region keeps the work-item loops (a work-item walks a row of its own):
; its work-group function stays the scalariser's, its rows stay calls.
; CHECK-LABEL: define void @mixed.wg(
; CHECK-SAME: #[[MIXED:[0-9]+]]
; CHECK-LABEL: define internal i32 @one_packet.body.region1.packet8.rows(
; CHECK-NOT: packet.loop
; CHECK: packet.once:
; CHECK: load <8 x i32>, ptr addrspace(3)
; CHECK-NOT: packet.loop
; CHECK: ret i32
; CHECK: attributes #[[HALVE]] = { {{.*}}"corecl.packet-width"{{.*}}"corecl.pressure-scheduling"
; CHECK: attributes #[[MIXED]] = {
; CHECK-NOT: corecl.packet-width
; CHECK-NOT: corecl.pressure-scheduling
; CHECK-SAME: }
; @count_bytes's rows of packets, of a size not known, run one packet per
; step, kept from the loop vectoriser and not unrolled: no unroll count.
; CHECK: [[STEP]] = distinct !{[[STEP]], !{{[0-9]+}}}

!0 = !{i32 1, i32 1, i32 3}
!1 = !{!"none", !"none", !"none"}
!2 = !{!"uchar*", !"uint*", !"uint*"}
!3 = !{!"", !"", !""}
!4 = !{!"data", !"bins", !"counts"}
!5 = !{i32 3, i32 0}
!6 = !{!"", !""}
!7 = !{!"int*", !"ulong"}
!8 = !{!"x", !"s"}
!9 = !{i32 1, i32 3}
!10 = !{!"float*", !"float*"}
!11 = !{!"p", !"x"}
!12 = !{i32 3}
!13 = !{!""}
!14 = !{!"int*"}
!15 = !{!"x"}
!16 = !{i32 8, i32 1, i32 1}
