/*
 * Keccak-f[1600] with AVX-512VL, for shake256.c (which calls it only when
 * CPUID reports AVX-512F and AVX-512VL).  Same algorithm as the portable
 * code, but each of the 25 lanes lives in the low quadword of its own xmm
 * register: with AVX-512 there are 32 of them, so the whole state and the
 * round's temporaries stay in registers, and the EVEX instructions do in one
 * operation what takes several in general-purpose registers:
 *
 *   vpternlogq 0x96   three-way XOR (column sums of theta: 2 per column)
 *   vpternlogq 0xd2   a ^ (~b & c)  (chi: 1 per lane, no NOT needed)
 *   vprolq            64-bit rotation by an immediate (theta and rho)
 *
 * 128-bit operations keep the core out of the 512-bit frequency licence and
 * can issue on three vector ports.  No table lookups, no data-dependent
 * branches.
 */
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(N448_NO_AVX512)

#include <immintrin.h>

void n448_keccak_blocks_avx512(uint64_t s[25], const uint8_t *in, size_t nblocks);

static const uint64_t RC512[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

#define XOR3(x, y, z) _mm_ternarylogic_epi64((x), (y), (z), 0x96)
#define CHI(x, y, z) _mm_ternarylogic_epi64((x), (y), (z), 0xd2)

/*
 * One round on a0..a24 (lane x + 5y): theta; rho and pi together (lane
 * (x, y) goes to b at (y, 2x + 3y)); chi; iota.
 */
#define KECCAK_ROUND_512(rc) do { \
    __m128i c0, c1, c2, c3, c4, d0, d1, d2, d3, d4; \
    __m128i b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, \
            b13, b14, b15, b16, b17, b18, b19, b20, b21, b22, b23, b24; \
    c0 = XOR3(XOR3(a0, a5, a10), a15, a20); \
    c1 = XOR3(XOR3(a1, a6, a11), a16, a21); \
    c2 = XOR3(XOR3(a2, a7, a12), a17, a22); \
    c3 = XOR3(XOR3(a3, a8, a13), a18, a23); \
    c4 = XOR3(XOR3(a4, a9, a14), a19, a24); \
    d0 = _mm_xor_si128(c4, _mm_rol_epi64(c1, 1)); \
    d1 = _mm_xor_si128(c0, _mm_rol_epi64(c2, 1)); \
    d2 = _mm_xor_si128(c1, _mm_rol_epi64(c3, 1)); \
    d3 = _mm_xor_si128(c2, _mm_rol_epi64(c4, 1)); \
    d4 = _mm_xor_si128(c3, _mm_rol_epi64(c0, 1)); \
    b0 = _mm_xor_si128(a0, d0); \
    b10 = _mm_rol_epi64(_mm_xor_si128(a1, d1), 1); \
    b20 = _mm_rol_epi64(_mm_xor_si128(a2, d2), 62); \
    b5 = _mm_rol_epi64(_mm_xor_si128(a3, d3), 28); \
    b15 = _mm_rol_epi64(_mm_xor_si128(a4, d4), 27); \
    b16 = _mm_rol_epi64(_mm_xor_si128(a5, d0), 36); \
    b1 = _mm_rol_epi64(_mm_xor_si128(a6, d1), 44); \
    b11 = _mm_rol_epi64(_mm_xor_si128(a7, d2), 6); \
    b21 = _mm_rol_epi64(_mm_xor_si128(a8, d3), 55); \
    b6 = _mm_rol_epi64(_mm_xor_si128(a9, d4), 20); \
    b7 = _mm_rol_epi64(_mm_xor_si128(a10, d0), 3); \
    b17 = _mm_rol_epi64(_mm_xor_si128(a11, d1), 10); \
    b2 = _mm_rol_epi64(_mm_xor_si128(a12, d2), 43); \
    b12 = _mm_rol_epi64(_mm_xor_si128(a13, d3), 25); \
    b22 = _mm_rol_epi64(_mm_xor_si128(a14, d4), 39); \
    b23 = _mm_rol_epi64(_mm_xor_si128(a15, d0), 41); \
    b8 = _mm_rol_epi64(_mm_xor_si128(a16, d1), 45); \
    b18 = _mm_rol_epi64(_mm_xor_si128(a17, d2), 15); \
    b3 = _mm_rol_epi64(_mm_xor_si128(a18, d3), 21); \
    b13 = _mm_rol_epi64(_mm_xor_si128(a19, d4), 8); \
    b14 = _mm_rol_epi64(_mm_xor_si128(a20, d0), 18); \
    b24 = _mm_rol_epi64(_mm_xor_si128(a21, d1), 2); \
    b9 = _mm_rol_epi64(_mm_xor_si128(a22, d2), 61); \
    b19 = _mm_rol_epi64(_mm_xor_si128(a23, d3), 56); \
    b4 = _mm_rol_epi64(_mm_xor_si128(a24, d4), 14); \
    a0 = CHI(b0, b1, b2); \
    a1 = CHI(b1, b2, b3); \
    a2 = CHI(b2, b3, b4); \
    a3 = CHI(b3, b4, b0); \
    a4 = CHI(b4, b0, b1); \
    a5 = CHI(b5, b6, b7); \
    a6 = CHI(b6, b7, b8); \
    a7 = CHI(b7, b8, b9); \
    a8 = CHI(b8, b9, b5); \
    a9 = CHI(b9, b5, b6); \
    a10 = CHI(b10, b11, b12); \
    a11 = CHI(b11, b12, b13); \
    a12 = CHI(b12, b13, b14); \
    a13 = CHI(b13, b14, b10); \
    a14 = CHI(b14, b10, b11); \
    a15 = CHI(b15, b16, b17); \
    a16 = CHI(b16, b17, b18); \
    a17 = CHI(b17, b18, b19); \
    a18 = CHI(b18, b19, b15); \
    a19 = CHI(b19, b15, b16); \
    a20 = CHI(b20, b21, b22); \
    a21 = CHI(b21, b22, b23); \
    a22 = CHI(b22, b23, b24); \
    a23 = CHI(b23, b24, b20); \
    a24 = CHI(b24, b20, b21); \
    a0 = _mm_xor_si128(a0, (rc)); \
} while (0)

