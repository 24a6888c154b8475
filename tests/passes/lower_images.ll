; PASSES: corecl-lower-images
; Images become `ptr addrspace(1)` (to a corecl_image, include/corecl/
; image_abi.h) and samplers an i32 of CLK_* bits, everywhere: kernels and
; helpers are recreated with the lowered signature under their names
; (calling convention, attributes, kernel_arg_* metadata and debug info
; kept), builtins' declarations keep their mangled names, and a sampler
; written in the source (__translate_sampler_initializer) becomes its bits.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; A kernel taking an image and a sampler, calling read_imagef and
; get_image_width (optimised code: the arguments are used directly).
; CHECK: define spir_kernel void @read(ptr addrspace(1) %img, i32 %s, ptr addrspace(1) noundef align 16 %out) #0 !kernel_arg_addr_space ![[AS:[0-9]+]] !kernel_arg_access_qual ![[ACC:[0-9]+]] !kernel_arg_type ![[TY:[0-9]+]] !kernel_arg_base_type ![[TY]] !kernel_arg_type_qual ![[QUAL:[0-9]+]] !kernel_arg_name ![[NAMES:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %pixel = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %img, i32 %s, <2 x i32> noundef zeroinitializer)
; CHECK-NEXT: %width = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(ptr addrspace(1) %img)
define spir_kernel void @read(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, ptr addrspace(1) noundef align 16 %out) #0 !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 !kernel_arg_name !5 {
entry:
  %pixel = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s, <2 x i32> noundef zeroinitializer) #1
  %width = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img) #1
  %w = sitofp i32 %width to float
  %splat = insertelement <4 x float> poison, float %w, i64 0
  %sum = fadd <4 x float> %pixel, %splat
  store <4 x float> %sum, ptr addrspace(1) %out, align 16
  ret void
}

; The builtins' declarations, same names, lowered signatures.
; CHECK-LABEL: declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1), i32, <2 x i32> noundef) #1
; CHECK-LABEL: declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(ptr addrspace(1)) #1
declare spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x i32> noundef) #1
declare spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)) #1

