#!/usr/bin/env bash
# Sets up an x86-64 Debian bookworm machine to cross-build CoreCL for
# AArch64 and run it under qemu-user (issue 17). Runs as root (or through
# sudo); safe to run again (it redoes only what changed).
#
# 1. Host (amd64) packages: the GCC 12 cross compiler, cross binutils,
#    qemu-user. (The host's clang-19/llvm-link/lld/python3 are used too:
#    scripts/install-deps.sh installs them.)
# 2. A sysroot of arm64 packages, default /opt/corecl-aarch64-sysroot
#    (env CORECL_AARCH64_SYSROOT): the .deb files are fetched with
#    `apt-get download` and unpacked with `dpkg-deb -x`. Nothing arm64 is
#    *installed*: `apt-get install llvm-19-dev:arm64` would remove the
#    host's clang-19, llvm-19-dev and python3 (they are not co-installable).
#    The package set is the seeds below plus their dependency closure,
#    restricted to libraries and -dev packages (no python3, perl, dpkg or
#    other tools: their files would not run here anyway).
set -euo pipefail

SYSROOT="${CORECL_AARCH64_SYSROOT:-/opt/corecl-aarch64-sysroot}"
DEB_CACHE="${CORECL_AARCH64_DEB_CACHE:-/var/cache/corecl-aarch64-debs}"

HOST_PACKAGES=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user
               cmake ninja-build ccache python3 clang-19 llvm-19 lld-19 dpkg-dev)

# arm64 packages needed by name (their library dependencies follow).
SEEDS_ARM64=(
  libc6 libc6-dev linux-libc-dev libcrypt-dev
  libstdc++6 libstdc++-12-dev libgcc-s1 libgcc-12-dev libatomic1
  # LLVM and Clang 19: static archives (llvm-19-dev, libclang-19-dev), the
  # headers of this architecture (llvm/Config/llvm-config.h differs), the
  # resource headers, and llvm-19 for its llvm-config (run under qemu).
  llvm-19 llvm-19-dev libllvm19 libclang-19-dev libclang-cpp19 libclang1-19
  libclang-common-19-dev
  libtbb-dev libtbb12 libtbbmalloc2
  ocl-icd-libopencl1 ocl-icd-opencl-dev
  libgtest-dev libgmock-dev
  libmpfr-dev libmpfr6 libgmp-dev libgmp10
  zlib1g zlib1g-dev libzstd1 libzstd-dev libxml2 libxml2-dev libtinfo6 libncurses-dev
  libffi8 libffi-dev libedit2 libicu72 liblzma5 libbsd0 libmd0 libz3-4
)
# Architecture-independent packages (headers and sources).
SEEDS_ALL=(opencl-c-headers opencl-clhpp-headers googletest)
# Followed dependencies that are not libraries nor -dev packages, or that
# are but hold only tools, scripts or data for the build machine.
SKIP_RE='^(lib(python|perl).*|.*-perl|python3.*|perl.*|dpkg|install-info|.*-tools|llvm-19-runtime|llvm-19-linker-tools|libc-dev-bin|rpcsvc-proto|gcc-12-base|icu-devtools|readline-common|tzdata|debconf.*|libobjc.*)$'

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

log() { printf '== %s\n' "$*"; }

# --- 1. host packages and the arm64 package lists ---------------------------
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  log "Adding the arm64 architecture to dpkg (package lists only)"
  $SUDO dpkg --add-architecture arm64
