#!/bin/bash
# The CUDA folder of the build ($(BUILD)/cuda, lib/cc/README.md "A CUDA folder
# for other build systems"), used as build systems that take a CUDA_DIR use
# one (Rodinia's make.config): bin/nvcc compiles the .cu with -I include, the
# host compiler links with -L lib64 -lcuda -lcudart.  Before it, such a link
# stopped at "cannot find -lcudart" (Rodinia b+tree, backprop, dwt2d, kmeans,
# leukocyte, lavaMD).  TAP.
set -u
HOME_DIR=${1:?usage: cuda_home.sh path/to/cuda-folder}
DIR=$(cd "$(dirname "$0")" && pwd)/cuda_home
. "$(dirname "$0")/../common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME PROG [ARG...]: exit 0 and last line PASS
run() {
	local name=$1 prog=$2
	shift 2
	(cd "$tmp" && IDXGEN_BACKEND=emu "./$prog" "$@") >"$tmp/out" 2>&1
	local rc=$?
	[ $rc = 0 ] && [ "$(tail -n 1 "$tmp/out")" = PASS ]
	ok $? "$name: exit $rc, last line '$(tail -n 1 "$tmp/out")'"
	[ $rc = 0 ] || tail -n 3 "$tmp/out" | sed 's/^/#   /'
}

"$HOME_DIR/bin/nvcc" -I"$HOME_DIR/include" -O2 -c -o "$tmp/k.o" "$DIR/scale_kernel.cu" 2>"$tmp/err"
ok $? "bin/nvcc -I include -c scale_kernel.cu"
gcc -O2 -c -o "$tmp/main.o" "$DIR/main.c" 2>>"$tmp/err"
ok $? "gcc -c main.c"
for cc in gcc g++; do
	if $cc -o "$tmp/prog_$cc" "$tmp/main.o" "$tmp/k.o" -L"$HOME_DIR/lib64" -lcuda -lcudart -lm 2>"$tmp/err"; then
		run "linked by $cc -L lib64 -lcuda -lcudart" "prog_$cc"
	else
		ok 1 "linked by $cc -L lib64 -lcuda -lcudart"
		sed 's/^/#   /' "$tmp/err"
	fi
done
# nvcc itself linking the objects (the same runtime, once)
if "$HOME_DIR/bin/nvcc" -o "$tmp/prog_nvcc" "$tmp/main.o" "$tmp/k.o" -L"$HOME_DIR/lib64" -lcudart 2>"$tmp/err"; then
	run "linked by bin/nvcc -lcudart" prog_nvcc
else
	ok 1 "linked by bin/nvcc -lcudart"
	sed 's/^/#   /' "$tmp/err"
fi
# host code compiled by g++ against the folder's include/ alone
if g++ -I"$HOME_DIR/include" -o "$tmp/host_query" "$DIR/host_query.cpp" -L"$HOME_DIR/lib64" -lcudart 2>"$tmp/err"; then
	run "host_query.cpp by g++ -I include ... -lcudart" host_query
else
	ok 1 "host_query.cpp by g++ -I include ... -lcudart"
	sed 's/^/#   /' "$tmp/err"
fi
# a CUDA library linked by gcc from the folder (lib64/libcublas.so)
if gcc -I"$HOME_DIR/include" -o "$tmp/saxpy_host" "$DIR/saxpy_host.c" -L"$HOME_DIR/lib64" -lcublas -lcudart -lm 2>"$tmp/err"; then
	run "saxpy_host.c by gcc -I include ... -lcublas -lcudart" saxpy_host
else
	ok 1 "saxpy_host.c by gcc -I include ... -lcublas -lcudart"
	sed 's/^/#   /' "$tmp/err"
fi
# the driver API and NVRTC from host code linked by g++ -lcuda -lnvrtc (the
# samples' NVRTC and driver-API programs): the program exports nothing, and a
# module still finds the runtime it calls (lib/cudart driver_exports.c)
if "$HOME_DIR/bin/nvcc" -fatbin -o "$tmp/module_kernel.fatbin" "$DIR/module_kernel.cu" 2>"$tmp/err" &&
	g++ -I"$HOME_DIR/include" -o "$tmp/module_host" "$DIR/module_host.cpp" -L"$HOME_DIR/lib64" -lcuda -lnvrtc \
		2>>"$tmp/err"; then
	run "module_host.cpp by g++ ... -lcuda -lnvrtc: cuModuleLoadData of a bin/nvcc -fatbin module" \
		module_host "$tmp/module_kernel.fatbin"
	run "module_host.cpp by g++ ... -lcuda -lnvrtc: a module NVRTC compiled" module_host nvrtc "$DIR/module_kernel.cu"
else
	ok 1 "module_host.cpp by g++ -I include ... -lcuda -lnvrtc"
	ok 1 "module_host.cpp: a module NVRTC compiled"
	sed 's/^/#   /' "$tmp/err"
fi
# nvcc -I$(CUDA_DIR)/include names our headers' folder again: left out (the
# parse would name our headers by that path); another -I stays
"$HOME_DIR/bin/nvcc" --dryrun -I"$HOME_DIR/include" -I "$HOME_DIR/include/" -I"$tmp" -c -o "$tmp/k2.o" \
	"$DIR/scale_kernel.cu" >"$tmp/dry" 2>&1
! grep -q -- "$HOME_DIR/include" "$tmp/dry" && grep -q -- "-I$tmp" "$tmp/dry"
ok $? "nvcc -I the folder's include/: left out of every command, -I another folder kept"
# what scripts read from nvcc -dryrun (SHOC's config/find_cuda_libs.sh: the
# lines naming LIBRARIES, after "LIBRARIES=", go on its link line): link
# flags only (a comment in parentheses there was a shell syntax error)
libs=$("$HOME_DIR/bin/nvcc" -dryrun "$DIR/scale_kernel.cu" 2>&1 | grep LIBRARIES | sed 's/^.*LIBRARIES=//')
[ -n "$libs" ] && ! printf '%s\n' $libs | tr -d '"' | grep -qv '^-[Ll]'
ok $? "nvcc -dryrun: the LIBRARIES lines hold link flags only: $(echo $libs)"
tap_done
