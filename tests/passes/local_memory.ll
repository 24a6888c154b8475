; PASSES: corecl-kernel-body,corecl-local-memory
; Kernel-scope __local variables move into the work-group's local arena
; (ctx field 8, the worker's own): each at a fixed offset in the order
; declared, aligned for its type (the 64-byte tile at 0, the double at
; 64), used through an address-space cast of the arena address. __local
; pointer arguments stay (the runtime places them in the arena after the
; variables). The kernel records the bytes it needs, 72, for the runtime.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@l.tile = internal addrspace(3) global [16 x i32] undef, align 4
@l.scale = internal addrspace(3) global double undef, align 8

define spir_kernel void @l(ptr addrspace(1) %out, ptr addrspace(3) %arg) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %i = trunc i64 %lid to i32
  %t = getelementptr inbounds [16 x i32], ptr addrspace(3) @l.tile, i64 0, i64 %lid
  store i32 %i, ptr addrspace(3) %t
  store double 2.0, ptr addrspace(3) @l.scale
  %a = getelementptr inbounds i32, ptr addrspace(3) %arg, i64 %lid
  store i32 %i, ptr addrspace(3) %a
  call spir_func void @_Z7barrierj(i32 1)
  %r = sub i64 15, %lid
  %t2 = getelementptr inbounds [16 x i32], ptr addrspace(3) @l.tile, i64 0, i64 %r
  %x = load i32, ptr addrspace(3) %t2
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %x, ptr addrspace(1) %o
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK: define spir_kernel void @l({{.*}}) [[KERNEL:#[0-9]+]]
; CHECK: define internal void @l.body(
; CHECK: [[FIELD:%[0-9]+]] = getelementptr inbounds %corecl.wg_ctx, ptr %ctx, i32 0, i32 8
; CHECK-NEXT: %local.arena = load ptr, ptr [[FIELD]]
; CHECK-NEXT: [[TILE:%[0-9]+]] = getelementptr inbounds i8, ptr %local.arena, i64 0
; CHECK-NEXT: %l.tile.arena = addrspacecast ptr [[TILE]] to ptr addrspace(3)
; CHECK-NEXT: [[SCALE:%[0-9]+]] = getelementptr inbounds i8, ptr %local.arena, i64 64
; CHECK-NEXT: %l.scale.arena = addrspacecast ptr [[SCALE]] to ptr addrspace(3)
; CHECK-NOT: @l.tile
; CHECK-NOT: @l.scale
; CHECK: getelementptr inbounds [16 x i32], ptr addrspace(3) %l.tile.arena, i64 0, i64 %lid.x
; CHECK: store double 2.000000e+00, ptr addrspace(3) %l.scale.arena
; CHECK: getelementptr inbounds i32, ptr addrspace(3) %arg, i64 %lid.x
; CHECK: getelementptr inbounds [16 x i32], ptr addrspace(3) %l.tile.arena, i64 0, i64 %r
; CHECK: ret void
; CHECK: attributes [[KERNEL]] = { "corecl.local-bytes"="72" }
