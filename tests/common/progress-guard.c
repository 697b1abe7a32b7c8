// SPDX-License-Identifier: MIT
/*
 * progress-guard - run one of a test's programs, and stop it only when it
 * hangs, never because it is slow.
 *
 *   progress-guard [-s STALL_S] [-g GUARD_S] [--] COMMAND [ARG...]
 *
 * COMMAND runs in its own process group.  Its progress is the CPU time of
 * every process in that group (utime, stime and those of their reaped
 * children, /proc/PID/stat) and the bytes they have written (wchar,
 * /proc/PID/io: output to a file, a pipe or a terminal alike).  A program
 * on a loaded machine runs slowly but keeps using CPU; a deadlock sleeps.
 * So the guard stops the group, with SIGKILL, when either
 *
 *   - it has used under MIN_PROGRESS_TICKS of CPU and written nothing for
 *     STALL_S seconds in a row (the progress watchdog: a blocked hang), or
 *   - it is still running GUARD_S seconds after its start (the hang guard,
 *     the only bound on a hang that spins: set far above the slowest run,
 *     tests/README.md lists each harness's value and its margin).
 *
 * $PROGRESS_GUARD_STALL_S, where set, replaces STALL_S: a planted hang in a
 * harness is then caught in seconds rather than minutes.
 *
 * It then prints "progress-guard: hang: ..." with each task's state and the
 * kernel function it sleeps in (wchan) to stderr and exits 124, as
 * timeout(1) does.  Otherwise it exits with COMMAND's status (128 + N for
 * a signal N, as a shell reports it; 127 when COMMAND cannot be run).
 *
 * The clock here is only the two bounds; nothing a test checks depends on
 * it.  Both count the time the guard saw go by one sample at a time, and a
 * sample over which the clock leapt more than JUMP_S counts as one sample
 * period: in a TCG guest whose host was paused the clock catches up at once
 * (13,374 s in one step of a coop-all run, 191 s on the host's clock), which
 * is no time the command had to run.  tests/common/test-progress-guard.sh
 * shows both bounds catch a hang, that slow programs that keep working are
 * never stopped, and that a planted clock jump (jump-clock.c) fires neither.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Defaults of the two bounds, in seconds (see tests/README.md). */
#define DEFAULT_STALL_S 120
#define DEFAULT_GUARD_S 3600
/*
 * Less CPU than this in a whole stall window is no progress: a deadlocked
 * wait that wakes every 100 ms to check a clock (lib/coop's channels) uses
 * a few ms a minute, a program that computes, however starved, far more.
 */
#define MIN_PROGRESS_TICKS 5
/* How often progress is sampled; the command's exit is seen at once. */
#define SAMPLE_MS 500
/*
 * A sample that took longer than this on the clock is a clock jump (or the
 * guard itself starved that long, which the command was too): it counts as
 * SAMPLE_MS.  120 times the period asked, far above any wait for the CPU.
 */
#define JUMP_S 60

/* The seconds the bounds count (see above), from the guard's samples. */
struct guard_clock {
	double last;	/* the clock at the last sample */
	double counted; /* seconds counted since the start */
};