/* an unaligned 8-byte load or store (vmovq), little-endian as x86 is */
#define LOAD_LANE(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define STORE_LANE(p, v) _mm_storel_epi64((__m128i *)(void *)(p), (v))
#define XOR_LANE(i) a##i = _mm_xor_si128(a##i, LOAD_LANE(in + 8 * (i)))

/*
 * Permutes s nblocks times (nblocks >= 1); before each permutation, when in
 * is not NULL, XORs the next 136-byte block of in into the rate.
 */
__attribute__((target("avx512f,avx512vl")))
void n448_keccak_blocks_avx512(uint64_t s[25], const uint8_t *in, size_t nblocks)
{
    __m128i a0 = LOAD_LANE(s + 0), a1 = LOAD_LANE(s + 1), a2 = LOAD_LANE(s + 2);
    __m128i a3 = LOAD_LANE(s + 3), a4 = LOAD_LANE(s + 4), a5 = LOAD_LANE(s + 5);
    __m128i a6 = LOAD_LANE(s + 6), a7 = LOAD_LANE(s + 7), a8 = LOAD_LANE(s + 8);
    __m128i a9 = LOAD_LANE(s + 9), a10 = LOAD_LANE(s + 10), a11 = LOAD_LANE(s + 11);
    __m128i a12 = LOAD_LANE(s + 12), a13 = LOAD_LANE(s + 13), a14 = LOAD_LANE(s + 14);
    __m128i a15 = LOAD_LANE(s + 15), a16 = LOAD_LANE(s + 16), a17 = LOAD_LANE(s + 17);
    __m128i a18 = LOAD_LANE(s + 18), a19 = LOAD_LANE(s + 19), a20 = LOAD_LANE(s + 20);
    __m128i a21 = LOAD_LANE(s + 21), a22 = LOAD_LANE(s + 22), a23 = LOAD_LANE(s + 23);
    __m128i a24 = LOAD_LANE(s + 24);

    do {
        if (in != NULL) {
            XOR_LANE(0); XOR_LANE(1); XOR_LANE(2); XOR_LANE(3); XOR_LANE(4);
            XOR_LANE(5); XOR_LANE(6); XOR_LANE(7); XOR_LANE(8); XOR_LANE(9);
            XOR_LANE(10); XOR_LANE(11); XOR_LANE(12); XOR_LANE(13); XOR_LANE(14);
            XOR_LANE(15); XOR_LANE(16);
            in += 136;
        }
        for (int r = 0; r < 24; r += 2) {
            KECCAK_ROUND_512(LOAD_LANE(RC512 + r));
            KECCAK_ROUND_512(LOAD_LANE(RC512 + r + 1));
        }
    } while (--nblocks > 0);

    STORE_LANE(s + 0, a0); STORE_LANE(s + 1, a1); STORE_LANE(s + 2, a2);
    STORE_LANE(s + 3, a3); STORE_LANE(s + 4, a4); STORE_LANE(s + 5, a5);
    STORE_LANE(s + 6, a6); STORE_LANE(s + 7, a7); STORE_LANE(s + 8, a8);
    STORE_LANE(s + 9, a9); STORE_LANE(s + 10, a10); STORE_LANE(s + 11, a11);
    STORE_LANE(s + 12, a12); STORE_LANE(s + 13, a13); STORE_LANE(s + 14, a14);
    STORE_LANE(s + 15, a15); STORE_LANE(s + 16, a16); STORE_LANE(s + 17, a17);
    STORE_LANE(s + 18, a18); STORE_LANE(s + 19, a19); STORE_LANE(s + 20, a20);
    STORE_LANE(s + 21, a21); STORE_LANE(s + 22, a22); STORE_LANE(s + 23, a23);
    STORE_LANE(s + 24, a24);
}

#else

/* ISO C forbids an empty translation unit */
typedef int n448_shake256_avx512_unused;

#endif