; Unoptimised (-O0) code: arguments stored into allocas and loaded back;
; a kernel-scope constant sampler (the initializer's result stored into
; its alloca) and a program-scope one (passed straight to a call); a 3D
; image and a 2D image array; a helper function taking an image.
; CHECK: define spir_kernel void @unoptimised(ptr addrspace(1) %arr, ptr addrspace(1) %vol, ptr addrspace(1) %out) #2 !kernel_arg_addr_space ![[AS2:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: %arr.addr = alloca ptr addrspace(1), align 8
; CHECK-NEXT: %vol.addr = alloca ptr addrspace(1), align 8
; CHECK-NEXT: %out.addr = alloca ptr addrspace(1), align 8
; CHECK-NEXT: %ks = alloca i32, align 8
; CHECK-NEXT: store ptr addrspace(1) %arr, ptr %arr.addr, align 8
; CHECK-NEXT: store ptr addrspace(1) %vol, ptr %vol.addr, align 8
; CHECK-NEXT: store ptr addrspace(1) %out, ptr %out.addr, align 8
; CHECK-NEXT: call void @llvm.lifetime.start.p0(i64 4, ptr %ks)
; CHECK-NEXT: store i32 20, ptr %ks, align 8
; CHECK-NEXT: %0 = load ptr addrspace(1), ptr %arr.addr, align 8
; CHECK-NEXT: %1 = load i32, ptr %ks, align 8
; CHECK-NEXT: %a = call spir_func <4 x float> @_Z11read_imagef20ocl_image2d_array_ro11ocl_samplerDv4_i(ptr addrspace(1) %0, i32 %1, <4 x i32> noundef zeroinitializer)
; CHECK-NEXT: %2 = load ptr addrspace(1), ptr %vol.addr, align 8
; CHECK-NEXT: %b = call spir_func <4 x float> @helper(ptr addrspace(1) %2, i32 39)
; CHECK-NEXT: %3 = load ptr addrspace(1), ptr %vol.addr, align 8
; CHECK-NEXT: %c = call spir_func i64 @_Z20get_image_array_size20ocl_image2d_array_ro(ptr addrspace(1) %0)
; CHECK: call void @llvm.lifetime.end.p0(i64 4, ptr %ks)
; CHECK-NEXT: ret void
define spir_kernel void @unoptimised(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %arr, target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %vol, ptr addrspace(1) %out) #2 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !kernel_arg_name !10 {
entry:
  %arr.addr = alloca target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0), align 8
  %vol.addr = alloca target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %ks = alloca target("spirv.Sampler"), align 8
  store target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %arr, ptr %arr.addr, align 8
  store target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %vol, ptr %vol.addr, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr %ks)
  %init = call spir_func target("spirv.Sampler") @__translate_sampler_initializer(i32 20)
  store target("spirv.Sampler") %init, ptr %ks, align 8
  %0 = load target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0), ptr %arr.addr, align 8
  %1 = load target("spirv.Sampler"), ptr %ks, align 8
  %a = call spir_func <4 x float> @_Z11read_imagef20ocl_image2d_array_ro11ocl_samplerDv4_i(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %0, target("spirv.Sampler") %1, <4 x i32> noundef zeroinitializer) #1
  %2 = load target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0), ptr %vol.addr, align 8
  %program = call spir_func target("spirv.Sampler") @__translate_sampler_initializer(i32 39)
  %b = call spir_func <4 x float> @helper(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %2, target("spirv.Sampler") %program) #1
  %3 = load target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0), ptr %vol.addr, align 8
  %c = call spir_func i64 @_Z20get_image_array_size20ocl_image2d_array_ro(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0) %0) #1
  %sum = fadd <4 x float> %a, %b
  %out.loaded = load ptr addrspace(1), ptr %out.addr, align 8
  store <4 x float> %sum, ptr addrspace(1) %out.loaded, align 16
  call void @llvm.lifetime.end.p0(i64 8, ptr %ks)
  ret void
}

; A helper taking a 3D image and a sampler: recreated, its debug info kept.
; CHECK: define internal spir_func <4 x float> @helper(ptr addrspace(1) %im, i32 %s) #1 !dbg ![[SP:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: #dbg_value(ptr addrspace(1) %im, ![[IMVAR:[0-9]+]], !DIExpression(),
; CHECK-NEXT: #dbg_value(i32 poison, ![[SVAR:[0-9]+]], !DIExpression(),
; CHECK-NEXT: %r = call spir_func <4 x float> @_Z11read_imagef14ocl_image3d_ro11ocl_samplerDv4_i(ptr addrspace(1) %im, i32 %s, <4 x i32> noundef <i32 1, i32 2, i32 3, i32 0>) #1, !dbg
define internal spir_func <4 x float> @helper(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %im, target("spirv.Sampler") %s) #1 !dbg !20 {
entry:
    #dbg_value(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %im, !24, !DIExpression(), !26)
    #dbg_value(target("spirv.Sampler") poison, !25, !DIExpression(), !26)
  %r = call spir_func <4 x float> @_Z11read_imagef14ocl_image3d_ro11ocl_samplerDv4_i(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0) %im, target("spirv.Sampler") %s, <4 x i32> noundef <i32 1, i32 2, i32 3, i32 0>) #1, !dbg !26
  ret <4 x float> %r, !dbg !26
}

; Phis and selects of images and samplers, and an undef sampler.
; CHECK-LABEL: define spir_func i32 @choose(i1 %c, ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %s)
; CHECK: %img = phi ptr addrspace(1) [ %x, %entry ], [ %y, %other ]
; CHECK-NEXT: %smp = phi i32 [ %s, %entry ], [ undef, %other ]
; CHECK-NEXT: %pick = select i1 %c, ptr addrspace(1) %img, ptr addrspace(1) %x
; CHECK-NEXT: %w = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(ptr addrspace(1) %pick)
define spir_func i32 @choose(i1 %c, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %x, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %y, target("spirv.Sampler") %s) #1 {
entry:
  br i1 %c, label %join, label %other
