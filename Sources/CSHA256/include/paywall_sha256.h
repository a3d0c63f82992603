/*
 * paywall_sha256.h: SHA-256's compression function on the CPU's SHA extensions (x86-64 SHA-NI).
 *
 * The one caller is Sources/PaywallKit/Model/Text/SHA256.swift, which pads the message and keeps its own
 * implementation for CPUs without the extensions.
 */
#ifndef PAYWALL_SHA256_H
#define PAYWALL_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runs `blocks` 64-byte blocks of `data` through SHA-256's compression function, updating the eight state
 * words `state` (a, b, ... h, as FIPS 180-4 numbers them). Returns 1 when it did; 0, with `state`
 * untouched, when this CPU has no SHA extensions.
 */
int pw_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/* The 64 round constants, for the caller's own compression function. */
const uint32_t *pw_sha256_constants(void);

#ifdef __cplusplus
}
#endif

#endif
