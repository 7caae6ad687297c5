/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The benchmark program's helpers that know nothing of the benchmark:
 * dying with a message, clocks, and the process's load and CPU time.
 * Every other file of the program may use them; they use none of it.
 */
#ifndef EDFAST_BENCH_UTIL_H
#define EDFAST_BENCH_UTIL_H

/* Prints the message (and OpenSSL's error queue) and exits with status 1. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* CLOCK_MONOTONIC, in seconds. */
double now(void);
/* The calling thread's CPU time, in seconds. */
double thread_cpu_now(void);
/* The 1-minute load average, or -1 where /proc/loadavg is not readable. */
double load_average(void);
/* CPU time this process has used, in seconds. */
double cpu_seconds(void);

#endif
