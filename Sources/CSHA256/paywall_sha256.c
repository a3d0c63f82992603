/*
 * SHA-256 blocks on x86-64's SHA extensions (paywall_sha256.h). Each group of four rounds adds the
 * round constants to four message words, runs two `sha256rnds2`, and, from group 3 to 14, makes the
 * four message words of a group ahead with `sha256msg1` and `sha256msg2` (FIPS 180-4's schedule, four
 * words at a time).
 */
#include "paywall_sha256.h"

/* FIPS 180-4, 4.2.2. */
static const uint32_t K[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *pw_sha256_constants(void) { return K; }

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

/* Whether the CPU has SHA, SSSE3 and SSE4.1: asked once (-1: not yet). */
static int has_extensions(void) {
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer >= 0) return answer;
    unsigned int a, b, c, d;
    answer = 0;
    if (__get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        int sha = (b >> 29) & 1;
        __cpuid(1, a, b, c, d);
        answer = sha && ((c >> 9) & 1) && ((c >> 19) & 1);
    }
    __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    return answer;
}

__attribute__((target("sha,ssse3,sse4.1")))
static void blocks_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    /* The state as the instructions hold it: ABEF and CDGH. */
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);
    __m128i cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);
    __m128i abef = _mm_alignr_epi8(tmp, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xF0);

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i m[4];
        for (int group = 0; group < 16; group++) {
            if (group < 4) {
                m[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), swap);
            }
            __m128i words = _mm_add_epi32(m[group & 3], _mm_load_si128((const __m128i *)&K[4 * group]));
            /* Two rounds each: after two, CDGH is what ABEF was, so the roles come back after the pair. */
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, words);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(words, 0x0E));
            if (group >= 3 && group < 15) {
                /* W[16..] four at a time: m[(group + 1) & 3] holds the words 16 before the new ones. */
                __m128i *next = &m[(group + 1) & 3];
                __m128i sum = _mm_add_epi32(_mm_sha256msg1_epu32(*next, m[(group + 2) & 3]),
                                            _mm_alignr_epi8(m[group & 3], m[(group + 3) & 3], 4));
                *next = _mm_sha256msg2_epu32(sum, m[group & 3]);
            }
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    tmp = _mm_shuffle_epi32(abef, 0x1B);           /* FEBA */
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);          /* DCHG */
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(tmp, cdgh, 0xF0));  /* DCBA */
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(cdgh, tmp, 8));     /* HGFE */
}

int pw_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    if (!has_extensions()) return 0;
    blocks_ni(state, data, blocks);
    return 1;
}

#else

int pw_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
    return 0;
}

#endif
