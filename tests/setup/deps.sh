#!/bin/bash
# Prepare a Debian 12 machine for building and testing idxgen.
# Idempotent: every step checks first and says what it adds.
#
#   - apt sources: bookworm-backports (meson >= 1.5) and a deb-src entry for
#     trixie (QEMU 10.0 source package)
#   - build and test packages
#   - the newest linux-image/linux-headers 6.12.*+deb12-amd64 pair
#
# Writes the chosen kernel version to $IDXGEN_CACHE/kver so the rest of the
# build does not have to guess.
set -euo pipefail

CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
SRC_FILE=/etc/apt/sources.list.d/idxgen.sources
say() { echo "deps: $*"; }

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: must run as root (apt-get)" >&2
	exit 1
fi
mkdir -p "$CACHE"

want_sources=$(cat <<'SRC'
# Added by idxgen tests/setup/deps.sh
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
)
updated=0
if [ ! -f "$SRC_FILE" ] || [ "$(cat "$SRC_FILE")" != "$want_sources" ]; then
	say "adding apt sources bookworm-backports and deb-src trixie ($SRC_FILE)"
	printf '%s\n' "$want_sources" >"$SRC_FILE"
	apt-get update -qq
	updated=1
fi

pkgs=(build-essential dpkg-dev git ninja-build libglib2.0-dev libpixman-1-dev
      flex bison pkg-config python3-venv libfdt-dev libslirp-dev
      seabios qemu-system-data busybox-static cpio xz-utils zstd kmod
      libdrm-dev libpci-dev libcairo2-dev pciutils sparse bc file perl
      valgrind gdb  # gdb: backtraces of a QEMU crash (tests/vm/run-vm.sh)
      time  # /usr/bin/time: the independent CPU figure of tests/vm/kernel/test-build-kernel-cpu.sh
      libclang-16-dev llvm-16-tools clang clang-16 pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers graphviz python3
      libomp-16-dev  # omp.h for idxgen-cc's parse and clang++-16 -fopenmp (.cu host code with OpenMP)
      openmpi-bin libopenmpi-dev  # mpicxx, mpirun: CUDA+MPI built with idxgen-cc -ccbin mpicxx (tests/cc/whole.sh)
      debhelper dh-dkms dkms fakeroot lintian scdoc man-db groff-base
      abigail-tools python3-jsonschema help2man
      linux-source-6.12 libelf-dev  # these two: the debug kernel (tests/vm/kernel)
      libopenblas-dev libfftw3-dev libthrust-dev  # lib/cublas, lib/cufft, Thrust (issue 39)
      liblapacke-dev  # lapack.h for lib/cusolver (on OpenBLAS's LAPACK; issue 39)
      libboost1.74-dev  # Boost.Random's Sobol direction numbers for lib/curand (issue 39)
      libtbb-dev  # oneTBB: Thrust's parallel device system for programs idxgen-cc builds
      verilator yosys nextpnr-ice40 fpga-icestorm  # fw/rtl: RTL simulation, synthesis, place and route
      fpga-icestorm-chipdb  # fw/rtl: icetime's timing of the routed iCE40 design (make -C fw rtl)
      z3)  # fw/rtl: the SMT solver of yosys-smtbmc (tests/fw/rtl/check-formal.sh)
bpo_pkgs=(meson)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
meson_ok=0
if dpkg-query -W -f='${Version}' meson 2>/dev/null | grep -q .; then
	v=$(dpkg-query -W -f='${Version}' meson)
	dpkg --compare-versions "$v" ge 1.5 && meson_ok=1
fi
if [ ${#missing[@]} -gt 0 ] || [ $meson_ok -eq 0 ]; then
	[ $updated -eq 1 ] || apt-get update -qq
	updated=1
	if [ ${#missing[@]} -gt 0 ]; then
		say "installing: ${missing[*]}"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	fi
	if [ $meson_ok -eq 0 ]; then
		say "installing meson from bookworm-backports"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			-t bookworm-backports "${bpo_pkgs[@]}" >/dev/null
	fi
fi

# The newest 6.12 kernel of Debian 12's security suite, image and headers.
kver=$(apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' |
	awk '{print $1}' | sed 's/^linux-headers-//' | sort -V | tail -1)
if [ -z "$kver" ] && [ $updated -eq 0 ]; then
	apt-get update -qq
	kver=$(apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' |
		awk '{print $1}' | sed 's/^linux-headers-//' | sort -V | tail -1)
fi
if [ -z "$kver" ]; then
	echo "deps: no linux-headers-6.12.*+deb12-amd64 in the apt lists" >&2
	exit 1
fi
# A new upload reaches the security suite unsigned first; the signed image
# (built by linux-signed-amd64) follows days later, and until then
# linux-image-$kver has no candidate.  The unsigned package installs the same
# /boot/vmlinuz-$kver (the VM boots it directly, no Secure Boot), so it is
# taken when the signed one is not there yet.
has_candidate() { apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [0-9]'; }
if [ ! -f "/boot/vmlinuz-$kver" ] || [ ! -d "/usr/src/linux-headers-$kver" ]; then
	image="linux-image-$kver"
	has_candidate "$image" || image="linux-image-$kver-unsigned"
	say "installing kernel $kver (image $image and headers)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		"$image" "linux-headers-$kver" >/dev/null
fi
# checkpatch.pl for the driver's style check: Debian ships it only inside
# the kernel source tarball.  Extract the script and its data files once.
CP=$CACHE/checkpatch
if [ ! -f "$CP/scripts/checkpatch.pl" ]; then
	if ! dpkg-query -W -f='${Status}' linux-source-6.12 2>/dev/null | grep -q 'ok installed'; then
		say "installing linux-source-6.12 (for checkpatch.pl)"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			linux-source-6.12 >/dev/null
	fi
	say "extracting checkpatch.pl from /usr/src/linux-source-6.12.tar.xz"
	rm -rf "$CP.tmp" && mkdir -p "$CP.tmp"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$CP.tmp" --strip-components=1 \
		--wildcards '*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch'
	rm -rf "$CP" && mv "$CP.tmp" "$CP"
fi

echo "$kver" >"$CACHE/kver.new"
mv "$CACHE/kver.new" "$CACHE/kver"
say "kernel $kver ready; all dependencies present"
