; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets,corecl-barrier-regions,corecl-work-group-loops
; OPTIONS: -body-packets -simd-bytes=32
; A switch on a uniform value whose cases share a successor gives the
; successor's phi one entry per case, all with one value. When the phi
; varies between work-items, its packet copy must repeat one broadcast of
; that value per edge: a broadcast made per entry left entries for one
; block that differ, the packet failed verification and the kernel ran one
; work-item at a time (darktable's image kernels, whose reads inline a
; switch on the image's channel type).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @shared_case(ptr addrspace(1) %p, float %a, i32 %k) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  %x = load float, ptr addrspace(1) %slot, align 4
  %h = fmul float %a, 5.000000e-01
  switch i32 %k, label %other [
    i32 1, label %join
    i32 2, label %join
  ]
other:
  br label %join
join:
  %v = phi float [ %a, %entry ], [ %a, %entry ], [ %x, %other ]
  store float %v, ptr addrspace(1) %slot, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

; CHECK: define internal void @shared_case.body.packet8.rows(
; CHECK: phi <8 x float> [ [[SPLAT:%[^,]+]], %[[FROM:[^ ]+]] ], [ [[SPLAT]], %[[FROM]] ], [ %x

!0 = !{i32 1, i32 0, i32 0}
!1 = !{!"none", !"none", !"none"}
!2 = !{!"float*", !"float", !"int"}
!3 = !{!"", !"", !""}
!4 = !{!"p", !"a", !"k"}
