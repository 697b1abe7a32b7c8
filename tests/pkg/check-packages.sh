#!/bin/bash
# The packages as a user gets them (TAP; `make check` suite "pkg"):
# build the .debs with debhelper from a copy of the tree, lintian, unpack
# them into a staging root ($BUILD/pkg/root) that tests/vm/build-initramfs.sh
# lays over the guest's /, build the README example there through
# pkg-config against the installed files only, run dkms add/build/install
# of idxgen-dkms's source against the Debian 6.12 headers (the VM then
# loads that module), check the bash completion, and build and run a CUDA
# program with the packaged idxgen-cc.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
P=$BUILD/pkg
R=$P/root
KVER=$(cat "$CACHE/kver")
MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# The DKMS version is the package's; the library package is named after the
# SONAME (libidxgen.so.2: libidxgen2).
VER=$(dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Version)
SOMAJOR=$(sed -n 's/^SOMAJOR := *//p' "$ROOT/lib/Makefile")
. "$(dirname "$0")/../common/tap.sh"
finish() { tap_done; exit; }

rm -rf "$P" && mkdir -p "$P"
# `make debs` as the README has it: the tree as a clean clone has it
# (tracked and new files, no build output), packages in $P.
nice make -C "$ROOT" debs DEBS="$P" >"$P.build.log" 2>&1
rc=$?
mkdir -p "$R" && mv "$P.build.log" "$P/build.log"
ok $rc "make debs: dpkg-buildpackage -b (log $P/build.log)" || { tail -20 "$P/build.log" | sed 's/^/# /'; finish; }
debs=$(ls "$P"/*.deb | grep -v -- -dbgsym)
for pkg in idxgen-dkms libidxgen$SOMAJOR libidxgen-dev idxgen-tools idxgen-firmware idxgen-cuda-toolkit; do
	ls "$P/${pkg}"_*.deb >/dev/null 2>&1; ok $? "package $pkg built"
done
lintian --fail-on error,warning \
	"$P"/*.changes >"$P/lintian.log" 2>&1
rc=$?
sed 's/^/# /' "$P/lintian.log"
ok $rc "lintian: no errors or warnings (overrides in debian/*.lintian-overrides)"

# DKMS belongs to idxgen-dkms alone: dh_dkms acting on every package gave
# the library, the tools and the firmware a dependency on dkms and
# maintainer scripts that add, build and remove the module.
for d in $debs; do
	pkg=$(dpkg-deb -f "$d" Package)
	[ "$pkg" = idxgen-dkms ] && continue
	dpkg-deb -f "$d" Depends | grep -qw dkms
	dep=$?
	dpkg-deb --ctrl-tarfile "$d" | tar -xOf - --wildcards './*inst' './*rm' 2>/dev/null | grep -qi dkms
	scr=$?
	[ $dep != 0 ] && [ $scr != 0 ]; ok $? "$pkg: no dkms dependency or DKMS maintainer script"
done
for d in $debs; do dpkg -x "$d" "$R"; done
chk() { [ -e "$R/$1" ]; ok $? "installed: /$1"; }
chk "usr/lib/$MA/libidxgen.so.$SOMAJOR"
soname=$(objdump -p "$R/usr/lib/$MA/libidxgen.so.$SOMAJOR" 2>/dev/null | awk '/SONAME/{print $2}')
[ "$soname" = "libidxgen.so.$SOMAJOR" ]; ok $? "libidxgen$SOMAJOR ships SONAME libidxgen.so.$SOMAJOR ($soname)"
dpkg-deb -I "$P/libidxgen${SOMAJOR}_"*.deb symbols 2>/dev/null | grep -q "^libidxgen.so.$SOMAJOR libidxgen$SOMAJOR "
ok $? "libidxgen$SOMAJOR has a symbols file for libidxgen.so.$SOMAJOR"
other=$(ls "$R/usr/lib/$MA/" | grep -E '^libidxgen\.so\.[0-9]' | grep -v "^libidxgen\.so\.$SOMAJOR\b")
[ -z "$other" ]; ok $? "no library of another SONAME is shipped${other:+: $other}"
chk "usr/lib/$MA/libidxgen.so"
chk "usr/lib/$MA/libidxgen.a"
chk "usr/lib/$MA/pkgconfig/idxgen.pc"
chk usr/include/idxgen.h
chk "usr/lib/$MA/libidxgen_cudart.a"
chk "usr/lib/$MA/pkgconfig/idxgen-cudart.pc"
chk usr/include/idxgen/cuda/cuda_runtime.h
[ ! -e "$R/usr/include/cuda_runtime.h" ] && [ ! -e "$R/usr/src/idxgen-$VER/include/cuda" ]
ok $? "the CUDA headers are apart (not in /usr/include, not in the DKMS source)"
chk usr/bin/idxgen
chk usr/bin/idxgen-fwtool
chk lib/firmware/idxgen/idxgen-fw.bin
chk lib/udev/rules.d/70-idxgen.rules
chk usr/share/bash-completion/completions/idxgen
chk usr/share/man/man1/idxgen.1.gz
chk usr/share/man/man3/libidxgen.3.gz
chk usr/share/man/man3/idxgen_cudart.3.gz
chk usr/share/man/man3/idxgen_wait.3.gz
chk usr/share/man/man4/idxgen.4.gz
chk "usr/src/idxgen-$VER/dkms.conf"
rule=$(grep -v '^#' "$R/lib/udev/rules.d/70-idxgen.rules")
echo "$rule" | grep -q 'SUBSYSTEM=="accel"' && echo "$rule" | grep -q 'GROUP="render"' &&
	echo "$rule" | grep -q 'MODE="0660"' && echo "$rule" | grep -q 'TAG+="uaccess"'
ok $? "udev rule: accel nodes of idxgen get group render, mode 0660, uaccess"
objdump -p "$R/usr/bin/idxgen" | grep -qE 'RUNPATH|RPATH'
[ $? != 0 ]; ok $? "the packaged tool has no RUNPATH (finds libidxgen in /usr/lib/$MA)"

# The README example through pkg-config, against the staged files only.
export PKG_CONFIG_SYSROOT_DIR=$R PKG_CONFIG_LIBDIR=$R/usr/lib/$MA/pkgconfig:/usr/lib/$MA/pkgconfig:/usr/share/pkgconfig
flags=$(pkg-config --cflags --libs idxgen 2>&1)
ok $? "pkg-config --cflags --libs idxgen: $flags"
mkdir -p "$R/opt/pkg-test"
install -m 755 "$ROOT/tests/pkg/guest-pkg-test.sh" "$R/opt/pkg-test/pkg-test.sh"
install -m 644 "$ROOT/tests/common/tap.sh" "$R/opt/pkg-test/tap.sh"
sed -n '/^```c$/,/^```$/p' "$ROOT/README.md" | sed '1d;$d' >"$P/hello.c"
grep -q idxgen_open "$P/hello.c"; ok $? "the README's example extracted"
cc -std=c11 -Wall -Wextra -Werror -nostdinc -isystem /usr/lib/gcc/x86_64-linux-gnu/12/include \
	-isystem /usr/include/$MA -isystem /usr/include -o "$R/opt/pkg-test/hello" "$P/hello.c" $flags 2>&1 |
	sed 's/^/# /'
ok "${PIPESTATUS[0]}" "the example builds with \$(pkg-config --cflags --libs idxgen)"
out=$(IDXGEN_BACKEND=emu LD_LIBRARY_PATH=$R/usr/lib/$MA "$R/opt/pkg-test/hello" 2>&1)
echo "$out" | grep -q 'run 1: hit'; ok $? "and runs on the emulation with the packaged library"
ldd "$R/opt/pkg-test/hello" 2>/dev/null | grep -q "libidxgen.so.$SOMAJOR => not found"
ok $? "it needs the installed libidxgen (no build-tree RUNPATH)"
# A CUDA runtime program (lib/cudart's API test) against the packaged
# static runtime and headers, through pkg-config idxgen-cudart.
flags=$(pkg-config --cflags --libs idxgen-cudart 2>&1)
ok $? "pkg-config --cflags --libs idxgen-cudart: $flags"
cc -std=gnu11 -Wall -Wextra -Werror -o "$P/cudart-api" "$ROOT/tests/cudart/test_api.c" -I"$ROOT/tests/common" \
	-I"$ROOT/tests/cudart" $flags 2>&1 | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "tests/cudart/test_api.c builds with \$(pkg-config --cflags --libs idxgen-cudart)"
res=$(IDXGEN_BACKEND=emu LD_LIBRARY_PATH=$R/usr/lib/$MA "$P/cudart-api" 2>/dev/null | tail -1)
echo "$res" | grep -q ' 0 failed'; ok $? "and passes on the packaged runtime (${res#\# })"
out=$(LD_LIBRARY_PATH=$R/usr/lib/$MA "$R/usr/bin/idxgen" --emu run -b 32x64x1 -b 100x2x2 -b 32x64x1 2>&1)
[ "$(echo "$out" | awk 'NR > 1 {printf "%s ", $5}')" = "miss miss hit " ]
ok $? "the packaged idxgen runs the history example: miss, miss, hit"

# idxgen-cc as the package installs it: its headers, runtime and CUDA
# libraries from the staging root only (paths.c: relative to its own
# folder), never from the checkout or the build tree it was built in.
cc=$R/usr/bin/idxgen-cc
RR=$(realpath "$R")	# as idxgen-cc spells its folders
chk usr/bin/idxgen-cc
chk usr/share/man/man1/idxgen-cc.1.gz
chk usr/include/idxgen/idxgen_cc_program.h
for l in cublas cufft curand cusolver; do chk "usr/lib/$MA/libidxgen_$l.a"; done
dep=$(dpkg-deb -f "$P"/idxgen-cuda-toolkit_*.deb Depends 2>/dev/null)
for d in clang-16 libclang1-16 libidxgen-dev libopenblas-dev libfftw3-dev libtbb-dev; do
	echo "$dep" | grep -qw -- "$d"; ok $? "idxgen-cuda-toolkit depends on $d"
done
for d in $debs; do
	dpkg-deb -c "$d" | grep -E '\./usr/(bin/idxgen-cc|lib/.*/libidxgen_cu(blas|fft|rand|solver)\.a)$' >/dev/null
	[ $? != 0 ] || [ "$(dpkg-deb -f "$d" Package)" = idxgen-cuda-toolkit ]
	ok $? "$(dpkg-deb -f "$d" Package): the compiler and the CUDA libraries only in idxgen-cuda-toolkit"
