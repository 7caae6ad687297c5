/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] and SHAKE256 (rate 136 bytes, domain bits 1111 then pad10*1).
 * Lanes are kept as host integers and bytes are mapped little-endian, so the
 * code is independent of the host byte order.
 *
 * Two permutations, the path's (../cpu.h):
 *
 * - portable C: the round fully unrolled over the 25 lanes held in local
 *   variables (two sets, the rounds alternating between them), so the
 *   compiler can keep them in registers instead of an array, with the
 *   lane-complementing transform of the Keccak team's implementation
 *   overview: lanes 1, 2, 8, 12, 17 and 20 are kept inverted inside the
 *   permutation, which lets chi be written with AND/OR and a single NOT per
 *   plane (5 NOTs per round instead of 25).  The chi expressions below were
 *   derived mechanically: given the complement pattern of each chi input
 *   (the stored pattern carried through theta, rho and pi), each output x is
 *   a ^ (b op c) with op AND or OR and with one lane of the plane used
 *   inverted (as a, b or c), chosen so that the output again carries the
 *   stored pattern;
 *
 * - AVX-512VL (shake256_avx512.c, the ifma path): one lane per xmm
 *   register (32 of them), vpternlogq for theta's XORs and chi, vprolq for
 *   the rotations.  Its constant time is checked by MemorySanitizer on
 *   AVX-512 hardware (native448_ct_ifma, with the ternary operations
 *   spelled out, see there) and by valgrind on emulated intrinsics
 *   (native448_ct_ifma_emulated).
 *
 * Whole 136-byte blocks are absorbed straight from the caller's buffer, with
 * the state held in registers across blocks.  Everything is branch-free on
 * the data: the only branches depend on lengths and on the CPU.
 */
#include "shake256.h"
#include "accel.h"
#include "bytes.h"
#include "shake256_rounds.h"

#include <string.h>
#include <openssl/crypto.h>

#define LANES_PER_BLOCK (N448_SHAKE256_RATE / 8)

#define ROL64(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/*
 * One round from the lanes A0..A24 (lane x + 5y) to E0..E24, complemented
 * lanes (1, 2, 8, 12, 17, 20) in and out: theta's column sums; then plane by
 * plane of the output, theta, rho and pi for its five lanes (b at (X, Y)
 * comes from lane (X + 3Y, X)), chi with the complement-aware expressions,
 * and iota on lane 0.  Going plane by plane keeps fewer values alive, which
 * made gcc's code faster than computing all 25 b first (Sapphire Rapids,
 * commit 20ca997: 16 KiB 6.9k/s to 9.7k/s with the vpternlogq theta).
 */
