; PASSES: corecl-inline-image-accesses
; OPTIONS: -image-access-budget=10
; Image accesses are inlined into a kernel while their instructions fit the
; budget, the cheapest builtin's calls first and all of one builtin's calls
; or none: here the write (3 instructions, one call) fits, the reads (4
; instructions, three calls) would take 15 of the 10 and stay calls. A
; kernel within the budget has everything inlined; helpers that are not
; image accesses are left alone.
target triple = "spir64-unknown-unknown"

define internal <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %img, i32 %sampler, <2 x i32> %at) noinline {
  %x = extractelement <2 x i32> %at, i64 0
  %p = getelementptr float, ptr addrspace(1) %img, i32 %x
  %v = load <4 x float>, ptr addrspace(1) %p
  ret <4 x float> %v
}

define internal void @_Z12write_imagef14ocl_image2d_woDv2_iDv4_f(ptr addrspace(1) %img, <2 x i32> %at, <4 x float> %color) noinline {
  %x = extractelement <2 x i32> %at, i64 0
  %p = getelementptr float, ptr addrspace(1) %img, i32 %x
  store <4 x float> %color, ptr addrspace(1) %p
  ret void
}

define internal <4 x float> @helper(<4 x float> %a) noinline {
  %b = fadd <4 x float> %a, %a
  ret <4 x float> %b
}

; CHECK-LABEL: define spir_kernel void @stencil(
; CHECK: call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(
; CHECK: call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(
; CHECK: call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(
; CHECK: call <4 x float> @helper(
; CHECK-NOT: call
; CHECK: store <4 x float>
; CHECK: ret void
define spir_kernel void @stencil(ptr addrspace(1) %in, ptr addrspace(1) %out, <2 x i32> %at) {
  %a = call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %in, i32 18, <2 x i32> %at)
  %b = call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %in, i32 18, <2 x i32> %at)
  %c = call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %in, i32 18, <2 x i32> %at)
  %ab = fadd <4 x float> %a, %b
  %abc = fadd <4 x float> %ab, %c
  %d = call <4 x float> @helper(<4 x float> %abc)
  call void @_Z12write_imagef14ocl_image2d_woDv2_iDv4_f(ptr addrspace(1) %out, <2 x i32> %at, <4 x float> %d)
  ret void
}

; CHECK-LABEL: define spir_kernel void @copy(
; CHECK-NOT: call
; CHECK: load <4 x float>
; CHECK-NOT: call
; CHECK: store <4 x float>
; CHECK: ret void
define spir_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out, <2 x i32> %at) {
  %a = call <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(ptr addrspace(1) %in, i32 18, <2 x i32> %at)
  call void @_Z12write_imagef14ocl_image2d_woDv2_iDv4_f(ptr addrspace(1) %out, <2 x i32> %at, <4 x float> %a)
  ret void
}
