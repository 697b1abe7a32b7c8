// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: the kernel log (/dev/kmsg) and the VM harness's monitor
 * port.
 */
#include "drv_test.h"

/* /dev/kmsg from now on: kmsg_open() before, kmsg_bad() after. */
int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/*
 * Is this kernel log record a splat?  The patterns of the VM harness's
 * kcheck (tests/vm/guest-init.sh) that our paths can produce: WARN/BUG/oops,
 * lockdep, KASAN/UBSAN/KFENCE, hung tasks, refcount and list corruption.
 */
static bool kmsg_splat(const char *rec)
{
	static const char *const pat[] = {
	    "WARNING",
	    "BUG",
	    "Oops",
	    "cut here",
	    "general protection",
	    "possible circular locking",
	    "possible recursive locking",
	    "inconsistent lock state",
	    "suspicious RCU usage",
	    "sleeping function called from invalid context",
	    "KASAN",
	    "UBSAN",
	    "KFENCE",
	    "blocked for more than",
	    "soft lockup",
	    "refcount_t:",
	    "list_add corruption",
	    "list_del corruption",
	    "unreferenced object",
	    "teardown waits for", /* the driver's own: a job that never ends */
	};
	unsigned int i;

	for (i = 0; i < sizeof(pat) / sizeof(pat[0]); i++)
		if (strstr(rec, pat[i]))
			return true;
	return false;
}

/* Did the kernel log a splat (kmsg_splat()) since kmsg_open()?  Closes fd. */
bool kmsg_bad(int fd)
{
	char rec[2048];
	bool bad = false;
	ssize_t n;

	if (fd < 0)
		return true;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue; /* overwritten records */
		if (n <= 0)
			break;
		rec[n] = 0;
		if (strchr(rec, '\n')) /* the message; not its dictionary lines */
			*strchr(rec, '\n') = 0;
		if (kmsg_splat(rec)) {
			tap_diag("kmsg: %.200s", strchr(rec, ';') ? strchr(rec, ';') + 1 : rec);
			bad = true;
		}
	}
	close(fd);
	return bad;
}

/* Wait up to sec seconds for a kernel log line containing s (read from fd). */
bool kmsg_wait(int fd, const char *s, int sec)
{
	double end = now_s() + sec;
	char rec[2048];
	ssize_t n;

	while (fd >= 0 && now_s() < end) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0) {
			usleep(50000);
			continue;
		}
		rec[n] = 0;
		if (strstr(rec, s))
			return true;
	}
	return false;
}

/*
 * Wait up to ms milliseconds for a kernel log line containing s, reading
 * fd (/dev/kmsg, non-blocking) with poll() so that the caller learns of
 * the line within a scheduler tick, not a sleep period.  If also is given,
 * *seen is set when a line before it contains also.
 */
bool kmsg_wait_fast_also(int fd, const char *s, int ms, const char *also, bool *seen)
{
	double end = now_s() + ms / 1000.0;
	struct pollfd p = {.fd = fd, .events = POLLIN};
	char rec[2048];
	ssize_t n;

	while (fd >= 0 && now_s() < end) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0) {
			poll(&p, 1, 20);
			continue;
		}
		rec[n] = 0;
		if (strstr(rec, s))
			return true;
		if (also && strstr(rec, also))
			*seen = true;
	}
	return false;
}

/*
 * Whether the kernel log records that came since fd was opened (or last
 * drained) hold s: reads what is there now, never waits.  Tells what
 * happened before a step without a note of the test's own (writes to
 * /dev/kmsg are rate-limited and may be dropped).
 */
bool kmsg_seen(int fd, const char *s)
{
	char rec[2048];
	bool seen = false;
	ssize_t n;

	while (fd >= 0) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			break;
		rec[n] = 0;
		seen |= strstr(rec, s) != NULL;
	}
	return seen;
}

bool kmsg_wait_fast(int fd, const char *s, int ms)
{
	return kmsg_wait_fast_also(fd, s, ms, NULL, NULL);
}

/* A line in the kernel log, to find the test's steps among the driver's. */
void kmsg_note(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int fd;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		dprintf(fd, "<6>idxgen-drv-test: %s\n", buf);
		close(fd);
	}
}

/* Is the VM harness's monitor forwarder there (tests/vm/hmp-forward.py)?  Returns its port. */
int hmp_open(const char *what)
{
	char cmdline[1024] = "";
	int res;

	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	if (!strstr(cmdline, "idxgen_plan=")) {
		tap_skip("not in the VM harness (no monitor)", "%s", what);
		return -1;
	}
	res = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (res < 0)	/* the harness is there: its port must work */
		tap_ok(0, "%s: the VM harness's monitor port /dev/ttyS1 opens (%s)", what,
		       strerror(errno));
	return res;
}
