/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rusage-run COMMAND [ARG...]: runs COMMAND and prints its CPU time and peak
 * resident memory as "USER_US SYSTEM_US MAXRSS_KIB" on stdout, from wait4.
 * scripts/load-cost.py runs each measured process through it, because Linux
 * counts the parent's memory before exec into a child's ru_maxrss: forked
 * from a Python interpreter, every process would show the interpreter's
 * size.  Forked from this small program, it shows its own.  Exits with the
 * command's status (127 when it cannot be run).
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct rusage usage;
    int status;
    pid_t child;

    if (argc < 2) {
        fprintf(stderr, "usage: rusage-run COMMAND [ARG...]\n");
        return 2;
    }
    child = fork();
    if (child < 0) {
        perror("rusage-run: fork");
        return 127;
    }
    if (child == 0) {
        execvp(argv[1], argv + 1);
        perror("rusage-run: exec");
        _exit(127);
    }
    if (wait4(child, &status, 0, &usage) != child) {
        perror("rusage-run: wait4");
        return 127;
    }
    printf("%ld %ld %ld\n", (long)usage.ru_utime.tv_sec * 1000000L + (long)usage.ru_utime.tv_usec,
           (long)usage.ru_stime.tv_sec * 1000000L + (long)usage.ru_stime.tv_usec,
           (long)usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
