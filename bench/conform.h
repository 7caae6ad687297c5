/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Whether a row answers as OpenSSL's default provider does: the one check of
 * the benchmark's rows, run by edfast-bench before anything is timed (so that
 * it never times a broken implementation) and by test/direct_backends_test.c
 * on many keys and messages.
 */
#ifndef EDFAST_BENCH_CONFORM_H
#define EDFAST_BENCH_CONFORM_H

#include <stddef.h>
#include <stdint.h>

#include "impl.h"

/*
 * Compares im with ref, the default provider's row with a key from the same
 * seed, on job (job->sig: ref's signature of job->msg); other_pub is the
 * public key of another key.  im must have ref's public key, sign as ref does
 * (twice, so that a reused context is exercised), byte for byte, or, when
 * hedged, with a signature ref accepts; and give ref's verdict on the good
 * signature, on corrupted ones, on another message, and with a new key object
 * of its own key and of the other key.  Returns 1, or 0 with the first
 * disagreement in why.
 */
int conform_check(struct impl *im, struct impl *ref, const struct job *job,
                  const uint8_t *other_pub, char *why, size_t why_len);

#endif
