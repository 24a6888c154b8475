#!/bin/sh
# The Debian package cpack makes from a build: control fields, the files
# it installs, the .icd naming the installed library, and that library
# exporting the ICD entry points. With --install (as root, by hand: it
# changes the machine), also installs it with apt, checks that clinfo
# lists CoreCL from /etc/OpenCL/vendors, and removes it again.
# Usage: check_deb.sh <build dir> [--install]
set -eu
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpack --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/corecl_*.deb)
fail() { echo "FAIL: $*"; exit 1; }
info=$(dpkg-deb --info "$deb")
echo "$info" | grep -q '^ Package: corecl$' || fail "package name"
echo "$info" | grep -q '^ Provides: opencl-icd$' || fail "Provides: opencl-icd"
echo "$info" | grep -q '^ Depends:.*libtbb12' || fail "Depends on libtbb12"
echo "$info" | grep -q '^ Depends:.*ocl-icd-libopencl1' || fail "Depends on the loader"
contents=$(dpkg-deb --contents "$deb")
echo "$contents" | grep -q ' \./etc/OpenCL/vendors/corecl\.icd$' || fail "no corecl.icd"
echo "$contents" | grep -q ' \./usr/lib/.*libCoreCL\.so\.0\.' || fail "no library"
echo "$contents" | grep -q ' \./usr/bin/corecl-cc$' || fail "no corecl-cc"
mkdir "$work/root"
dpkg-deb --extract "$deb" "$work/root"
icd=$(cat "$work/root/etc/OpenCL/vendors/corecl.icd")
[ -e "$work/root$icd" ] || fail "the .icd names $icd, not in the package"
symbols=$(nm -D --defined-only "$work/root$icd")
echo "$symbols" | grep -q ' T clIcdGetPlatformIDsKHR$' || fail "clIcdGetPlatformIDsKHR not exported"
echo "$symbols" | grep -q ' T clGetPlatformIDs$' || fail "clGetPlatformIDs not exported"
if [ "${2:-}" = "--install" ]; then
  apt-get install -y "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt install"; }
  listed=$(env -u OCL_ICD_VENDORS clinfo -l 2>&1 || true)
  apt-get remove -y corecl >/dev/null 2>&1 || true
  echo "$listed" | grep -q 'Platform #[0-9]*: CoreCL' || fail "clinfo does not list CoreCL: $listed"
fi
echo "PASS: $deb"
