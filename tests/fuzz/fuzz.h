/*
 * fuzz.h: what the libFuzzer targets share: CHECK (an invariant that must
 * hold: abort, which libFuzzer reports with the input) and the reader that
 * turns the input into numbers, 0 once it is used up.
 */
#ifndef GR_FUZZ_H
#define GR_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

typedef struct reader {
    const uint8_t *data;
    size_t size, at;
} reader;

static inline int more(const reader *r) { return r->at < r->size; }

static inline uint8_t byte(reader *r)
{
    return r->at < r->size ? r->data[r->at++] : 0;
}

/* 4 bytes, least significant first */
static inline int32_t word(reader *r)
{
    uint32_t w = 0;
    for (int i = 0; i < 4; i++)
        w |= (uint32_t)byte(r) << (8 * i);
    return (int32_t)w;
}

/* 8 bytes, least significant first */
static inline uint64_t quad(reader *r)
{
    uint64_t low = (uint32_t)word(r);   /* one read per statement: the order */
    return low | (uint64_t)(uint32_t)word(r) << 32;   /* of operands is unspecified */
}

#endif /* GR_FUZZ_H */