struct progress {
	unsigned long long ticks; /* CPU time of the group, clock ticks */
	unsigned long long wchar; /* bytes the group has written */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Advance c to the clock now and return the seconds counted: the step since
 * the last sample, or SAMPLE_MS for a step over JUMP_S or backwards.
 */
static double guard_clock_tick(struct guard_clock *c)
{
	double t = now_s(), step = t - c->last;

	c->last = t;
	if (step > JUMP_S) {
		fprintf(stderr,
			"progress-guard: the clock leapt %.0f s over one %d ms sample (a paused "
			"host?); counted as %d ms\n",
			step, SAMPLE_MS, SAMPLE_MS);
		step = SAMPLE_MS / 1000.0;
	} else if (step < 0) {
		step = SAMPLE_MS / 1000.0;
	}
	c->counted += step;
	return c->counted;
}

/* Read a small /proc file into buf; 0 on success. */
static int read_proc(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n ? 0 : -1;
}

/*
 * The fields of /proc/PID/stat after the command name (which may hold
 * spaces and parentheses, so the last ')' ends it): field 3 is the state,
 * 5 the process group, 14-17 utime, stime, cutime, cstime.
 */
struct stat_fields {
	char state;
	long pgrp;
	unsigned long long ticks;
};

static int parse_stat(const char *text, struct stat_fields *sf)
{
	const char *p = strrchr(text, ')');
	unsigned long long t[4];
	long ppid;

	if (!p || sscanf(p + 1, " %c %ld %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
			 &sf->state, &ppid, &sf->pgrp, &t[0], &t[1], &t[2], &t[3]) != 7)
		return -1;
	sf->ticks = t[0] + t[1] + t[2] + t[3];
	return 0;
}

static unsigned long long wchar_of(const char *pid)
{
	char path[64], buf[512];
	const char *w;

	snprintf(path, sizeof(path), "/proc/%s/io", pid);
	if (read_proc(path, buf, sizeof(buf)) || !(w = strstr(buf, "wchar:")))
		return 0;
	return strtoull(w + 6, NULL, 10);
}

/*
 * Call fn for every process of group pgid; a process that exits while the
 * directory is read is simply not seen.
 */
static void for_each_in_group(pid_t pgid, void (*fn)(const char *pid, const struct stat_fields *,
						      void *),
			      void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[300], buf[1024];
	struct stat_fields sf;

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		if (read_proc(path, buf, sizeof(buf)) || parse_stat(buf, &sf) || sf.pgrp != pgid)
			continue;
		fn(e->d_name, &sf, arg);
	}
	closedir(d);
}

static void add_progress(const char *pid, const struct stat_fields *sf, void *arg)
{
	struct progress *p = arg;

	p->ticks += sf->ticks;
	p->wchar += wchar_of(pid);
}

static struct progress sample(pid_t pgid)
{
	struct progress p = { 0, 0 };

	for_each_in_group(pgid, add_progress, &p);
	return p;
}

/*
 * Progress since base: enough CPU, any output, or a process gone from the
 * group (the sums then drop; a process that exits has done something).
 */
static int progressed(const struct progress *base, const struct progress *cur)
{
	return cur->ticks >= base->ticks + MIN_PROGRESS_TICKS || cur->ticks < base->ticks ||
	       cur->wchar != base->wchar;
}

/* One line per thread of a hung process: where it sleeps. */
static void report_tasks(const char *pid, const struct stat_fields *sf, void *arg)
{
	char path[600], comm[64] = "", wchan[128] = "", buf[1024];
	struct stat_fields tf;
	struct dirent *e;
	DIR *d;

	(void)sf;
	(void)arg;
	snprintf(path, sizeof(path), "/proc/%s/comm", pid);
	read_proc(path, comm, sizeof(comm));
	comm[strcspn(comm, "\n")] = '\0';
	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	if (!(d = opendir(path)))
		return;
	while ((e = readdir(d))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task/%s/stat", pid, e->d_name);
		if (read_proc(path, buf, sizeof(buf)) || parse_stat(buf, &tf))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task/%s/wchan", pid, e->d_name);
		if (read_proc(path, wchan, sizeof(wchan)))
			strcpy(wchan, "?");
		if (!strcmp(wchan, "0")) /* not asleep */
			strcpy(wchan, "-");
		fprintf(stderr, "progress-guard:   pid %s (%s) thread %s: state %c, in %s\n", pid,
			comm, e->d_name, tf.state, wchan);
	}
	closedir(d);
}

static void count_alive(const char *pid, const struct stat_fields *sf, void *arg)
{
	(void)pid;
	if (sf->state != 'Z' && sf->state != 'X')
		++*(int *)arg;
}

/*
 * Kill the group and return once none of it runs any more (a child the
 * command left behind is a zombie of init's then), so that a harness never
 * goes on beside a process of the hung run.  SIGKILL cannot be ignored; the
 * bound on this wait is only a hang guard against a task stuck in the
 * kernel (state D), reported rather than waited for.
 */
#define KILL_GUARD_MS 60000

static void kill_group(pid_t pgid)
{
	struct timespec step = { 0, 10 * 1000000L };
	int alive = 1, ms;

	for (ms = 0; alive && ms < KILL_GUARD_MS; ms += 10) {
		kill(-pgid, SIGKILL);
		alive = 0;
		for_each_in_group(pgid, count_alive, &alive);
		if (alive)
			nanosleep(&step, NULL);
	}
	if (alive)
		fprintf(stderr, "progress-guard: %d processes still run %d s after SIGKILL\n", alive,
			KILL_GUARD_MS / 1000);
}

