#!/bin/sh
# demo.sh - the `make run` demo, run on the VM's console by /init (plan demo).
#
# Five parts, each opened by "=== part N/5: what it shows" and closed by
# "=== part N/5: OK" or "FAILED"; the last line says how many passed, the
# exit status is non-zero if any failed.  tests/vm/demo-run.sh (make run)
# prints the VM's output and checks it (make check, suite vm-demo).
#   1. the index generator: the devices, the history example's miss/miss/hit,
#      the shared region, unpacked indices, a schedule order, hello.c;
#   2. a CUDA program (lib/examples/cuda/imgstat.cu), built unmodified on
#      the host (idxgen-cc -o imgstat imgstat.cu: tests/vm/demo/Makefile), run
#      here with its thread indices from the device; the device's jobs and
#      history hits for its launches (idxgen stats before and after);
#   3. automatic schedule selection on a workload of the schedule study;
#   4. the arbiter under contention: workers at three priorities on lock 0
#      (the shared region) and a general lock;
#   5. cooperative warps: the source document's producer/consumer example
#      compiled by idxgen-coop on the host, run here in parallel against its
#      sequential original.
# The VM has no compiler: the programs were built by `make guest`
# (tests/vm/demo/Makefile), which also left their build commands in
# /opt/idxgen/demo.  Pictures go to the host through the results port
# ("### file NAME", base64, "### end file"); demo-run.sh writes them to
# build/run/.
D=/opt/idxgen/demo
RES=/dev/ttyS1
passed=0
failed=0
n=0

part() { # title: open part n
	n=$((n + 1))
	echo
	echo "=== part $n/5: $*"
}

verdict() { # status of the part's steps
	if [ "$1" -eq 0 ]; then
		echo "=== part $n/5: OK"
		passed=$((passed + 1))
	else
		echo "=== part $n/5: FAILED"
		failed=$((failed + 1))
	fi
}

ship() { # file name: send a picture to the host
	if [ -s "$1" ] && [ -w $RES ]; then
		{ echo "### file $2"; base64 "$1"; echo "### end file"; } > $RES
		echo "(picture: $2, written to build/run/ on the host)"
	else
		echo "demo: no picture $1"
		return 1
	fi
}

step() {
	echo
	echo "--- $*"
}

