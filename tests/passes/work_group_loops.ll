; PASSES: corecl-kernel-body,corecl-printf,corecl-local-memory,corecl-barrier-regions,corecl-work-group-loops
; The whole formation: the kernel becomes @scale.wg(args, ctx), which loads
; its arguments from the args block, loops over the groups of its slice and
; over the work-items, and marks the innermost work-item loop parallel for
; the loop vectoriser.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @scale(float %a, ptr addrspace(1) %p) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %v = load float, ptr addrspace(1) %slot
  %m = fmul float %v, %a
  store float %m, ptr addrspace(1) %slot
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

!0 = !{i32 0, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"float", !"float*"}
!3 = !{!"", !""}
!4 = !{!"a", !"p"}

; CHECK-NOT: define spir_kernel void @scale(
; CHECK: define void @scale.wg(ptr noalias nocapture readonly %args, ptr noalias nocapture readonly %ctx) [[WG:#[0-9]+]]
; CHECK: %a = load float, ptr %{{[0-9]+}}, align 1
; CHECK: getelementptr inbounds i8, ptr %args, i64 8
; CHECK: group.loop:
; CHECK: lid.x.loop:
; CHECK: fmul float
; CHECK: br i1 {{.*}}, label %lid.x.loop, label %lid.x.exit, !llvm.loop [[LOOP:![0-9]+]]
; CHECK: attributes [[WG]] = { nounwind "corecl.barriers"="0" "corecl.local-bytes"="0" "corecl.sub-group-width"="16" "corecl.vector-width"="16" "corecl.wi-storage"="0" }
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[PARALLEL:![0-9]+]], [[ENABLE:![0-9]+]]}
; CHECK: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK: [[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