other:
  br label %join
join:
  %img = phi target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) [ %x, %entry ], [ %y, %other ]
  %smp = phi target("spirv.Sampler") [ %s, %entry ], [ undef, %other ]
  %pick = select i1 %c, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %x
  %w = call spir_func i32 @_Z15get_image_width14ocl_image2d_ro(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %pick) #1
  ret i32 %w
}

; The sampler initializer is gone; the other builtins are declared with
; lowered signatures.
; CHECK-NOT: __translate_sampler_initializer
; CHECK-NOT: spirv.
declare spir_func target("spirv.Sampler") @__translate_sampler_initializer(i32)
declare spir_func <4 x float> @_Z11read_imagef20ocl_image2d_array_ro11ocl_samplerDv4_i(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0), target("spirv.Sampler"), <4 x i32> noundef) #1
declare spir_func <4 x float> @_Z11read_imagef14ocl_image3d_ro11ocl_samplerDv4_i(target("spirv.Image", void, 2, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <4 x i32> noundef) #1
declare spir_func i64 @_Z20get_image_array_size20ocl_image2d_array_ro(target("spirv.Image", void, 1, 0, 1, 0, 0, 0, 0)) #1
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

attributes #0 = { convergent norecurse nounwind "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent noinline norecurse nounwind optnone }

!llvm.module.flags = !{!0, !30}
!llvm.dbg.cu = !{!31}
!0 = !{i32 1, !"wchar_size", i32 4}
!30 = !{i32 2, !"Debug Info Version", i32 3}
!31 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !32, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!32 = !DIFile(filename: "t.cl", directory: "/tmp")
; The kernel metadata is the kernels' own, unchanged.
; CHECK-DAG: ![[AS]] = !{i32 1, i32 0, i32 1}
; CHECK-DAG: ![[ACC]] = !{!"read_only", !"none", !"none"}
; CHECK-DAG: ![[TY]] = !{!"image2d_t", !"sampler_t", !"float4*"}
; CHECK-DAG: ![[NAMES]] = !{!"img", !"s", !"out"}
; CHECK-DAG: ![[AS2]] = !{i32 1, i32 1, i32 1}
; CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "helper"
; CHECK-DAG: ![[IMVAR]] = !DILocalVariable(name: "im", arg: 1
; CHECK-DAG: ![[SVAR]] = !DILocalVariable(name: "s", arg: 2
!1 = !{i32 1, i32 0, i32 1}
!2 = !{!"read_only", !"none", !"none"}
!3 = !{!"image2d_t", !"sampler_t", !"float4*"}
!4 = !{!"", !"", !""}
!5 = !{!"img", !"s", !"out"}
!6 = !{i32 1, i32 1, i32 1}
!7 = !{!"read_only", !"read_only", !"none"}
!8 = !{!"image2d_array_t", !"image3d_t", !"float4*"}
!9 = !{!"", !"", !""}
!10 = !{!"arr", !"vol", !"out"}
!20 = distinct !DISubprogram(name: "helper", scope: !32, file: !32, line: 2, type: !21, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !31, retainedNodes: !23)
!21 = !DISubroutineType(types: !22)
!22 = !{null}
!23 = !{!24, !25}
!24 = !DILocalVariable(name: "im", arg: 1, scope: !20, file: !32, line: 2, type: !27)
!25 = !DILocalVariable(name: "s", arg: 2, scope: !20, file: !32, line: 2, type: !28)
!26 = !DILocation(line: 2, column: 60, scope: !20)
!27 = !DICompositeType(tag: DW_TAG_structure_type, name: "image3d_ro_t", file: !32, flags: DIFlagFwdDecl)
!28 = !DICompositeType(tag: DW_TAG_structure_type, name: "sampler_t", file: !32, flags: DIFlagFwdDecl)
