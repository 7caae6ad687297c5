/*
 * The native backend's known-answer self-test, run at its set-up, once per
 * process, before either curve serves an operation: FIPS modules, and the
 * Java providers that wrap native code, test the code that will actually run
 * before trusting it, and this backend's code differs per CPU (cpu.h).
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
 * none.  When no path of a curve passes, the set-up fails.
 */
#ifndef EDFAST_NATIVE_SELFTEST_H
#define EDFAST_NATIVE_SELFTEST_H

#include "../backend.h"

/*
 * Tests both curves through ops (indexed by curve) on first call and leaves
 * each curve served by the path that passed; later calls give the same
 * answer.  Returns 1 when every curve has a path that passed; otherwise 0,
 * with the report, or out of memory, in OpenSSL's error queue (a run cut
 * short by memory is run again by the next call).
 */
int native_selftest_run(const struct edfast_curve_ops *const ops[EDFAST_CURVE_COUNT]);

/*
 * What the self-test found, one line for the provider's parameters, e.g.
 * "ed25519: ifma passed; ed448: ifma failed (signature mismatch), adx passed".
 */
const char *native_selftest_report(void);

/* The name of the path serving curve; NULL unless the self-test passed it. */
const char *native_selftest_path(enum edfast_curve curve);

#endif
