; PASSES: corecl-kernel-body,corecl-local-memory,corecl-barrier-regions,corecl-region-packets
; OPTIONS: -region-packets -simd-bytes=32
; A region packet keeps a register's worth of lanes however many values
; the region keeps live (packet_width.cpp, LiveLimit::NotBelowARegister):
; the region after the barrier loads 72 floats per work-item before it
; adds the first two, 288 live bytes, which within 56 registers of 32
; bytes would leave 4 lanes (half a register of floats); the loop
; vectoriser takes 8 for the same region.
; A load or store whose address is the same for every lane (a uniform
; `long` the region reads and writes in a slot of the group, a loop
; counter across barriers) leaves the width to the floats the lanes
; compute with: 8 lanes, not the 4 of a register of longs.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

define spir_kernel void @many_live(ptr addrspace(1) %p, ptr addrspace(3) %tmp) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %mine = getelementptr inbounds float, ptr addrspace(3) %tmp, i64 %lid
  store float 1.0, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %row = mul i64 %gid, 72
  %i0 = add i64 %row, 0
  %a0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i0
  %v0 = load volatile float, ptr addrspace(1) %a0, align 4
  %i1 = add i64 %row, 1
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i1
  %v1 = load volatile float, ptr addrspace(1) %a1, align 4
  %i2 = add i64 %row, 2
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i2
  %v2 = load volatile float, ptr addrspace(1) %a2, align 4
  %i3 = add i64 %row, 3
  %a3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i3
  %v3 = load volatile float, ptr addrspace(1) %a3, align 4
  %i4 = add i64 %row, 4
  %a4 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i4
  %v4 = load volatile float, ptr addrspace(1) %a4, align 4
  %i5 = add i64 %row, 5
  %a5 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i5
  %v5 = load volatile float, ptr addrspace(1) %a5, align 4
  %i6 = add i64 %row, 6
  %a6 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i6
  %v6 = load volatile float, ptr addrspace(1) %a6, align 4
  %i7 = add i64 %row, 7
  %a7 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i7
  %v7 = load volatile float, ptr addrspace(1) %a7, align 4
  %i8 = add i64 %row, 8
  %a8 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i8
  %v8 = load volatile float, ptr addrspace(1) %a8, align 4
  %i9 = add i64 %row, 9
  %a9 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i9
  %v9 = load volatile float, ptr addrspace(1) %a9, align 4
  %i10 = add i64 %row, 10
  %a10 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i10
  %v10 = load volatile float, ptr addrspace(1) %a10, align 4
  %i11 = add i64 %row, 11
  %a11 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i11
  %v11 = load volatile float, ptr addrspace(1) %a11, align 4
  %i12 = add i64 %row, 12
  %a12 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i12
  %v12 = load volatile float, ptr addrspace(1) %a12, align 4
  %i13 = add i64 %row, 13
  %a13 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i13
  %v13 = load volatile float, ptr addrspace(1) %a13, align 4
  %i14 = add i64 %row, 14
  %a14 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i14
  %v14 = load volatile float, ptr addrspace(1) %a14, align 4
  %i15 = add i64 %row, 15
  %a15 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i15
  %v15 = load volatile float, ptr addrspace(1) %a15, align 4
  %i16 = add i64 %row, 16
  %a16 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i16
  %v16 = load volatile float, ptr addrspace(1) %a16, align 4
  %i17 = add i64 %row, 17
  %a17 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i17
  %v17 = load volatile float, ptr addrspace(1) %a17, align 4
  %i18 = add i64 %row, 18
  %a18 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i18
  %v18 = load volatile float, ptr addrspace(1) %a18, align 4
  %i19 = add i64 %row, 19
  %a19 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i19
  %v19 = load volatile float, ptr addrspace(1) %a19, align 4
  %i20 = add i64 %row, 20
  %a20 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i20
  %v20 = load volatile float, ptr addrspace(1) %a20, align 4
  %i21 = add i64 %row, 21
  %a21 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i21
  %v21 = load volatile float, ptr addrspace(1) %a21, align 4
  %i22 = add i64 %row, 22
  %a22 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i22
  %v22 = load volatile float, ptr addrspace(1) %a22, align 4
  %i23 = add i64 %row, 23
  %a23 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i23
  %v23 = load volatile float, ptr addrspace(1) %a23, align 4
  %i24 = add i64 %row, 24
  %a24 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i24
  %v24 = load volatile float, ptr addrspace(1) %a24, align 4
  %i25 = add i64 %row, 25
  %a25 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i25
  %v25 = load volatile float, ptr addrspace(1) %a25, align 4
  %i26 = add i64 %row, 26
  %a26 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i26
  %v26 = load volatile float, ptr addrspace(1) %a26, align 4
  %i27 = add i64 %row, 27
  %a27 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i27
  %v27 = load volatile float, ptr addrspace(1) %a27, align 4
  %i28 = add i64 %row, 28
  %a28 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i28
  %v28 = load volatile float, ptr addrspace(1) %a28, align 4
  %i29 = add i64 %row, 29
  %a29 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i29
  %v29 = load volatile float, ptr addrspace(1) %a29, align 4
  %i30 = add i64 %row, 30
  %a30 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i30
  %v30 = load volatile float, ptr addrspace(1) %a30, align 4
  %i31 = add i64 %row, 31
  %a31 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i31
  %v31 = load volatile float, ptr addrspace(1) %a31, align 4
  %i32 = add i64 %row, 32
  %a32 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i32
  %v32 = load volatile float, ptr addrspace(1) %a32, align 4
  %i33 = add i64 %row, 33
  %a33 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i33
  %v33 = load volatile float, ptr addrspace(1) %a33, align 4
  %i34 = add i64 %row, 34
  %a34 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i34
  %v34 = load volatile float, ptr addrspace(1) %a34, align 4
  %i35 = add i64 %row, 35
  %a35 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i35
  %v35 = load volatile float, ptr addrspace(1) %a35, align 4
  %i36 = add i64 %row, 36
  %a36 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i36
  %v36 = load volatile float, ptr addrspace(1) %a36, align 4
  %i37 = add i64 %row, 37
  %a37 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i37
  %v37 = load volatile float, ptr addrspace(1) %a37, align 4
  %i38 = add i64 %row, 38
  %a38 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i38
  %v38 = load volatile float, ptr addrspace(1) %a38, align 4
  %i39 = add i64 %row, 39
  %a39 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i39
  %v39 = load volatile float, ptr addrspace(1) %a39, align 4
  %i40 = add i64 %row, 40
  %a40 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i40
  %v40 = load volatile float, ptr addrspace(1) %a40, align 4
  %i41 = add i64 %row, 41
  %a41 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i41
  %v41 = load volatile float, ptr addrspace(1) %a41, align 4
  %i42 = add i64 %row, 42
  %a42 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i42
  %v42 = load volatile float, ptr addrspace(1) %a42, align 4
  %i43 = add i64 %row, 43
  %a43 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i43
  %v43 = load volatile float, ptr addrspace(1) %a43, align 4
  %i44 = add i64 %row, 44
  %a44 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i44
  %v44 = load volatile float, ptr addrspace(1) %a44, align 4
  %i45 = add i64 %row, 45
  %a45 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i45
  %v45 = load volatile float, ptr addrspace(1) %a45, align 4
  %i46 = add i64 %row, 46
  %a46 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i46
  %v46 = load volatile float, ptr addrspace(1) %a46, align 4
  %i47 = add i64 %row, 47
  %a47 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i47
  %v47 = load volatile float, ptr addrspace(1) %a47, align 4
  %i48 = add i64 %row, 48
  %a48 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i48
  %v48 = load volatile float, ptr addrspace(1) %a48, align 4
  %i49 = add i64 %row, 49
  %a49 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i49
  %v49 = load volatile float, ptr addrspace(1) %a49, align 4
  %i50 = add i64 %row, 50
  %a50 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i50
  %v50 = load volatile float, ptr addrspace(1) %a50, align 4
  %i51 = add i64 %row, 51
  %a51 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i51
  %v51 = load volatile float, ptr addrspace(1) %a51, align 4
  %i52 = add i64 %row, 52
  %a52 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i52
  %v52 = load volatile float, ptr addrspace(1) %a52, align 4
  %i53 = add i64 %row, 53
  %a53 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i53
  %v53 = load volatile float, ptr addrspace(1) %a53, align 4
  %i54 = add i64 %row, 54
  %a54 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i54
  %v54 = load volatile float, ptr addrspace(1) %a54, align 4
  %i55 = add i64 %row, 55
  %a55 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i55
  %v55 = load volatile float, ptr addrspace(1) %a55, align 4
  %i56 = add i64 %row, 56
  %a56 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i56
  %v56 = load volatile float, ptr addrspace(1) %a56, align 4
  %i57 = add i64 %row, 57
  %a57 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i57
  %v57 = load volatile float, ptr addrspace(1) %a57, align 4
  %i58 = add i64 %row, 58
  %a58 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i58
  %v58 = load volatile float, ptr addrspace(1) %a58, align 4
  %i59 = add i64 %row, 59
  %a59 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i59
  %v59 = load volatile float, ptr addrspace(1) %a59, align 4
  %i60 = add i64 %row, 60
  %a60 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i60
  %v60 = load volatile float, ptr addrspace(1) %a60, align 4
  %i61 = add i64 %row, 61
  %a61 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i61
  %v61 = load volatile float, ptr addrspace(1) %a61, align 4
  %i62 = add i64 %row, 62
  %a62 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i62
  %v62 = load volatile float, ptr addrspace(1) %a62, align 4
  %i63 = add i64 %row, 63
  %a63 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i63
  %v63 = load volatile float, ptr addrspace(1) %a63, align 4
  %i64 = add i64 %row, 64
  %a64 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i64
  %v64 = load volatile float, ptr addrspace(1) %a64, align 4
  %i65 = add i64 %row, 65
  %a65 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i65
  %v65 = load volatile float, ptr addrspace(1) %a65, align 4
  %i66 = add i64 %row, 66
  %a66 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i66
  %v66 = load volatile float, ptr addrspace(1) %a66, align 4
  %i67 = add i64 %row, 67
  %a67 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i67
  %v67 = load volatile float, ptr addrspace(1) %a67, align 4
  %i68 = add i64 %row, 68
  %a68 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i68
  %v68 = load volatile float, ptr addrspace(1) %a68, align 4
  %i69 = add i64 %row, 69
  %a69 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i69
  %v69 = load volatile float, ptr addrspace(1) %a69, align 4
  %i70 = add i64 %row, 70
  %a70 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i70
  %v70 = load volatile float, ptr addrspace(1) %a70, align 4
  %i71 = add i64 %row, 71
  %a71 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i71
  %v71 = load volatile float, ptr addrspace(1) %a71, align 4
  %s70 = fadd float %v71, %v70
  %s69 = fadd float %s70, %v69
  %s68 = fadd float %s69, %v68
  %s67 = fadd float %s68, %v67
  %s66 = fadd float %s67, %v66
  %s65 = fadd float %s66, %v65
  %s64 = fadd float %s65, %v64
  %s63 = fadd float %s64, %v63
  %s62 = fadd float %s63, %v62
  %s61 = fadd float %s62, %v61
  %s60 = fadd float %s61, %v60
  %s59 = fadd float %s60, %v59
  %s58 = fadd float %s59, %v58
  %s57 = fadd float %s58, %v57
  %s56 = fadd float %s57, %v56
  %s55 = fadd float %s56, %v55
  %s54 = fadd float %s55, %v54
  %s53 = fadd float %s54, %v53
  %s52 = fadd float %s53, %v52
  %s51 = fadd float %s52, %v51
  %s50 = fadd float %s51, %v50
  %s49 = fadd float %s50, %v49
  %s48 = fadd float %s49, %v48
  %s47 = fadd float %s48, %v47
  %s46 = fadd float %s47, %v46
  %s45 = fadd float %s46, %v45
  %s44 = fadd float %s45, %v44
  %s43 = fadd float %s44, %v43
  %s42 = fadd float %s43, %v42
  %s41 = fadd float %s42, %v41
  %s40 = fadd float %s41, %v40
  %s39 = fadd float %s40, %v39
  %s38 = fadd float %s39, %v38
  %s37 = fadd float %s38, %v37
  %s36 = fadd float %s37, %v36
  %s35 = fadd float %s36, %v35
  %s34 = fadd float %s35, %v34
  %s33 = fadd float %s34, %v33
  %s32 = fadd float %s33, %v32
  %s31 = fadd float %s32, %v31
  %s30 = fadd float %s31, %v30
  %s29 = fadd float %s30, %v29
  %s28 = fadd float %s29, %v28
  %s27 = fadd float %s28, %v27
  %s26 = fadd float %s27, %v26
  %s25 = fadd float %s26, %v25
  %s24 = fadd float %s25, %v24
  %s23 = fadd float %s24, %v23
  %s22 = fadd float %s23, %v22
  %s21 = fadd float %s22, %v21
  %s20 = fadd float %s21, %v20
  %s19 = fadd float %s20, %v19
  %s18 = fadd float %s19, %v18
  %s17 = fadd float %s18, %v17
  %s16 = fadd float %s17, %v16
  %s15 = fadd float %s16, %v15
  %s14 = fadd float %s15, %v14
  %s13 = fadd float %s14, %v13
  %s12 = fadd float %s13, %v12
  %s11 = fadd float %s12, %v11
  %s10 = fadd float %s11, %v10
  %s9 = fadd float %s10, %v9
  %s8 = fadd float %s9, %v8
  %s7 = fadd float %s8, %v7
  %s6 = fadd float %s7, %v6
  %s5 = fadd float %s6, %v5
  %s4 = fadd float %s5, %v4
  %s3 = fadd float %s4, %v3
  %s2 = fadd float %s3, %v2
  %s1 = fadd float %s2, %v1
  %s0 = fadd float %s1, %v0
  %out = getelementptr inbounds float, ptr addrspace(1) %p, i64 %gid
  store float %s0, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @uniform_long(ptr addrspace(3) %x, ptr addrspace(3) %count) !kernel_arg_addr_space !5 !kernel_arg_access_qual !1 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !3 !kernel_arg_name !7 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  call spir_func void @_Z7barrierj(i32 1)
  %n = load i64, ptr addrspace(3) %count, align 8
  %next = add i64 %n, 1
  store i64 %next, ptr addrspace(3) %count, align 8
  %far = add i64 %lid, %n
  %theirs = getelementptr inbounds float, ptr addrspace(3) %x, i64 %far
  %v = load float, ptr addrspace(3) %theirs, align 4
  %mine = getelementptr inbounds float, ptr addrspace(3) %x, i64 %lid
  store float %v, ptr addrspace(3) %mine, align 4
  call spir_func void @_Z7barrierj(i32 1)
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32)

; CHECK: define internal i32 @many_live.body.region1.packet8(
; CHECK: define internal i32 @uniform_long.body.region1.packet8(

!0 = !{i32 1, i32 3}
!1 = !{!"none", !"none"}
!2 = !{!"float*", !"float*"}
!3 = !{!"", !""}
!4 = !{!"p", !"tmp"}
!5 = !{i32 3, i32 3}
!6 = !{!"float*", !"long*"}
!7 = !{!"x", !"count"}
