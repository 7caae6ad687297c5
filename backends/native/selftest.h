/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The native backend's known-answer self-test, run for each curve once per
 * process, before the curve serves its first operation (the provider readies
 * a backend's curve before it makes the curve's first key): FIPS modules,
 * and the Java providers that wrap native code, test the code that will
 * actually run before trusting it, and this backend's code differs per CPU
 * (cpu.h).  Not at load: a process that never uses a curve never pays for it.
 *
 * Each curve, on its chosen path and through the very operations the
 * provider calls, derives the public key of RFC 8032's first test vector
 * (Ed25519: section 7.1 TEST 1; Ed448: section 7.4 "Blank"), signs the
 * vector's empty message, compares both with the RFC's bytes, verifies the
 * RFC's signature on the key's first verification and again on its per-key
 * tables, and must reject the same signature with one bit of S flipped.  A
 * path that fails (a miscompiled path, a faulty or mis-emulated CPU) is not
 * used: the curve moves to the next lower path the CPU runs (ifma, adx,
 * portable), which is tested the same way.  A path forced with
 * EDFAST_NATIVE_PATH has no fallback, as a forced path the CPU lacks has
 * none.  When no path of a curve passes, every key of that curve is refused
 * with the report: no caller ever sees a result of a path that failed.
 */
#ifndef EDFAST_NATIVE_SELFTEST_H
#define EDFAST_NATIVE_SELFTEST_H

#include "../backend.h"

/*
 * Readies ops's curve: tests it on first call (thread-safe) and leaves it
 * served by the path that passed; later calls give the same answer at the
 * cost of one atomic load.  Returns 1 when a path passed; otherwise 0, with
 * the report, or out of memory, in OpenSSL's error queue (a run cut short by
 * memory is run again by the next call).
 */
int native_selftest_prepare(const struct edfast_curve_ops *ops);

/*
 * What the self-tests found so far, one line for the provider's parameters,
 * e.g. "ed25519: ifma passed; ed448: ifma failed (signature mismatch), adx
 * passed", or "ed25519: adx passed; ed448: not run".  Valid in the calling
 * thread until its next call.
 */
const char *native_selftest_report(void);

/*
 * The name of the path serving curve: before its self-test, the path it
 * tests first; "none" when no path passed it.
 */
const char *native_selftest_path(enum edfast_curve curve);

#endif
