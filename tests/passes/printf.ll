; PASSES: corecl-kernel-body,corecl-printf
; printf becomes one record in the launch's printf buffer (layout in
; include/corecl/printf_abi.h): room taken with one atomic add on the
; cursor (buffer and capacity from ctx fields 10 and 11); a 16-byte header
; (size 64, 3 arguments, the format's address); then each argument's
; 8-byte header (kind | element bytes << 8 | lanes << 16: 0x10401 an int,
; 0x10802 a double, 0x20401 an int2) and its data padded to 8 bytes.
; printf returns 0, or -1 without a buffer or when the record did not fit.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@.str = private unnamed_addr addrspace(2) constant [18 x i8] c"i=%d f=%f v=%v2d\0A\00", align 1

define spir_kernel void @p(ptr addrspace(1) %out, float %f) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %d = fpext float %f to double
  %v = insertelement <2 x i32> <i32 poison, i32 2>, i32 %i, i64 0
  %n = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @.str, i32 %i, double %d, <2 x i32> %v)
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %n, ptr addrspace(1) %slot
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i32 @printf(ptr addrspace(2), ...)

; CHECK: define internal void @p.body(
; CHECK-NOT: call {{.*}}@printf
; CHECK: [[BUF_FIELD:%[0-9]+]] = getelementptr inbounds %corecl.wg_ctx, ptr %ctx, i32 0, i32 10
; CHECK: [[BUF:%[0-9]+]] = load ptr, ptr [[BUF_FIELD]]
; CHECK: [[CAP_FIELD:%[0-9]+]] = getelementptr inbounds %corecl.wg_ctx, ptr %ctx, i32 0, i32 11
; CHECK: [[CAP:%[0-9]+]] = load i64, ptr [[CAP_FIELD]]
; CHECK: [[HAVE:%[0-9]+]] = icmp ne ptr [[BUF]], null
; CHECK: [[AT:%[0-9]+]] = atomicrmw add ptr [[BUF]], i64 64 monotonic
; CHECK: [[END:%[0-9]+]] = add i64 [[AT]], 64
; CHECK: [[ROOM:%[0-9]+]] = sub i64 [[CAP]], 8
; CHECK: [[FITS:%[0-9]+]] = icmp ule i64 [[END]], [[ROOM]]
; CHECK: [[OFF:%[0-9]+]] = add i64 [[AT]], 8
; CHECK: [[REC:%[0-9]+]] = getelementptr inbounds i8, ptr [[BUF]], i64 [[OFF]]
; CHECK: store i32 64, ptr
; CHECK: store i32 3, ptr
; CHECK: store i64 ptrtoint (ptr addrspace(2) @.str to i64), ptr
; CHECK: [[A0:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 16
; CHECK-NEXT: store i64 66561, ptr [[A0]]
; CHECK: [[D0:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 24
; CHECK-NEXT: store i32 %i, ptr [[D0]]
; CHECK: [[A1:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 32
; CHECK-NEXT: store i64 67586, ptr [[A1]]
; CHECK: [[D1:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 40
; CHECK-NEXT: store double %d, ptr [[D1]]
; CHECK: [[A2:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 48
; CHECK-NEXT: store i64 132097, ptr [[A2]]
; CHECK: [[D2:%[0-9]+]] = getelementptr inbounds i8, ptr [[REC]], i64 56
; CHECK-NEXT: store <2 x i32> %v, ptr [[D2]]
; CHECK: select i1 [[FITS]], i32 0, i32 -1
; CHECK: %printf.result = phi i32 [ -1, %entry ], [ {{%[0-9]+}}, {{%[0-9]+}} ]
; CHECK: store i32 %printf.result
; The kernel says it prints, so the runtime gives it a buffer.
; CHECK: attributes #{{[0-9]+}} = { "corecl.printf"="1" }
