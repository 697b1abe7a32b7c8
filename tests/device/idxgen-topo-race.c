// SPDX-License-Identifier: MIT
/*
 * idxgen-topo-race: MMIO on one vCPU while another vCPU changes the memory
 * topology, the pattern that made QEMU 10.0 abort in drv-fault (issue 27,
 * qemu-device/patches/0001-*.patch, docs/device-model.md).
 *
 * usage: idxgen-topo-race [TOGGLES] [-l | -t NAME...]   (default 20000)
 *        idxgen-topo-race read [-t NAME...]  (read until SIGINT or SIGTERM)
 *
 * Its steps are registered tests (tests/common/tap.h), in this order:
 * cpus, device (off its driver), map (the BAR and the decode-off value),
 * race (or read), rebind.  Each step runs the set-up steps before it that
 * have not run (so "-t race" alone does the whole set-up) and stops, with
 * a "#" line, when one of them failed: its checks would mean nothing.  The
 * device goes back on its driver at the end whichever steps ran.
 *
 * Needs two CPUs, online and in its affinity mask: with one the reader and
 * the writer take turns, never race, and the test would pass whatever QEMU
 * does, so it fails (not skips) there, saying so (the VM: -smp 2 or more).
 *
 * Takes the last idxgen device off its driver, maps its register BAR
 * through sysfs and, on the last CPU, reads the ID register in a loop while
 * the first CPU switches the device's memory decode (PCI_COMMAND bit 1) off
 * and on TOGGLES times through the sysfs config file.  Each switch is a
 * topology commit in QEMU; the reader's TLB entry for the BAR page stays in
 * use until its vCPU runs the flush that commit queued.  An unpatched QEMU
 * 10.0.13 looks that entry's section number up in the new dispatch: the
 * read goes to another section (a wrong value) or to none (QEMU aborts in
 * iotlb_to_section, and the VM harness reports the crash).  Every read must
 * return the ID or what the BAR reads with decode off, measured first.
 * Puts the device back on its driver at the end.
 *
 * "read" only reads, with decode always on, until it is told to stop:
 * run beside another test whose own topology changes (drv-fault's bus
 * resets, removals and rescans of the other device) are the trigger
 * (tests/device/aer-topo-race.sh).  Every read must return the ID.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "idxgen_hw.h"
#include "tap.h"

#define SYSPCI "/sys/bus/pci/devices"
#define CMD_OFF 4		/* PCI_COMMAND */
#define CMD_MEMORY 0x2		/* PCI_COMMAND_MEMORY */

struct reader {
	const volatile uint32_t *id;
	uint32_t off_value;	/* what the ID register reads with decode off */
	bool always_on;		/* read mode: decode stays on, only the ID is right */
	int cpu;
	atomic_bool stop;
	atomic_bool started;
	atomic_bool pinned;	/* it runs on cpu (sched_setaffinity succeeded) */
	atomic_bool saw_on, saw_off;	/* for the toggler: both states read already */
	unsigned long reads, on, off, wrong;
	uint32_t first_wrong;
};

static bool read_hex(const char *dev, const char *file, unsigned long *v)
{
	char path[PATH_MAX], buf[32];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), SYSPCI "/%s/%s", dev, file);
	f = fopen(path, "r");
	if (!f)
		return false;
	ok = fgets(buf, sizeof(buf), f) && sscanf(buf, "%lx", v) == 1;
	fclose(f);
	return ok;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -errno;
}

/* The last idxgen device in bus order into dev; false if there is none. */
static bool find_device(char *dev, size_t len)
{
	struct dirent **names;
	int n = scandir(SYSPCI, &names, NULL, alphasort), i;
	bool found = false;

	for (i = 0; i < n; i++) {
		unsigned long ven, did;

		if (names[i]->d_name[0] != '.' &&
		    read_hex(names[i]->d_name, "vendor", &ven) && ven == IDXGEN_PCI_VENDOR_ID &&
		    read_hex(names[i]->d_name, "device", &did) && did == IDXGEN_PCI_DEVICE_ID) {
			snprintf(dev, len, "%s", names[i]->d_name);
			found = true;
		}
		free(names[i]);
	}
	free(names);
	return found;
}

static bool set_command(int cfg, uint16_t cmd)
{
	return pwrite(cfg, &cmd, sizeof(cmd), CMD_OFF) == sizeof(cmd);
}

static bool pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0;
}

/*
 * The two CPUs to race on: the first and the last this process may run on
 * (sched_getaffinity); true if they are two and at least two CPUs are
 * online (sysconf).
 */
static bool two_cpus(int *first, int *last, int *online, int *allowed)
{
	cpu_set_t set;

	*online = (int)sysconf(_SC_NPROCESSORS_ONLN);
	*allowed = 0;
	*first = *last = -1;
	if (sched_getaffinity(0, sizeof(set), &set))
		return false;
	*allowed = CPU_COUNT(&set);
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &set))
			continue;
		if (*first < 0)
			*first = c;
		*last = c;
	}
	return *online >= 2 && *allowed >= 2 && *first != *last;
}

