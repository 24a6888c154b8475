"""pyopencl on whatever driver OCL_ICD_VENDORS selects, checked against numpy:
its elementwise (also strided, the case that once lost iterations),
reduction, scan and array kernels, its random numbers, a program binary
round trip the way pyopencl's binary cache does it (binary, then a build
with the usual options), and its image API (image_from_array, Image,
Sampler, enqueue_copy) with nearest and linear reads, and where the device
has them, pyopencl's SVM API (svm_empty, SVM arrays as kernel arguments,
enqueue_copy and fill on SVM) and OpenCL C 3.0 kernels with work-group
functions and generic pointers, and a SPIR-V program where the device takes
SPIR-V. Prints one line per check and exits
non-zero if any fails. Run by scripts/real_apps.sh.
"""
import numpy as np, pyopencl as cl, pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
from pyopencl.reduction import ReductionKernel
from pyopencl.scan import InclusiveScanKernel
import pyopencl.clrandom as clr
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
print("device:", ctx.devices[0].name)
ok = True
def check(name, got, exp, tol=1e-4):
    global ok
    good = np.allclose(got, exp, rtol=tol, atol=tol)
    ok &= good
    print(("ok  " if good else "FAIL"), name)
a = np.random.rand(100003).astype(np.float32); b = np.random.rand(100003).astype(np.float32)
ad, bd = cla.to_device(q, a), cla.to_device(q, b)
lin = ElementwiseKernel(ctx, "float *x, float *y, float *z", "z[i] = 2*x[i] + y[i]*y[i]", "lin")
zd = cla.empty_like(ad); lin(ad, bd, zd); check("elementwise", zd.get(), 2*a + b*b)
zd2 = cla.zeros_like(ad); lin(ad, bd, zd2, range=slice(5, 20000, 17)); exp = np.zeros_like(a); exp[5:20000:17] = 2*a[5:20000:17] + b[5:20000:17]**2
check("elementwise strided", zd2.get(), exp)
dot = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]", arguments="float *x, float *y")
check("reduction dot", dot(ad, bd).get(), np.dot(a.astype(np.float64), b), 1e-3)
check("max", cla.max(ad).get(), a.max())
ints = np.random.randint(0, 100, 50001).astype(np.int32)
sc = InclusiveScanKernel(ctx, np.int32, "a+b", neutral="0")
idd = cla.to_device(q, ints); sc(idd); check("inclusive scan", idd.get(), np.cumsum(ints))
check("sum", cla.sum(ad).get(), a.sum(dtype=np.float64), 1e-3)
check("array ops", (ad * 3 + bd / 2 - 1).get(), a*3 + b/2 - 1)
check("where/comparison", cla.if_positive(ad - 0.5, ad, bd).get(), np.where(a - 0.5 > 0, a, b))
r = clr.rand(q, (100000,), np.float32); rv = r.get(); check("random range", [rv.min() >= 0, rv.max() <= 1], [True, True])
# Binary round trip: build from source, take the binary, rebuild from it
# with options (hashcat and pyopencl's cache pass their -D/-I again).
src = "__kernel void twice(__global float *x) { x[get_global_id(0)] *= SCALE; }"
prg = cl.Program(ctx, src).build(options=["-DSCALE=2.0f"])
binary = prg.get_info(cl.program_info.BINARIES)[0]
prg2 = cl.Program(ctx, ctx.devices, [binary]).build(options=["-DSCALE=2.0f", "-I", "."])
xd = cla.to_device(q, a)
prg2.twice(q, a.shape, None, xd.data)
check("binary round trip", xd.get(), 2 * a)
# Images: an RGBA8 picture mirrored with channels swapped (nearest, integer
# coordinates), and a float image averaged along x by linear filtering.
if ctx.devices[0].image_support:
    pic = (np.random.rand(37, 53, 4) * 255).astype(np.uint8)
    src_img = cl.image_from_array(ctx, pic, num_channels=4, mode="r", norm_int=True)
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNORM_INT8)
    dst_img = cl.Image(ctx, cl.mem_flags.WRITE_ONLY, fmt, shape=(53, 37))
    edge = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.NEAREST)
    linear = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.LINEAR)
    img_prg = cl.Program(ctx, """
    __kernel void mirror(read_only image2d_t src, sampler_t s, write_only image2d_t dst) {
      int x = get_global_id(0), y = get_global_id(1);
      float4 c = read_imagef(src, s, (int2)(get_image_width(src) - 1 - x, y));
      write_imagef(dst, (int2)(x, y), c.zyxw);
    }
    __kernel void average(read_only image2d_t src, sampler_t s, __global float *out) {
      int x = get_global_id(0), y = get_global_id(1);
      out[y * get_global_size(0) + x] = read_imagef(src, s, (float2)(x + 1.0f, y + 0.5f)).x;
    }""").build()
    img_prg.mirror(q, (53, 37), None, src_img, edge, dst_img)
    mirrored = np.empty_like(pic)
    cl.enqueue_copy(q, mirrored, dst_img, origin=(0, 0), region=(53, 37))
    check("image mirror (nearest)", mirrored, pic[:, ::-1][..., [2, 1, 0, 3]], 0)
    field = np.random.rand(29, 41).astype(np.float32)
    field_img = cl.image_from_array(ctx, field, num_channels=1, mode="r")
    avg = cla.empty(q, (29, 40), np.float32)
    img_prg.average(q, (40, 29), None, field_img, linear, avg.data)
    check("image average (linear)", avg.get(), (field[:, :-1] + field[:, 1:]) / 2, 1e-6)
