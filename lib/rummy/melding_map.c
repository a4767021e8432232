/*
 * rummy/melding_map.c: the state maps of the run DP (rummy/melding_search.c)
 * and their memory: a map starts in a block the caller gives (often on
 * the stack) and moves to the heap, twice as large, when it fills up.
 * The lookup itself (gr__smap_get) is inline in rummy/melding_dp.h: it is
 * the DP's inner loop.
 */
#include "rummy/melding_dp.h"

#include <stdlib.h>
#include <string.h>

/* the most states a map may hold (far above any hand of 30 cards) */
#define SMAP_MAX (1 << 22)

int gr__smap_grow(smap *m)
{
    if (m->cap >= SMAP_MAX)
        return -1;
    int cap = 2 * m->cap, hsize = 2 * cap;
    char *b = malloc((size_t)cap * (sizeof(uint32_t) + NK * sizeof(int32_t))
                     + (size_t)hsize * sizeof(int32_t));
    if (b == NULL)
        return -1;
    int32_t *vals = (int32_t *)(void *)b;
    uint32_t *keys = (uint32_t *)(void *)(b + (size_t)cap * NK * sizeof(int32_t));
    int32_t *slots = (int32_t *)(void *)(b + (size_t)cap * (NK * sizeof(int32_t) + sizeof(uint32_t)));
    memcpy(vals, m->vals, (size_t)m->n * NK * sizeof(int32_t));
    memcpy(keys, m->keys, (size_t)m->n * sizeof(uint32_t));
    memset(slots, 0xFF, (size_t)hsize * sizeof(int32_t));
    free(m->owned);
    m->owned = b;
    m->vals = vals;
    m->keys = keys;
    m->slots = slots;
    m->cap = cap;
    m->hmask = hsize - 1;
    for (int i = 0; i < m->n; i++) {
        uint32_t h = gr__smap_hash(keys[i], m->hmask);
        while (slots[h] != -1)
            h = (h + 1) & (uint32_t)m->hmask;
        slots[h] = i;
    }
    return 0;
}

void gr__smap_clear(smap *m)
{
    for (int i = 0; i < m->n; i++) {
        uint32_t h = gr__smap_hash(m->keys[i], m->hmask);
        for (; m->slots[h] != -1; h = (h + 1) & (uint32_t)m->hmask)
            m->slots[h] = -1;
    }
    m->n = 0;
}

int gr__dp_mem_init(dp_mem *mm, int nmaps, int cap, void *stack, size_t stack_size)
{
    int hsize = 1;
    while (hsize < 2 * cap)
        hsize *= 2;
    size_t per = (size_t)cap * sizeof(uint32_t) + (size_t)cap * NK * sizeof(int32_t)
               + (size_t)hsize * sizeof(int32_t);
    size_t total = per * (size_t)nmaps;
    char *b;
    if (total <= stack_size) {
        b = stack;
        mm->block = NULL;
    } else {
        b = malloc(total);
        if (b == NULL)
            return GR_ENOMEM;
        mm->block = b;
    }
    for (int i = 0; i < nmaps; i++) {
        smap *m = &mm->maps[i];
        m->n = 0;
        m->owned = NULL;
        m->cap = cap;
        m->hmask = hsize - 1;
        m->vals = (int32_t *)(void *)b;
        b += (size_t)cap * NK * sizeof(int32_t);
        m->keys = (uint32_t *)(void *)b;
        b += (size_t)cap * sizeof(uint32_t);
        m->slots = (int32_t *)(void *)b;
        b += (size_t)hsize * sizeof(int32_t);
        memset(m->slots, 0xFF, (size_t)hsize * sizeof(int32_t));
    }
    return GR_OK;
}

void gr__dp_mem_free(dp_mem *mm)
{
    free(mm->maps[0].owned);
    free(mm->maps[1].owned);
    free(mm->block);
}