static void *reader_main(void *arg)
{
	struct reader *r = arg;

	atomic_store(&r->pinned, pin(r->cpu));
	atomic_store(&r->started, true);
	while (!atomic_load_explicit(&r->stop, memory_order_relaxed)) {
		uint32_t v = r->id[IDXGEN_REG_ID / 4];

		r->reads++;
		if (v == IDXGEN_ID_MAGIC) {
			if (!r->on++)
				atomic_store(&r->saw_on, true);
		} else if (v == r->off_value && !r->always_on) {
			if (!r->off++)
				atomic_store(&r->saw_off, true);
		} else if (!r->wrong++) {
			r->first_wrong = v;
		}
	}
	return NULL;
}

/* Read with r until SIGINT or SIGTERM: others change the topology. */
static bool read_until_signal(struct reader *r)
{
	pthread_t t;
	sigset_t set;
	int sig;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);	/* the reader inherits it */
	if (pthread_create(&t, NULL, reader_main, r))
		return false;
	sigwait(&set, &sig);
	atomic_store(&r->stop, true);
	pthread_join(t, NULL);
	return true;
}

/*
 * Toggle decode off/on at least toggles times while r reads, and on until
 * the reader has read both states (the toggles and the reads overlapped,
 * however the two CPUs were scheduled); TOGGLE_GUARD times toggles is a
 * hang guard only (one CPU never overlaps).  False on a write error or if
 * the reader is not on its CPU.
 */
#define TOGGLE_GUARD 100
static bool race(int cfg, uint16_t cmd, struct reader *r, long toggles)
{
	pthread_t t;
	bool ok = true;
	long i;

	if (pthread_create(&t, NULL, reader_main, r))
		return false;
	while (!atomic_load(&r->started))
		sched_yield();
	ok = atomic_load(&r->pinned);
	for (i = 0; ok && i < toggles * TOGGLE_GUARD &&
		    (i < toggles || !atomic_load(&r->saw_on) || !atomic_load(&r->saw_off)); i++)
		ok = set_command(cfg, cmd & ~CMD_MEMORY) && set_command(cfg, cmd | CMD_MEMORY);
	atomic_store(&r->stop, true);
	pthread_join(t, NULL);
	return ok;
}

/*
 * The scenario's state, shared by its steps (registered tests run through
 * function pointers without arguments, so it lives at file scope: a test
 * program's, one scenario per process).
 */
enum stage { STAGE_NONE, STAGE_CPUS, STAGE_DEVICE, STAGE_MAP };

static struct scenario {
	bool read_only;
	long toggles;
	enum stage done;	/* the set-up steps run so far */
	bool failed;		/* one of them failed (the last done): later steps stop */
	int first, last, online, allowed;
	char dev[NAME_MAX + 1], drv[PATH_MAX];
	uint16_t cmd;
	int cfg, fd;
	void *bar;
	bool restored;
	struct reader r;
} sc = { .cfg = -1, .fd = -1, .bar = MAP_FAILED };

/* One CPU: reader and writer take turns, no race, a pass that means nothing: fail. */
static bool setup_cpus(void)
{
	bool ok = two_cpus(&sc.first, &sc.last, &sc.online, &sc.allowed);

	if (!tap_ok(ok, "two CPUs to race on: %d online, %d in the affinity mask (first %d, last %d)%s",
		    sc.online, sc.allowed, sc.first, sc.last,
		    sc.online < 2 || sc.allowed < 2 ? ": with one the race cannot happen, "
		    "so this test cannot pass (boot the VM with -smp 2 or more, IDXGEN_VM_SMP)" : "") ||
	    !tap_ok(pin(sc.first), "the writer on CPU %d", sc.first))
		return false;
	sc.r.cpu = sc.last;
	return true;
}

/* Off its driver: the driver must not see the device vanish. */
static bool setup_device(void)
{
	char path[PATH_MAX];
	ssize_t n;

	if (!find_device(sc.dev, sizeof(sc.dev))) {
		tap_ok(0, "an idxgen device in %s", SYSPCI);
		return false;
	}
	snprintf(path, sizeof(path), SYSPCI "/%s/driver", sc.dev);
	n = readlink(path, sc.drv, sizeof(sc.drv) - 1);
	sc.drv[n > 0 ? n : 0] = '\0';
	if (n > 0) {
		snprintf(path, sizeof(path), SYSPCI "/%s/driver/unbind", sc.dev);
		if (write_str(path, sc.dev)) {
			sc.drv[0] = '\0';	/* still on it: nothing to put back */
			tap_ok(0, "unbind %s from its driver", sc.dev);
			return false;
		}
	}
	return true;
}

