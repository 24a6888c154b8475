; PASSES: corecl-kernel-body,corecl-local-memory,corecl-body-packets
; OPTIONS: -body-packets -simd-bytes=32
; A private array whose addresses only reach GEPs, loads and stores of one
; size is laid out lane-interleaved in a packet (lane_interleaved_objects.h):
; lane l's element i at i * 4 * W + l * 4. Its elements at an index the same
; in every lane are one vector store or load at lane 0's address, the
; offset scaled by W (8 lanes: 32 bytes an element); an index that varies
; gathers at offsets scaled the same way, and so does a lane's own copy of
; a GEP in a lane loop (lanes that part at a branch). None is inbounds:
; one past the end of a work-item's array lies past the copies for every
; lane but the first. Arrays whose address
; is merged by a select keep one copy per lane, an array apart (64 bytes).
; The interleaved copies are aligned to a row of units (8 x 4 bytes), so
; that no packet's access straddles two cache lines.

; CHECK-LABEL: define internal void @fill.body.packet8(
; CHECK: %a = alloca [512 x i8], align 32
; CHECK: %a1 = getelementptr i8, ptr %a, <8 x i64> <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28>
; CHECK: even:
; CHECK: mul i64 %{{[0-9]+}}, 32
; CHECK: %[[SLOT:slot[0-9]*]] = getelementptr i8, ptr %a, i64 %{{[0-9]+}}
; CHECK: store <8 x i32> %y, ptr %[[SLOT]], align 4
; CHECK: read:
; CHECK: %[[AT:at[0-9]+]] = getelementptr i8, ptr %a, i64 %{{[0-9]+}}
; CHECK: %e = load <8 x i32>, ptr %[[AT]], align 4
; CHECK: %[[DATA:[0-9]+]] = mul <8 x i64> %{{[0-9]+}}, <i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32>
; CHECK: %at2 = getelementptr i8, <8 x ptr> %a1, <8 x i64> %[[DATA]]
; CHECK: call <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr> %at2
; CHECK: even.lane:
; CHECK: %[[LANEROW:[0-9]+]] = mul i64 %{{[0-9]+}}, 32
; CHECK: %[[LANESLOT:slot[0-9]+]] = getelementptr i8, ptr %{{[0-9]+}}, i64 %[[LANEROW]]
; CHECK: store i32 %{{y[0-9]+}}, ptr %[[LANESLOT]], align 4

; CHECK-LABEL: define internal void @merged.body.packet8(
; CHECK: %a1 = getelementptr i8, ptr %a, <8 x i64> <i64 0, i64 64, i64 128, i64 192, i64 256, i64 320, i64 384, i64 448>
; CHECK: call void @llvm.masked.scatter.v8i32.v8p0(<8 x i32> %v, <8 x ptr> %a1
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @fill(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %a = alloca [16 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %inp = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %v = load i32, ptr addrspace(1) %inp, align 4
  br label %write
write:
  %i = phi i32 [ 0, %entry ], [ %i.next, %written ]
  %odd = and i32 %v, 1
  %c = icmp eq i32 %odd, 0
  %x = add i32 %v, %i
  br i1 %c, label %even, label %written
even:
  %slot = getelementptr inbounds [16 x i32], ptr %a, i64 0, i32 %i
  %y = mul i32 %x, 3
  store i32 %y, ptr %slot, align 4
  br label %written
written:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %read
read:
  %j = phi i32 [ 0, %written ], [ %j.next, %read ]
  %s = phi i32 [ 0, %written ], [ %s.next, %read ]
  %at = getelementptr inbounds i32, ptr %a, i32 %j
  %e = load i32, ptr %at, align 4
  %k = and i32 %e, 15
  %at2 = getelementptr inbounds i32, ptr %a, i32 %k
  %f = load i32, ptr %at2, align 4
  %ef = add i32 %e, %f
  %s.next = add i32 %s, %ef
  %j.next = add i32 %j, 1
  %more2 = icmp slt i32 %j.next, %n
  br i1 %more2, label %read, label %done
done:
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %s.next, ptr addrspace(1) %o, align 4
  ret void
}

define spir_kernel void @merged(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %a = alloca [16 x i32], align 4
  %b = alloca [16 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %inp = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %v = load i32, ptr addrspace(1) %inp, align 4
  %odd = and i32 %v, 1
  %c = icmp eq i32 %odd, 0
  %p = select i1 %c, ptr %a, ptr %b
  store i32 %v, ptr %a, align 4
  store i32 7, ptr %b, align 4
  %e = load i32, ptr %p, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %e, ptr addrspace(1) %o, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)

!0 = !{i32 1, i32 1, i32 0}
!1 = !{!"none", !"none", !"none"}
!2 = !{!"int*", !"int*", !"int"}
!3 = !{!"", !"", !""}
!4 = !{!"in", !"out", !"n"}
