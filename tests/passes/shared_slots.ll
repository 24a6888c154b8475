; PASSES: corecl-kernel-body,corecl-barrier-regions
; A tiled loop: copy a tile, barrier, accumulate over it, barrier, next
; tile. The accumulator goes around the loop through a phi in the loop
; header (kept across the first barrier) and the sum the inner loop
; leaves (kept across the second). The two never need storage at the same
; time, so they share one slot (passes/shared_slots.cpp): the region after
; the second barrier, which only passes the sum on to the next tile's copy,
; reloads it and stores it back to the same place, and that store goes.
; Only the end of the kernel (the exit path of that region) reloads it.
;
; CHECK-LABEL: define internal i32 @tiles.body.region0(
; CHECK: store float 0.000000e+00, ptr %{{.*}}, !corecl.slot ![[SLOT:[0-9]+]]
; CHECK-LABEL: define internal i32 @tiles.body.region1(
; CHECK: load float, ptr %{{.*}}, !corecl.slot ![[SLOT]]
; CHECK: store float %{{.*}}, ptr %{{.*}}, !corecl.slot ![[SLOT]]
; CHECK-LABEL: define internal i32 @tiles.body.region2(
; CHECK-NOT: store {{.*}}!corecl.slot
; CHECK: load float, ptr %{{.*}}, !corecl.slot ![[SLOT]]
; CHECK-NOT: store {{.*}}!corecl.slot
; CHECK: ![[SLOT]] = !{i64 {{[0-9]+}}}
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@tiles.tile = internal addrspace(3) global [64 x float] undef, align 4

define spir_kernel void @tiles(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %call = call spir_func i64 @_Z12get_local_idj(i32 0)
  %x = trunc i64 %call to i32
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %tile, label %done

tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %next ]
  %acc = phi float [ 0.000000e+00, %entry ], [ %sum, %next ]
  %at = add nsw i32 %t, %x
  %at.64 = sext i32 %at to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %a, i64 %at.64
  %v = load float, ptr addrspace(1) %src, align 4
  %x.64 = sext i32 %x to i64
  %dst = getelementptr inbounds [64 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %x.64
  store float %v, ptr addrspace(3) %dst, align 4
  call spir_func void @_Z7barrierj(i32 1)
  br label %inner

inner:
  %k = phi i32 [ 0, %tile ], [ %k.next, %inner ]
  %part = phi float [ %acc, %tile ], [ %sum, %inner ]
  %k.64 = zext nneg i32 %k to i64
  %elt = getelementptr inbounds [64 x float], ptr addrspace(3) @tiles.tile, i64 0, i64 %k.64
  %e = load float, ptr addrspace(3) %elt, align 4
  %xk = add nsw i32 %k, %x
  %w = sitofp i32 %xk to float
  %sum = call float @llvm.fmuladd.f32(float %e, float %w, float %part)
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k, 63
  br i1 %more, label %inner, label %next

next:
  call spir_func void @_Z7barrierj(i32 1)
  %t.next = add nuw nsw i32 %t, 64
  %again = icmp slt i32 %t.next, %n
  br i1 %again, label %tile, label %done

done:
  %result = phi float [ %sum, %next ], [ 0.000000e+00, %entry ]
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %to = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %result, ptr addrspace(1) %to, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)
declare float @llvm.fmuladd.f32(float, float, float)