done
grep -qF -e "$ROOT/" -e "$P/src" "$cc"
[ $? = 1 ]; ok $? "the packaged idxgen-cc holds no path of the checkout or of the package build"
LD_LIBRARY_PATH=$R/usr/lib/$MA "$cc" -v >"$P/cc-v.txt" 2>&1
rc=$?
sed 's/^/# /' "$P/cc-v.txt"
paths=$(sed -n 's/^#\$ \(INCLUDES\|LIBRARIES\|CUDART\|CUBLAS\)=//p' "$P/cc-v.txt" | tr -d '"' |
	sed 's/ (.*//' | tr ' ' '\n' | sed 's/^-[IL]//')
[ $rc = 0 ] && [ "$(echo "$paths" | wc -l)" = 5 ] && ! echo "$paths" | grep -qv "^$RR/usr/"
ok $? "idxgen-cc -v: headers, runtime and libraries all under the staging root"
objdump -p "$cc" | grep -qE 'RUNPATH|RPATH'
[ $? != 0 ]; ok $? "the packaged idxgen-cc has no RUNPATH (libclang-16 from /usr/lib/$MA)"
# a CUDA program with a kernel, the runtime API and cuBLAS (tests/pkg/cc_check.cu)
(cd "$P" && LD_LIBRARY_PATH=$R/usr/lib/$MA "$cc" -O1 -o "$P/cc-check" "$ROOT/tests/pkg/cc_check.cu" -lcublas) 2>&1 |
	sed 's/^/# /'