static int hang(pid_t child, char **argv, const char *why)
{
	int status;

	fprintf(stderr, "progress-guard: hang: %s %s; its processes:\n", argv[0], why);
	for_each_in_group(child, report_tasks, NULL);
	fprintf(stderr, "progress-guard: killed (exit 124)\n");
	kill_group(child);
	waitpid(child, &status, 0);
	return 124;
}

/*
 * The group is the command's own, so a ^C or a harness's kill reaches only
 * the guard: it passes SIGINT, SIGTERM and SIGHUP on.  A signal handler can
 * only find the group through a file-scope variable; it is set once, before
 * the handlers are installed.
 */
static volatile pid_t forward_to;

static void forward(int sig)
{
	kill(-forward_to, sig);
}

static void forward_signals(pid_t child)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward;
	forward_to = child;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static int exit_code(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * $PROGRESS_GUARD_LOG names a file that gets a line per run: "WALL_S CPU_S
 * EXIT COMMAND", how the margins in tests/README.md were measured.
 */
static int logged(int code, char **argv, double start)
{
	const char *path = getenv("PROGRESS_GUARD_LOG");
	struct rusage ru;
	FILE *f;

	if (!path || !*path || !(f = fopen(path, "a")))
		return code;
	getrusage(RUSAGE_CHILDREN, &ru);
	fprintf(f, "%.2f %.2f %d %s\n", now_s() - start,
		ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
			(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6,
		code, argv[0]);
	fclose(f);
	return code;
}

static int usage(void)
{
	fprintf(stderr, "usage: progress-guard [-s STALL_S] [-g GUARD_S] [--] COMMAND [ARG...]\n");
	return 2;
}

static int seconds_arg(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return errno || end == s || *end || *out < 1 ? -1 : 0;
}

/* Wait for the child; stop it when it hangs.  Returns the exit code. */
static int watch(pid_t child, char **argv, long stall_s, long guard_s)
{
	struct timespec step = { 0, SAMPLE_MS * 1000000L };
	double start = now_s(), since = 0, t;
	struct guard_clock clock = { start, 0 };
	struct progress base = sample(child), cur;
	char why[160];
	sigset_t chld;
	int status;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		sigtimedwait(&chld, NULL, &step);
		if (waitpid(child, &status, WNOHANG) == child)
			return logged(exit_code(status), argv, start);
		t = guard_clock_tick(&clock);
		cur = sample(child);
		if (progressed(&base, &cur)) {
			base = cur;
			since = t;
		} else if (t - since >= stall_s) {
			snprintf(why, sizeof(why),
				 "made no progress for %ld s (under %d clock ticks of CPU, no output)",
				 stall_s, MIN_PROGRESS_TICKS);
			return logged(hang(child, argv, why), argv, start);
		}
		if (t >= guard_s) {
			snprintf(why, sizeof(why), "still runs after its hang guard of %ld s", guard_s);
			return logged(hang(child, argv, why), argv, start);
		}
	}
}

int main(int argc, char **argv)
{
	long stall_s = DEFAULT_STALL_S, guard_s = DEFAULT_GUARD_S;
	sigset_t chld, old;
	pid_t child;
	int opt;

	while ((opt = getopt(argc, argv, "+s:g:")) != -1) {
		if (opt == 's' && !seconds_arg(optarg, &stall_s))
			continue;
		if (opt == 'g' && !seconds_arg(optarg, &guard_s))
			continue;
		return usage();
	}
	if (optind >= argc)
		return usage();
	if (getenv("PROGRESS_GUARD_STALL_S") &&
	    seconds_arg(getenv("PROGRESS_GUARD_STALL_S"), &stall_s))
		return usage();
	argv += optind;
	/* SIGCHLD stays blocked, so sigtimedwait sees the exit at once. */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	child = fork();
	if (child < 0) {
		perror("progress-guard: fork");
		return 127;
	}
	if (!child) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		setpgid(0, 0);
		execvp(argv[0], argv);
		fprintf(stderr, "progress-guard: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	/* Both sides set the group, so it exists before the first sample. */
	setpgid(child, child);
	forward_signals(child);
	return watch(child, argv, stall_s, guard_s);
}
