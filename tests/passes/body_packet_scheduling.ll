; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets,corecl-barrier-regions,corecl-work-group-loops
; OPTIONS: -body-packets -simd-bytes=32
; Which work-group functions code generation schedules for register
; pressure (work_group_loops.cpp, packetRows; llvm_init.cpp): those whose
; rows of packets have loops (a naive SGEMM's k loop ran 6.7 -> 11.9 ms in
; source order), not those of a loop-free body packet, whose long chains
; of integer operations (clpeak's int kernels) ran three times as fast in
; source order.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @scale(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %x = load float, ptr addrspace(1) %slot, align 4
  %y = fmul float %x, %a
  store float %y, ptr addrspace(1) %slot, align 4
  ret void
}

define spir_kernel void @powers(ptr addrspace(1) %p, float %a) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %x = load float, ptr addrspace(1) %slot, align 4
  %n = fptoui float %a to i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ %x, %entry ], [ %v.next, %loop ]
  %v.next = fmul float %v, %x
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  store float %v.next, ptr addrspace(1) %slot, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

; CHECK: define void @scale.wg({{.*}}) #[[SCALE:[0-9]+]]
; CHECK: define void @powers.wg({{.*}}) #[[POWERS:[0-9]+]]
; CHECK: attributes #[[SCALE]] = {
; CHECK-NOT: pressure-scheduling
; CHECK-SAME: "corecl.packet-width"="8"
; CHECK-NOT: pressure-scheduling
; CHECK-SAME: "corecl.wi-storage"="0" }
; CHECK: attributes #[[POWERS]] = { {{.*}}"corecl.packet-width"="8" "corecl.pressure-scheduling"

!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"float*", !"float"}
!3 = !{!"", !""}
!4 = !{!"p", !"a"}
