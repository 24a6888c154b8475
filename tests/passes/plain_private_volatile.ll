; PASSES: function(corecl-plain-private-volatile)
; Volatile accesses to a private variable whose address is only loaded
; from and stored to (also through GEPs) become plain, so that SROA can
; keep it in a register. A private variable whose address is passed to a
; call or stored keeps its volatile accesses, and so do volatile accesses
; to global and local memory.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare spir_func void @opaque(ptr)

; CHECK-LABEL: define spir_kernel void @kept_private(
; CHECK: store i32 %v, ptr %tid, align 4
; CHECK: %a = load i32, ptr %tid, align 4
; CHECK: store i32 1, ptr %elem, align 4
; CHECK: %b = load i32, ptr %elem, align 4
define spir_kernel void @kept_private(ptr addrspace(1) %out, i32 %v) {
entry:
  %tid = alloca i32, align 4
  %arr = alloca [4 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %tid)
  store volatile i32 %v, ptr %tid, align 4
  %a = load volatile i32, ptr %tid, align 4
  %elem = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 2
  store volatile i32 1, ptr %elem, align 4
  %b = load volatile i32, ptr %elem, align 4
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(1) %out, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %tid)
  ret void
}

; CHECK-LABEL: define spir_kernel void @escaping(
; CHECK: store volatile i32 %v, ptr %passed, align 4
; CHECK: load volatile i32, ptr %passed, align 4
; CHECK: store volatile i32 %v, ptr %stored, align 4
; CHECK: load volatile i32, ptr %stored, align 4
; CHECK: store volatile i32 %v, ptr addrspace(1) %out, align 4
; CHECK: load volatile i32, ptr addrspace(3) %local, align 4
define spir_kernel void @escaping(ptr addrspace(1) %out, ptr addrspace(3) %local, ptr addrspace(1) %slot, i32 %v) {
entry:
  %passed = alloca i32, align 4
  %stored = alloca i32, align 4
  store volatile i32 %v, ptr %passed, align 4
  call spir_func void @opaque(ptr %passed)
  %a = load volatile i32, ptr %passed, align 4
  store volatile i32 %v, ptr %stored, align 4
  store ptr %stored, ptr addrspace(1) %slot, align 8
  %b = load volatile i32, ptr %stored, align 4
  store volatile i32 %v, ptr addrspace(1) %out, align 4
  %c = load volatile i32, ptr addrspace(3) %local, align 4
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  store i32 %t, ptr addrspace(1) %out, align 4
  ret void
}
