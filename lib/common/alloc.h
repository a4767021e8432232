/*
 * common/alloc.h: the optional per-handle allocator (alloc.c).
 * Private to the library; never installed.
 */
#ifndef GR_COMMON_ALLOC_H
#define GR_COMMON_ALLOC_H

#include "ginrummy.h"

#include <stdbool.h>
#include <stddef.h>

/* NULL, or both functions present and the reserved pointers NULL */
bool gr__allocator_valid(const gr_allocator *mm);
/* *mm, or the all-NULL allocator (malloc and free) for NULL */
gr_allocator gr__allocator_or_default(const gr_allocator *mm);
void *gr__malloc(const gr_allocator *mm, size_t size);
void  gr__free(const gr_allocator *mm, void *ptr);
/* a copy of the string s through mm (the loaders parse a copy), or NULL */
char *gr__strdup(const gr_allocator *mm, const char *s);

#endif /* GR_COMMON_ALLOC_H */
