; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets,corecl-work-group-loops
; OPTIONS: -region-packets=barriers -simd-bytes=32 -lane-by-lane-packet=10
; A packet longer than the limit (here 10 instructions) whose loads and
; stores mostly go lane by lane or become gathers and scatters is refused
; (body_packets.cpp): @scattered's addresses come from data, so its
; packet would gather and scatter all but one access. Its regions keep their
; work-item loops, not left to the loop vectoriser either (it would gather
; and scatter the same accesses), and the kernel reports one work-item per
; step. @consecutive's accesses are neighbours' elements: its regions get
; packets of 8.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @scattered(ptr addrspace(1) %p) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load float, ptr addrspace(1) %mine, align 4
  %i = fptoui float %v to i64
  %i0 = add i64 %i, 1
  %a0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i0
  %v0 = load float, ptr addrspace(1) %a0, align 4
  %s0 = fadd float %v, %v0
  %i1 = add i64 %i, 4
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i1
  %v1 = load float, ptr addrspace(1) %a1, align 4
  %s1 = fadd float %s0, %v1
  %i2 = add i64 %i, 7
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i2
  %v2 = load float, ptr addrspace(1) %a2, align 4
  %s2 = fadd float %s1, %v2
  %i3 = add i64 %i, 10
  %a3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i3
  %v3 = load float, ptr addrspace(1) %a3, align 4
  %s3 = fadd float %s2, %v3
  %i4 = add i64 %i, 13
  %a4 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i4
  %v4 = load float, ptr addrspace(1) %a4, align 4
  %s4 = fadd float %s3, %v4
  %i5 = add i64 %i, 16
  %a5 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i5
  %v5 = load float, ptr addrspace(1) %a5, align 4
  %s5 = fadd float %s4, %v5
  %i6 = add i64 %i, 19
  %a6 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i6
  %v6 = load float, ptr addrspace(1) %a6, align 4
  %s6 = fadd float %s5, %v6
  %i7 = add i64 %i, 22
  %a7 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i7
  %v7 = load float, ptr addrspace(1) %a7, align 4
  %s7 = fadd float %s6, %v7
  %i8 = add i64 %i, 25
  %a8 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i8
  %v8 = load float, ptr addrspace(1) %a8, align 4
  %s8 = fadd float %s7, %v8
  %i9 = add i64 %i, 28
  %a9 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i9
  %v9 = load float, ptr addrspace(1) %a9, align 4
  %s9 = fadd float %s8, %v9
  %i10 = add i64 %i, 31
  %a10 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i10
  %v10 = load float, ptr addrspace(1) %a10, align 4
  %s10 = fadd float %s9, %v10
  %i11 = add i64 %i, 34
  %a11 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i11
  %v11 = load float, ptr addrspace(1) %a11, align 4
  %s11 = fadd float %s10, %v11
  store float %s11, ptr addrspace(1) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %mine.again = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %u = load float, ptr addrspace(1) %mine.again, align 4
  %w = fptoui float %u to i64
  %j0 = add i64 %w, 2
  %b0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j0
  store float %u, ptr addrspace(1) %b0, align 4
  %j1 = add i64 %w, 7
  %b1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j1
  store float %u, ptr addrspace(1) %b1, align 4
  %j2 = add i64 %w, 12
  %b2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j2
  store float %u, ptr addrspace(1) %b2, align 4
  %j3 = add i64 %w, 17
  %b3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j3
  store float %u, ptr addrspace(1) %b3, align 4
  %j4 = add i64 %w, 22
  %b4 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j4
  store float %u, ptr addrspace(1) %b4, align 4
  %j5 = add i64 %w, 27
  %b5 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j5
  store float %u, ptr addrspace(1) %b5, align 4
  %j6 = add i64 %w, 32
  %b6 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j6
  store float %u, ptr addrspace(1) %b6, align 4
  %j7 = add i64 %w, 37
  %b7 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j7
  store float %u, ptr addrspace(1) %b7, align 4
  %j8 = add i64 %w, 42
  %b8 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j8
  store float %u, ptr addrspace(1) %b8, align 4
  %j9 = add i64 %w, 47
  %b9 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j9
  store float %u, ptr addrspace(1) %b9, align 4
  %j10 = add i64 %w, 52
  %b10 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j10
  store float %u, ptr addrspace(1) %b10, align 4
  %j11 = add i64 %w, 57
  %b11 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %j11
  store float %u, ptr addrspace(1) %b11, align 4
  ret void
}

define spir_kernel void @consecutive(ptr addrspace(1) %p) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %a0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v0 = load float, ptr addrspace(1) %a0, align 4
  %twice = fadd float %v0, %v0
  call spir_func void @_Z7barrierj(i32 1)
  store float %twice, ptr addrspace(1) %a0, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

!0 = !{i32 1}
!1 = !{!"none"}
!2 = !{!"float*"}
!3 = !{!""}
!4 = !{!"p"}

; CHECK-NOT: @scattered.body.region{{[01]}}.packet
; CHECK: define void @scattered.wg({{.*}}) [[SCALAR_WG:#[0-9]+]]
; CHECK: br i1 {{.*}}, label %lid.x.loop, label %lid.x.exit, !llvm.loop [[FIRST:![0-9]+]]
; CHECK: br i1 {{.*}}, label %lid.x.loop{{[0-9]+}}, label %lid.x.exit{{[0-9]+}}, !llvm.loop [[SECOND:![0-9]+]]
; CHECK: define internal i32 @consecutive.body.region0.packet8.rows(
; CHECK: define internal i32 @consecutive.body.region1.packet8.rows(
; CHECK: define void @consecutive.wg({{.*}}) [[PACKET_WG:#[0-9]+]]
; CHECK: attributes [[SCALAR_WG]] = { {{.*}}"corecl.vector-width"="1"
; CHECK: attributes [[PACKET_WG]] = { {{.*}}"corecl.vector-width"="8"
; CHECK: [[FIRST]] = distinct !{[[FIRST]], !{{[0-9]+}}, [[OFF:![0-9]+]]}
; CHECK: [[OFF]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK: [[SECOND]] = distinct !{[[SECOND]], !{{[0-9]+}}, [[OFF]]}