# Shared virtual memory through pyopencl's SVM API: a fine-grain array the
# kernel and numpy share, and a coarse-grain one filled and copied by
# enqueued commands.
dev = ctx.devices[0]
svm_caps = dev.get_info(cl.device_info.SVM_CAPABILITIES)
if svm_caps & cl.device_svm_capabilities.FINE_GRAIN_BUFFER:
    fine = cl.svm_empty(ctx, cl.svm_mem_flags.READ_WRITE | cl.svm_mem_flags.SVM_FINE_GRAIN_BUFFER,
                        1000, np.float32)
    fine[:] = np.arange(1000, dtype=np.float32)
    sprg = cl.Program(ctx, "__kernel void sq(__global float *x) { size_t i = get_global_id(0); x[i] = x[i] * x[i] + 1; }").build()
    sprg.sq(q, (1000,), None, cl.SVM(fine)); q.finish()
    check("SVM fine-grain array", fine, np.arange(1000, dtype=np.float32) ** 2 + 1)
    coarse = cl.SVMAllocation(ctx, 4000, 0, cl.svm_mem_flags.READ_WRITE)
    cl.enqueue_fill(q, coarse, np.float32(2.5), 4000)
    host = np.empty(1000, np.float32)
    cl.enqueue_copy(q, host, coarse)
    check("SVM coarse-grain fill and copy", host, np.full(1000, 2.5, np.float32))
if dev.get_info(cl.device_info.WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT) and \
        dev.get_info(cl.device_info.GENERIC_ADDRESS_SPACE_SUPPORT):
    cprg = cl.Program(ctx, '''
      void add_to(int *where, int v) { *where += v; }   // generic pointer
      __kernel void prefix(__global const int *in, __global int *out, __global int *sums) {
        size_t i = get_global_id(0);
        int v = work_group_scan_inclusive_add(in[i]);
        out[i] = v;
        local int total;
        if (get_local_id(0) == 0) total = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (get_local_id(0) == get_local_size(0) - 1) add_to(&total, v);
        barrier(CLK_LOCAL_MEM_FENCE);
        int seen = work_group_broadcast(total, 0);
        if (get_local_id(0) == 0) sums[get_group_id(0)] = seen;
      }''').build(options=["-cl-std=CL3.0"])
    vals = np.random.randint(0, 50, 4096).astype(np.int32)
    ind, outd, sumd = cla.to_device(q, vals), cla.empty(q, 4096, np.int32), cla.empty(q, 16, np.int32)
    cprg.prefix(q, (4096,), (256,), ind.data, outd.data, sumd.data)
    check("CL3.0 work-group scan", outd.get(), np.cumsum(vals.reshape(16, 256), axis=1).ravel(), 0)
    check("CL3.0 generic pointer to local", sumd.get(), vals.reshape(16, 256).sum(axis=1), 0)
# SPIR-V through pyopencl's Program(context, il_bytes): the IL tests' kernel,
# assembled by spirv-as, where the device takes SPIR-V.
if dev.get_info(cl.device_info.IL_VERSION):
    import os, subprocess, tempfile
    asm = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernels", "data",
                       "scale_add.spvasm")
    with tempfile.TemporaryDirectory() as tmp:
        spv = os.path.join(tmp, "scale_add.spv")
        subprocess.run(["spirv-as", "--target-env", "spv1.0", asm, "-o", spv], check=True)
        il = open(spv, "rb").read()
    iprg = cl.Program(ctx, il).build()
    xs = np.arange(256, dtype=np.float32); ys = np.ones(256, np.float32)
    xd, yd = cla.to_device(q, xs), cla.to_device(q, ys)
    iprg.scale_add(q, (256,), None, yd.data, xd.data, np.float32(2))
    check("SPIR-V program", yd.get(), 2 * xs + 1 + 7)
print("ALL OK" if ok else "SOME FAILED")
raise SystemExit(0 if ok else 1)