fi
log "apt-get update"
$SUDO apt-get update -q
missing=()
for p in "${HOST_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p:amd64" 2>/dev/null | grep -q "ok installed" \
    || dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "Installing host packages: ${missing[*]}"
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# --- 2. the arm64 package closure --------------------------------------------
# Breadth-first over `apt-cache depends`: Depends and Pre-Depends (every
# alternative, and a virtual package's providers); arm64 packages are kept
# when they are seeds, libraries or -dev packages and not in SKIP_RE;
# architecture-independent ones only when they are seeds.
declare -A WANT=()
frontier=()
for p in "${SEEDS_ARM64[@]}"; do WANT["$p:arm64"]=1; frontier+=("$p:arm64"); done
for p in "${SEEDS_ALL[@]}"; do WANT["$p"]=1; frontier+=("$p"); done
log "Resolving the arm64 dependency closure"
while [ ${#frontier[@]} -gt 0 ]; do
  next=()
  while read -r name; do
    [ -n "$name" ] || continue
    [ -z "${WANT[$name]:-}" ] || continue
    case "$name" in
      *:arm64) base="${name%:arm64}" ;;
      *) continue ;;  # the build machine's own (Multi-Arch: foreign) or arch all
    esac
    [[ "$base" =~ $SKIP_RE ]] && continue
    [[ "$base" == lib* || "$base" == *-dev ]] || continue
    WANT["$name"]=1
    next+=("$name")
  done < <(apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks \
             --no-replaces --no-enhances "${frontier[@]}" 2>/dev/null |
           awk '/^ *\|?(Pre)?Depends: / { n = $2; if (n !~ /^</) print n; next }
                /^    [^ ]/ { print $1 }')
  frontier=("${next[@]}")
done
# Only real packages (virtual names have no candidate version).
PKGS=()
for name in "${!WANT[@]}"; do
  v=$(apt-cache policy "$name" 2>/dev/null | awk '/Candidate:/ { print $2 }')
  if [ -n "$v" ] && [ "$v" != "(none)" ]; then PKGS+=("$name=$v"); fi
done
mapfile -t PKGS < <(printf '%s\n' "${PKGS[@]}" | sort)
log "${#PKGS[@]} packages"

# --- 3. download and unpack ---------------------------------------------------
STAMP="$SYSROOT/.corecl-sysroot-packages"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(printf '%s\n' "${PKGS[@]}")" ]; then
  log "Sysroot $SYSROOT is up to date"
  exit 0
fi

$SUDO mkdir -p "$DEB_CACHE"
$SUDO chmod 777 "$DEB_CACHE"  # apt-get download runs as the _apt user when root
need=()
for p in "${PKGS[@]}"; do
  name="${p%%=*}"; base="${name%:arm64}"; ver="${p#*=}"
  ver_file="${ver//:/%3a}"
  if [[ "$name" == *:arm64 ]]; then arch=arm64; else arch=all; fi
  [ -f "$DEB_CACHE/${base}_${ver_file}_${arch}.deb" ] || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  log "Downloading ${#need[@]} .deb files into $DEB_CACHE"
  (cd "$DEB_CACHE" && apt-get download -q "${need[@]}")
fi

NEW="$SYSROOT.new.$$"
$SUDO rm -rf "$NEW"
$SUDO mkdir -p "$NEW"
log "Unpacking into $NEW"
for p in "${PKGS[@]}"; do
  name="${p%%=*}"; base="${name%:arm64}"; ver="${p#*=}"
  if [[ "$name" == *:arm64 ]]; then arch=arm64; else arch=all; fi
  $SUDO dpkg-deb -x "$DEB_CACHE/${base}_${ver//:/%3a}_${arch}.deb" "$NEW"
done

# Merged /usr, as on an installed bookworm system: the packages still ship
# some files under /lib and /bin.
for d in lib bin sbin; do
  if [ -d "$NEW/$d" ] && [ ! -L "$NEW/$d" ]; then
    $SUDO mkdir -p "$NEW/usr/$d"
    $SUDO cp -a "$NEW/$d/." "$NEW/usr/$d/"
    $SUDO rm -rf "$NEW/$d"
  fi
  $SUDO ln -sfn "usr/$d" "$NEW/$d"
done

# Absolute symlinks name the build machine's files (libz.so ->
# /lib/aarch64-linux-gnu/libz.so.1.2.13, say): make them relative so that
# they stay inside the sysroot. -e: also a dangling link is rewritten.
log "Making absolute symlinks relative"
while IFS= read -r -d '' link; do
  target=$(readlink "$link")
  case "$target" in
    /*)
      rel=$(realpath -m -s --relative-to="$(dirname "$link")" "$NEW$target")
      $SUDO ln -sfn "$rel" "$link" ;;
  esac
done < <(find "$NEW" -type l -print0)

printf '%s\n' "${PKGS[@]}" | $SUDO tee "$NEW/.corecl-sysroot-packages" >/dev/null
$SUDO rm -rf "$SYSROOT.old"
if [ -e "$SYSROOT" ]; then $SUDO mv "$SYSROOT" "$SYSROOT.old"; fi
$SUDO mv "$NEW" "$SYSROOT"
$SUDO rm -rf "$SYSROOT.old"
log "Sysroot ready: $SYSROOT ($(du -sh "$SYSROOT" | cut -f1))"
