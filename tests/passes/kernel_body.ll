; PASSES: corecl-kernel-body
; The body takes the work-item parameters and computes get_global_id from
; them: group id * enqueued local size (ctx field 2) + local id + offset
; (ctx field 1). No work-item function is called any more.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %v = load float, ptr addrspace(1) %src
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %v, ptr addrspace(1) %dst
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

; CHECK: define internal void @copy.body(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr %ctx, i64 %group.x, i64 %group.y, i64 %group.z, i64 %lid.x, i64 %lid.y, i64 %lid.z, i64 %lsize.x, i64 %lsize.y, i64 %lsize.z, ptr %wi.base) [[BODY:#[0-9]+]]
; CHECK-NOT: call {{.*}}get_global_id
; CHECK: getelementptr inbounds %corecl.wg_ctx, ptr %ctx, i32 0, i32 2
; CHECK: [[SIZE:%[0-9]+]] = load i64
; CHECK: [[BASE:%[0-9]+]] = mul i64 %group.x, [[SIZE]]
; CHECK: [[ID:%[0-9]+]] = add i64 [[BASE]], %lid.x
; CHECK: getelementptr inbounds %corecl.wg_ctx, ptr %ctx, i32 0, i32 1
; CHECK: [[OFFSET:%[0-9]+]] = load i64
; CHECK: [[GID:%[0-9]+]] = add i64 [[ID]], [[OFFSET]]
; CHECK: getelementptr inbounds float, ptr addrspace(1) %in, i64 [[GID]]
; CHECK: ret void
; CHECK: attributes [[BODY]] = { "corecl.body-of"="copy" }
