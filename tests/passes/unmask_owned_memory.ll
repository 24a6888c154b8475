; PASSES: corecl-unmask-owned-memory
; In a work-group function (two arguments, "corecl.wi-storage"), masked
; loads and stores of per-work-item storage (the pointer loaded from
; ctx->wi_storage, at byte 128 of corecl_wg_ctx) and of local memory
; (ctx->local_arena, byte 120) become plain ones: a load, and a load,
; blend and store. A storage slot addressed from the induction variable
; keeps its address; an address computed from loaded data, and any local
; address (the kernel's own guard may be what keeps it in bounds), goes to
; the memory's start when no lane is active. Global memory, accesses wider
; than the ABI's 128 bytes of slack, and functions that are not work-group
; functions keep their masked accesses.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @k.wg(
; CHECK: %mask = icmp ne <8 x i32> %results
; CHECK-NEXT: %owned.any.active = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %mask)
; CHECK: %owned.load = load <8 x float>, ptr %slot, align 4
; CHECK: %owned.old = load <8 x float>, ptr %slot, align 4
; CHECK: %[[BLEND:.*]] = select <8 x i1> %mask, <8 x float> %sum, <8 x float> %owned.old
; CHECK: store <8 x float> %[[BLEND]], ptr %slot, align 4
; CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %sum, ptr %user
; CHECK: call void @llvm.masked.store.v64f32.p0(
; CHECK: %owned.address = select i1 %owned.any.active, ptr %picked, ptr %storage
; CHECK: %owned.load{{.*}} = load <8 x float>, ptr %owned.address, align 4
; CHECK: %[[KEPT:.*]] = select <8 x i1> %mask, <8 x float> %{{.*}}, <8 x float> zeroinitializer
; CHECK: %[[LOCAL:.*]] = select i1 %owned.any.active, ptr %shared, ptr %arena
; CHECK: %[[LOLD:.*]] = load <8 x float>, ptr %[[LOCAL]], align 4
; CHECK: %[[LBLEND:.*]] = select <8 x i1> %mask, <8 x float> %sum, <8 x float> %[[LOLD]]
; CHECK: store <8 x float> %[[LBLEND]], ptr %[[LOCAL]], align 4
; CHECK: ret void
define void @k.wg(ptr %args, ptr %ctx) #0 {
entry:
  %field = getelementptr inbounds i8, ptr %ctx, i64 128
  %storage = load ptr, ptr %field, align 8, !invariant.load !0
  %user = load ptr, ptr %args, align 8
  %arena.field = getelementptr inbounds i8, ptr %ctx, i64 120
  %arena = load ptr, ptr %arena.field, align 8, !invariant.load !0
  br label %loop
loop:
  %index = phi i64 [ 0, %entry ], [ %next, %loop ]
  %result = getelementptr inbounds i32, ptr %storage, i64 %index
  %results = load <8 x i32>, ptr %result, align 4
  %mask = icmp ne <8 x i32> %results, splat (i32 -1)
  %offset = add i64 %index, 1024
  %slot = getelementptr inbounds float, ptr %storage, i64 %offset
  %old = call <8 x float> @llvm.masked.load.v8f32.p0(ptr %slot, i32 4, <8 x i1> %mask, <8 x float> poison)
  %sum = fadd <8 x float> %old, splat (float 1.0)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %sum, ptr %slot, i32 4, <8 x i1> %mask)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %sum, ptr %user, i32 4, <8 x i1> %mask)
  %wide = getelementptr inbounds float, ptr %storage, i64 4096
  %mask64 = shufflevector <8 x i1> %mask, <8 x i1> %mask, <64 x i32> zeroinitializer
  call void @llvm.masked.store.v64f32.p0(<64 x float> zeroinitializer, ptr %wide, i32 4, <64 x i1> %mask64)
  %pick = load i64, ptr %user, align 8
  %picked = getelementptr inbounds float, ptr %storage, i64 %pick
  %kept = call <8 x float> @llvm.masked.load.v8f32.p0(ptr %picked, i32 4, <8 x i1> %mask, <8 x float> zeroinitializer)
  store <8 x float> %kept, ptr %user, align 4
  %local.index = add i64 %index, 16
  %shared = getelementptr inbounds float, ptr %arena, i64 %local.index
  call void @llvm.masked.store.v8f32.p0(<8 x float> %sum, ptr %shared, i32 4, <8 x i1> %mask)
  %next = add i64 %index, 8
  %done = icmp eq i64 %next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @helper(
; CHECK: call void @llvm.masked.store.v8f32.p0(
define void @helper(ptr %args, ptr %ctx) {
entry:
  %field = getelementptr inbounds i8, ptr %ctx, i64 128
  %storage = load ptr, ptr %field, align 8
  call void @llvm.masked.store.v8f32.p0(<8 x float> zeroinitializer, ptr %storage, i32 4, <8 x i1> splat (i1 true))
  ret void
}

declare <8 x float> @llvm.masked.load.v8f32.p0(ptr, i32, <8 x i1>, <8 x float>)
declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr, i32, <8 x i1>)
declare void @llvm.masked.store.v64f32.p0(<64 x float>, ptr, i32, <64 x i1>)

attributes #0 = { "corecl.wi-storage"="16" }
!0 = !{}