#define KECCAK_ROUND(A, E, rc) do { \
    uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, t, b0, b1, b2, b3, b4; \
    c0 = A##0 ^ A##5 ^ A##10 ^ A##15 ^ A##20; \
    c1 = A##1 ^ A##6 ^ A##11 ^ A##16 ^ A##21; \
    c2 = A##2 ^ A##7 ^ A##12 ^ A##17 ^ A##22; \
    c3 = A##3 ^ A##8 ^ A##13 ^ A##18 ^ A##23; \
    c4 = A##4 ^ A##9 ^ A##14 ^ A##19 ^ A##24; \
    d0 = c4 ^ ROL64(c1, 1); \
    d1 = c0 ^ ROL64(c2, 1); \
    d2 = c1 ^ ROL64(c3, 1); \
    d3 = c2 ^ ROL64(c4, 1); \
    d4 = c3 ^ ROL64(c0, 1); \
    b0 = A##0 ^ d0; \
    b1 = ROL64(A##6 ^ d1, 44); \
    b2 = ROL64(A##12 ^ d2, 43); \
    b3 = ROL64(A##18 ^ d3, 21); \
    b4 = ROL64(A##24 ^ d4, 14); \
    t = ~b2; \
    E##0 = b0 ^ (b1 | b2) ^ (rc); \
    E##1 = b1 ^ (t | b3); \
    E##2 = b2 ^ (b3 & b4); \
    E##3 = b3 ^ (b4 | b0); \
    E##4 = b4 ^ (b0 & b1); \
    b0 = ROL64(A##3 ^ d3, 28); \
    b1 = ROL64(A##9 ^ d4, 20); \
    b2 = ROL64(A##10 ^ d0, 3); \
    b3 = ROL64(A##16 ^ d1, 45); \
    b4 = ROL64(A##22 ^ d2, 61); \
    t = ~b4; \
    E##5 = b0 ^ (b1 | b2); \
    E##6 = b1 ^ (b2 & b3); \
    E##7 = b2 ^ (b3 | t); \
    E##8 = b3 ^ (b4 | b0); \
    E##9 = b4 ^ (b0 & b1); \
    b0 = ROL64(A##1 ^ d1, 1); \
    b1 = ROL64(A##7 ^ d2, 6); \
    b2 = ROL64(A##13 ^ d3, 25); \
    b3 = ROL64(A##19 ^ d4, 8); \
    b4 = ROL64(A##20 ^ d0, 18); \
    t = ~b3; \
    E##10 = b0 ^ (b1 | b2); \
    E##11 = b1 ^ (b2 & b3); \
    E##12 = b2 ^ (t & b4); \
    E##13 = t ^ (b4 | b0); \
    E##14 = b4 ^ (b0 & b1); \
    b0 = ROL64(A##4 ^ d4, 27); \
    b1 = ROL64(A##5 ^ d0, 36); \
    b2 = ROL64(A##11 ^ d1, 10); \
    b3 = ROL64(A##17 ^ d2, 15); \
    b4 = ROL64(A##23 ^ d3, 56); \
    t = ~b3; \
    E##15 = b0 ^ (b1 & b2); \
    E##16 = b1 ^ (b2 | b3); \
    E##17 = b2 ^ (t | b4); \
    E##18 = t ^ (b4 & b0); \
    E##19 = b4 ^ (b0 | b1); \
    b0 = ROL64(A##2 ^ d2, 62); \
    b1 = ROL64(A##8 ^ d3, 55); \
    b2 = ROL64(A##14 ^ d4, 39); \
    b3 = ROL64(A##15 ^ d0, 41); \
    b4 = ROL64(A##21 ^ d1, 2); \
    t = ~b1; \
    E##20 = b0 ^ (t & b2); \
    E##21 = t ^ (b2 | b3); \
    E##22 = b2 ^ (b3 & b4); \
    E##23 = b3 ^ (b4 | b0); \
    E##24 = b4 ^ (b0 & b1); \
} while (0)

/* the complemented lanes, entering and leaving the permutation */
#define COMPLEMENT_LANES() (a1 = ~a1, a2 = ~a2, a8 = ~a8, a12 = ~a12, a17 = ~a17, a20 = ~a20)

#define XOR_LANE(i) a##i ^= edfast_load64_le(in + 8 * (i))

/*
 * Permutes s nblocks times (nblocks >= 1); before each permutation, when in
 * is not NULL, XORs the next 136-byte block of in into the rate.
 */
static void keccak_blocks_portable(uint64_t s[25], const uint8_t *in, size_t nblocks)
{
    uint64_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3], a4 = s[4];
    uint64_t a5 = s[5], a6 = s[6], a7 = s[7], a8 = s[8], a9 = s[9];
    uint64_t a10 = s[10], a11 = s[11], a12 = s[12], a13 = s[13], a14 = s[14];
    uint64_t a15 = s[15], a16 = s[16], a17 = s[17], a18 = s[18], a19 = s[19];
    uint64_t a20 = s[20], a21 = s[21], a22 = s[22], a23 = s[23], a24 = s[24];
    uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
    uint64_t e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;

    COMPLEMENT_LANES();
    do {
        if (in != NULL) {
            XOR_LANE(0); XOR_LANE(1); XOR_LANE(2); XOR_LANE(3); XOR_LANE(4);
            XOR_LANE(5); XOR_LANE(6); XOR_LANE(7); XOR_LANE(8); XOR_LANE(9);
            XOR_LANE(10); XOR_LANE(11); XOR_LANE(12); XOR_LANE(13); XOR_LANE(14);
            XOR_LANE(15); XOR_LANE(16);
            in += N448_SHAKE256_RATE;
        }
        for (int r = 0; r < 24; r += 2) {
            KECCAK_ROUND(a, e, n448_keccak_round_constants[r]);
            KECCAK_ROUND(e, a, n448_keccak_round_constants[r + 1]);
        }
    } while (--nblocks > 0);
    COMPLEMENT_LANES();

    s[0] = a0; s[1] = a1; s[2] = a2; s[3] = a3; s[4] = a4;
    s[5] = a5; s[6] = a6; s[7] = a7; s[8] = a8; s[9] = a9;
    s[10] = a10; s[11] = a11; s[12] = a12; s[13] = a13; s[14] = a14;
    s[15] = a15; s[16] = a16; s[17] = a17; s[18] = a18; s[19] = a19;
    s[20] = a20; s[21] = a21; s[22] = a22; s[23] = a23; s[24] = a24;
}

#undef XOR_LANE
#undef COMPLEMENT_LANES
#undef KECCAK_ROUND

/* ---- the path's permutation ------------------------------------------- */

static void keccak_blocks(uint64_t s[25], const uint8_t *in, size_t nblocks)
{
    const struct n448_accel *accel = n448_accel_selected();

    if (accel != NULL && accel->keccak_blocks != NULL)
        accel->keccak_blocks(s, in, nblocks);
    else
        keccak_blocks_portable(s, in, nblocks);
}

void n448_keccak_f1600(uint64_t a[25])
{
    keccak_blocks(a, NULL, 1);
}

/* ---- SHAKE256 ----------------------------------------------------------- */

void n448_shake256_init(n448_shake256_ctx *c)
{
    memset(c, 0, sizeof(*c));
}

/* XORs len bytes (pos + len <= N448_SHAKE256_RATE) into the rate at byte pos. */
static void xor_bytes(uint64_t s[25], size_t pos, const uint8_t *in, size_t len)
{
    while (len > 0 && pos % 8 != 0) {
        s[pos / 8] ^= (uint64_t)*in++ << (8 * (pos % 8));
        pos++;
        len--;
    }
    while (len >= 8) {
        s[pos / 8] ^= edfast_load64_le(in);
        pos += 8;
        in += 8;
        len -= 8;
    }
    while (len > 0) {
        s[pos / 8] ^= (uint64_t)*in++ << (8 * (pos % 8));
        pos++;
        len--;
    }
}

void n448_shake256_absorb(n448_shake256_ctx *c, const uint8_t *in, size_t len)
{
    if (c->pos > 0) {
        /* complete the pending block */
        size_t n = N448_SHAKE256_RATE - c->pos;

        if (n > len)
            n = len;
        xor_bytes(c->s, c->pos, in, n);
        c->pos += n;
        in += n;
        len -= n;
        if (c->pos < N448_SHAKE256_RATE)
            return;
        keccak_blocks(c->s, NULL, 1);
        c->pos = 0;
    }
    if (len >= N448_SHAKE256_RATE) {
        /* whole blocks straight from the input */
        size_t blocks = len / N448_SHAKE256_RATE;

        keccak_blocks(c->s, in, blocks);
        in += blocks * N448_SHAKE256_RATE;
        len -= blocks * N448_SHAKE256_RATE;
    }
    /* a full block is permuted only once more input (or the padding) comes */
    xor_bytes(c->s, 0, in, len);
    c->pos = len;
}

/* Copies len bytes (pos + len <= N448_SHAKE256_RATE) of the rate from byte pos. */
static void read_bytes(const uint64_t s[25], size_t pos, uint8_t *out, size_t len)
{
    while (len > 0 && pos % 8 != 0) {
        *out++ = (uint8_t)(s[pos / 8] >> (8 * (pos % 8)));
        pos++;
        len--;
    }
    while (len >= 8) {
        edfast_store64_le(out, s[pos / 8]);
        pos += 8;
        out += 8;
        len -= 8;
    }
    while (len > 0) {
        *out++ = (uint8_t)(s[pos / 8] >> (8 * (pos % 8)));
        pos++;
        len--;
    }
}

void n448_shake256_squeeze(n448_shake256_ctx *c, uint8_t *out, size_t len)
{
    if (!c->squeezing) {
        c->s[c->pos / 8] ^= (uint64_t)0x1f << (8 * (c->pos % 8));
        c->s[(N448_SHAKE256_RATE - 1) / 8] ^= (uint64_t)0x80 << (8 * ((N448_SHAKE256_RATE - 1) % 8));
        keccak_blocks(c->s, NULL, 1);
        c->pos = 0;
        c->squeezing = 1;
    }
    while (len > 0) {
        size_t n;

        if (c->pos == N448_SHAKE256_RATE) {
            keccak_blocks(c->s, NULL, 1);
            c->pos = 0;
        }
        n = N448_SHAKE256_RATE - c->pos;
        if (n > len)
            n = len;
        read_bytes(c->s, c->pos, out, n);
        c->pos += n;
        out += n;
        len -= n;
    }
}

void n448_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    n448_shake256_ctx c;

    n448_shake256_init(&c);
    n448_shake256_absorb(&c, in, inlen);
    n448_shake256_squeeze(&c, out, outlen);
    OPENSSL_cleanse(&c, sizeof(c)); /* the state can reveal a secret input */
}