static bool setup_map(void)
{
	char path[PATH_MAX];
	bool ok;

	snprintf(path, sizeof(path), SYSPCI "/%s/config", sc.dev);
	sc.cfg = open(path, O_RDWR | O_CLOEXEC);
	snprintf(path, sizeof(path), SYSPCI "/%s/resource%d", sc.dev, IDXGEN_BAR_REGS);
	sc.fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
	sc.bar = sc.fd < 0 ? MAP_FAILED : mmap(NULL, 4096, PROT_READ, MAP_SHARED, sc.fd, 0);
	ok = sc.cfg >= 0 && sc.bar != MAP_FAILED &&
	     pread(sc.cfg, &sc.cmd, sizeof(sc.cmd), CMD_OFF) == sizeof(sc.cmd);
	sc.r.id = sc.bar;
	if (ok) {
		ok = set_command(sc.cfg, sc.cmd & ~CMD_MEMORY);
		sc.r.off_value = ok ? sc.r.id[IDXGEN_REG_ID / 4] : 0;
		ok = ok && set_command(sc.cfg, sc.cmd | CMD_MEMORY) &&
		     sc.r.id[IDXGEN_REG_ID / 4] == IDXGEN_ID_MAGIC;
		ok = ok && sc.r.off_value != IDXGEN_ID_MAGIC;
	}
	return tap_ok(ok, "%s: BAR%d mapped, ID reads IDXG with decode on, 0x%08x with it off", sc.dev,
		      IDXGEN_BAR_REGS, sc.r.off_value);
}

/*
 * The set-up steps up to and including `to`, each once, in order; false
 * once one has failed, with a "#" line saying that the step asking (`self`
 * its own stage, STAGE_NONE for the race) did not run, unless it was the
 * one that failed (its "not ok" says so).
 */
static bool setup_to(enum stage to, enum stage self, const char *step)
{
	static bool (*const steps[])(void) = { NULL, setup_cpus, setup_device, setup_map };

	while (!sc.failed && sc.done < to) {
		sc.done++;
		sc.failed = !steps[sc.done]();
	}
	if (sc.failed && sc.done != self)
		tap_diag("%s: not run, the set-up step before it failed", step);
	return !sc.failed;
}

TAP_TEST(cpus)
{
	setup_to(STAGE_CPUS, STAGE_CPUS, "cpus");
}

TAP_TEST(device)
{
	setup_to(STAGE_DEVICE, STAGE_DEVICE, "device");
}

TAP_TEST(map)
{
	setup_to(STAGE_MAP, STAGE_MAP, "map");
}

TAP_TEST(race)
{
	struct reader *r = &sc.r;
	bool ok;

	if (!setup_to(STAGE_MAP, STAGE_NONE, sc.read_only ? "read" : "race"))
		return;
	r->always_on = sc.read_only;
	if (sc.read_only)
		ok = read_until_signal(r);
	else
		ok = race(sc.cfg, sc.cmd, r, sc.toggles);
	if (sc.read_only)
		tap_ok(ok && r->pinned, "reads on CPU %d until told to stop", r->cpu);
	else
		tap_ok(ok, "%ld decode off/on toggles on CPU %d through %s/config, reads on CPU %d%s",
		       sc.toggles, sc.first, sc.dev, r->cpu,
		       r->pinned ? "" : " (the reader could not be pinned there)");
	tap_diag("CPU %d: %lu reads, %lu with decode on, %lu off, %lu other", r->cpu, r->reads, r->on,
		 r->off, r->wrong);
	tap_ok(r->wrong == 0, "every read on CPU %d returned %s%s", r->cpu,
	       sc.read_only ? "the ID (decode stays on)" : "the ID or the decode-off value",
	       r->wrong ? " (a read went to another memory region)" : "");
	if (r->wrong)
		tap_diag("%lu other values, the first 0x%08x", r->wrong, r->first_wrong);
	/* Else the toggles and the reads did not overlap: no race tried. */
	if (!sc.read_only)
		tap_ok(r->on > 0 && r->off > 0, "the reads saw the device both on and off (%d CPUs online)",
		       sc.online);
}

/* Decode as it was, the BAR unmapped, the device back on its driver: once. */
static void restore(void)
{
	char path[PATH_MAX];

	if (sc.restored)
		return;
	sc.restored = true;
	if (sc.cfg >= 0) {
		set_command(sc.cfg, sc.cmd);
		close(sc.cfg);
	}
	if (sc.bar != MAP_FAILED)
		munmap(sc.bar, 4096);
	if (sc.fd >= 0)
		close(sc.fd);
	if (sc.drv[0]) {
		const char *name = strrchr(sc.drv, '/') ? strrchr(sc.drv, '/') + 1 : sc.drv;

		snprintf(path, sizeof(path), "/sys/bus/pci/drivers/%.*s/bind", NAME_MAX, name);
		tap_ok(write_str(path, sc.dev) == 0, "%s back on its driver %s", sc.dev, name);
	}
}

TAP_TEST(rebind)
{
	restore();
}

int main(int argc, char **argv)
{
	int rc;

	/* the scenario's own argument first, then tap_run's -l / -t NAME */
	sc.read_only = argc > 1 && !strcmp(argv[1], "read");
	sc.toggles = 20000;
	if (argc > 1 && (sc.read_only || (argv[1][0] >= '0' && argv[1][0] <= '9'))) {
		if (!sc.read_only)
			sc.toggles = atol(argv[1]);
		argv[1] = argv[0];
		argc--, argv++;
	}
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	restore();	/* "-t NAME" without rebind: the device goes back all the same */
	return tap_done();
}