ok "${PIPESTATUS[0]}" "the packaged idxgen-cc builds tests/pkg/cc_check.cu -lcublas"
objdump -p "$P/cc-check" 2>/dev/null | grep -q "RUNPATH *$RR/usr/lib/$MA\$"
ok $? "the program finds libidxgen in the installed tree (RUNPATH $RR/usr/lib/$MA)"
out=$(IDXGEN_BACKEND=emu "$P/cc-check" 2>&1)
echo "$out" | grep -q '^pkg-cc: ok 1000 '; ok $? "and it runs right on the packaged runtime and cuBLAS: $(echo "$out" | grep pkg-cc)"

# DKMS: the packaged source, built and installed for the VM's kernel, in
# trees of our own (nothing of the host's /var/lib/dkms or /lib/modules).
D=$P/dkms
mkdir -p "$D/tree" "$R/lib/modules/$KVER"
dk() { dkms "$@" --sourcetree "$R/usr/src" --dkmstree "$D/tree" --installtree "$R/lib/modules"; }
dk add -m idxgen -v "$VER" >"$D/add.log" 2>&1; ok $? "dkms add idxgen/$VER"
nice dkms build -m idxgen -v "$VER" -k "$KVER" --sourcetree "$R/usr/src" --dkmstree "$D/tree" \
	>"$D/build.log" 2>&1