# idxgen stats --json field
stat_of() { sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" "$1"; }

generator() {
	step "idxgen list: the accelerators on the PCI bus"
	idxgen list || return 1
	step "idxgen info: device 0"
	idxgen info || return 1

	step "the history example (docs/design.md#history-example): cfg1 32x64x1 @dedicated0, cfg2 100x2x2 @dedicated1, cfg3 = cfg1"
	out=$(idxgen run --block 32x64x1 --block 100x2x2 --block 32x64x1) || return 1
	echo "$out"
	results=$(echo "$out" | awk 'NR > 1 {printf "%s ", $5}')
	if [ "$results" != "miss miss hit " ]; then
		echo "demo: expected miss, miss, hit; got: $results"
		return 1
	fi
	miss=$(echo "$out" | awk 'NR == 2 {print $7}')
	hit=$(echo "$out" | awk 'NR == 4 {print $7}')
	echo "-> cfg3 reused cfg1's indices: $hit cycles instead of $miss (history hit, no generation)"

	step "the same on the one shared region: each job overwrites the one before, so no hit"
	idxgen run --shared --block 32x64x1 --block 100x2x2 --block 32x64x1 || return 1

	step "a 6x2x2 block in warps of 8, unpacked: x carries into y at 6, y into z at 12"
	idxgen run --block 6x2x2 --warp 8 --dump 24 || return 1

	step "a schedule order: a 16x8 block in 4x4 tiles (one character per thread: its warp of 16)"
	idxgen order --block 16x8 --schedule tiled:4x4 --warp 16 || return 1
	idxgen order --block 32x32 --schedule hilbert --warp 32 --quiet \
		--plot /tmp/order-hilbert.png >/dev/null || return 1
	ship /tmp/order-hilbert.png order-hilbert.png || return 1

	step "the README's example program (lib/examples/hello.c)"
	idxgen-hello
}

cuda_program() {
	echo "source: lib/examples/cuda/imgstat.cu (kernels: imgstat_kernels.cu); built on the host with"
	sed 's/^/    $ /' $D/imgstat.build
	idxgen stats --json > /tmp/stats0.json || return 1
	step "./imgstat"
	./imgstat > /tmp/imgstat.out 2>&1
	rc=$?
	cat /tmp/imgstat.out
	idxgen stats --json > /tmp/stats1.json || return 1
	[ $rc -eq 0 ] && grep -q ': PASS$' /tmp/imgstat.out || return 1
	if grep -q 'emulation backend' /tmp/imgstat.out; then
		echo "demo: the indices came from the emulation, not the device"
		return 1
	fi
	step "idxgen stats: the device's counters after the program"
	idxgen stats || return 1
	jobs=$(($(stat_of /tmp/stats1.json jobs) - $(stat_of /tmp/stats0.json jobs)))
	hits=$(($(stat_of /tmp/stats1.json hits) - $(stat_of /tmp/stats0.json hits)))
	misses=$(($(stat_of /tmp/stats1.json misses) - $(stat_of /tmp/stats0.json misses)))
	echo "-> imgstat's 16 launches: $jobs device jobs, $hits history hits, $misses misses"
	echo "   (a job per launch for the block's indices, one for the order of the grid's"
	echo "   blocks; repeat launches of a kernel find their indices in the history)"
	[ "$hits" -gt 0 ]
}

schedule_selection() {
	step "demo-tune: copy_cols (tests/bench/workloads.h) tuned, again (decision reused), sequential"
	demo-tune --workload copy_cols --size 1024 --block 16 --plot /tmp/tune.png || return 1
	ship /tmp/tune.png tune-copy_cols.png
}

arbiter() {
	step "demo-arb: 4 workers, 3 s; then the arbiter's table while they hold their contexts; then one preemption and one hold-limit release, step by step"
	demo-arb --seconds 3 --show "idxgen locks"
}

coop() {
	echo "source: tests/coop/paper.c (figures 3-9), compiled on the host with"
	sed 's/^/    $ /' $D/coop.build
	e=$D/coop-edges.txt
	data=$(grep -c '^edge data ' $e)
	res=$(grep -c '^edge resource ' $e)
	removed=$(grep -c '^edge [a-z]* .* removed$' $e)
	kept=$(grep -c '^edge [a-z]* .* kept$' $e)
	echo "dependences found: $data data (producer -> consumer), $res resource (consumer -> next overwrite)"
	echo "removed as implied by other paths: $removed ($(grep ' removed$' $e | awk '{printf "%s%s->%s", (NR > 1 ? ", " : ""), $3, $4}'))"
	echo "kept, one channel each: $kept ($(grep '^edge resource .* kept$' $e | awk '{printf "%s%s->%s", (NR > 1 ? ", " : ""), $3, $4}') and the $data data edges)"
	echo "(the graph: coop-reduced.svg and .png in build/run/ on the host, made by dot at build time)"
	step "the sequential original and the cooperative warps, producers on the device"
	coop-seq > /tmp/coop-seq.out || return 1
	coop-par > /tmp/coop-par.out || return 1
	paste /tmp/coop-seq.out /tmp/coop-par.out | awk '{printf "%-4s sequential %-22s parallel %s\n", $1, $2, $4}'
	if cmp -s /tmp/coop-seq.out /tmp/coop-par.out; then
		echo "-> parallel == sequential ($(grep -c . /tmp/coop-par.out) consumer checksums)"
	else
		echo "-> parallel != sequential"
		return 1
	fi
}

cd $D || exit 1
export PATH="$D:$PATH"
# the pictures' labels: cairo finds its fallback font; no system configuration here
export FONTCONFIG_FILE=$D/fonts.conf

part "the index generator: devices, history hits, the shared region, unpacked indices, a schedule order"
generator
verdict $?

part "a CUDA program (host code, cudaMalloc/cudaMemcpy, <<<>>>, shared memory, barriers) on the CPU, thread indices from the device"
cuda_program
verdict $?

part "automatic schedule selection: candidates on sample blocks, the fastest runs the rest"
schedule_selection
verdict $?

part "the arbiter under contention: priorities, preemption, hold limit, lock 0 and the shared region"
arbiter
verdict $?

part "cooperative warps: producer/consumer code made parallel by idxgen-coop, channels where needed"
coop
verdict $?

echo
if [ $failed -eq 0 ]; then
	echo "=== demo: OK ($passed of $n parts)"
else
	echo "=== demo: FAILED ($failed of $n parts failed)"
	exit 1
fi
