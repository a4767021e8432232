/*
 * alloc.c: the optional per-handle allocator (expat's XML_ParserCreate_MM).
 *
 * A rule set made with gr_rules_new_mm keeps the allocator, and every game
 * and match made from it copies the rules, so one allocator serves a whole
 * family of handles without any global state.
 */
#include "common/alloc.h"
#include "common/bits.h"

#include <stdlib.h>
#include <string.h>

bool gr__allocator_valid(const gr_allocator *mm)
{
    return mm == NULL || (mm->malloc_fn != NULL && mm->free_fn != NULL
                          && GR__RESERVED_ZERO(mm));
}

gr_allocator gr__allocator_or_default(const gr_allocator *mm)
{
    gr_allocator none = { NULL, NULL, NULL, { NULL } };
    return mm ? *mm : none;
}

void *gr__malloc(const gr_allocator *mm, size_t size)
{
    return mm->malloc_fn ? mm->malloc_fn(size, mm->ctx) : malloc(size);
}

void gr__free(const gr_allocator *mm, void *ptr)
{
    if (ptr == NULL)
        return;
    if (mm->free_fn)
        mm->free_fn(ptr, mm->ctx);
    else
        free(ptr);
}

char *gr__strdup(const gr_allocator *mm, const char *s)
{
    size_t n = strlen(s);
    char *copy = gr__malloc(mm, n + 1);
    if (copy)
        memcpy(copy, s, n + 1);
    return copy;
}