ok $? "dkms build -k $KVER" || tail -20 "$D/build.log" | sed 's/^/# /'
dk install -m idxgen -v "$VER" -k "$KVER" >"$D/install.log" 2>&1; ok $? "dkms install -k $KVER"
ko=$(ls "$R/lib/modules/$KVER/updates/dkms/"idxgen.ko* 2>/dev/null | head -1)
[ -n "$ko" ]; ok $? "module installed: ${ko#$R}"
case "$ko" in *.xz) xz -d "$ko" ;; *.zst) zstd -q --rm -d "$ko" ;; esac
modinfo -F vermagic "$R/lib/modules/$KVER/updates/dkms/idxgen.ko" 2>/dev/null | grep -q "^$KVER "
ok $? "its vermagic is $KVER"
dkms build -m idxgen -v "$VER" -k 6.1.0-99-amd64 --kernelsourcedir "/lib/modules/$KVER/build" \
	--sourcetree "$R/usr/src" --dkmstree "$D/tree" >"$D/excl.log" 2>&1
rc=$?
[ $rc = 77 ]; ok $? "BUILD_EXCLUSIVE: dkms refuses a 6.1 kernel (exit $rc, want 77)"

# bash completion, sourced from the package.
comp() { bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _idxgen; echo "${COMPREPLY[*]}"' _ \
	"$R/usr/share/bash-completion/completions/idxgen" "$@"; }
[ "$(comp idxgen r)" = run ]; ok $? "completion: idxgen r<TAB> -> run"
[ "$(comp idxgen run --sh)" = --shared ]; ok $? "completion: idxgen run --sh<TAB> -> --shared"
[ "$(comp idxgen --json st)" = stats ]; ok $? "completion: idxgen --json st<TAB> -> stats"
[ "$(comp idxgen bench --ba)" = --batch ]; ok $? "completion: idxgen bench --ba<TAB> -> --batch"
[ "$(PATH=$R/usr/bin:$PATH LD_LIBRARY_PATH=$R/usr/lib/$MA comp idxgen '')" = \
  "$(LD_LIBRARY_PATH=$R/usr/lib/$MA "$R/usr/bin/idxgen" --help | awk '/^COMMANDS$/{f=1; next} f && /^[A-Z]/{exit} f && /^    [a-z]/{printf "%s ", $1}')--device --emu --json --help --version" ]
ok $? "completion: idxgen <TAB> offers the commands of the installed tool's --help"
finish
