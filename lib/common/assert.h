/*
 * common/assert.h: impossible states, asserted (as SQLite's ALWAYS/NEVER
 * and libgit2's GIT_ASSERT).  Private to the library; never installed.
 *
 * GR_ASSERT(cond)  states an invariant.  Checked in debug builds (configure
 *                  --enable-debug defines GR_DEBUG): a false cond prints
 *                  where and aborts.  In release builds it is nothing and
 *                  cond is not evaluated.
 * GR_NEVER(cond)   for a condition that cannot be true, where going on
 *                  would not be safe: `if (GR_NEVER(x)) return GR_E...;`.
 *                  Debug builds abort when it is true; release builds keep
 *                  the harmless return.
 */
#ifndef GR_COMMON_ASSERT_H
#define GR_COMMON_ASSERT_H

#ifdef GR_DEBUG
/* prints "file:line: assertion failed: cond" to stderr, then aborts */
void gr__assert_fail(const char *cond, const char *file, int line);
#  define GR_ASSERT(cond) \
    ((cond) ? (void)0 : gr__assert_fail(#cond, __FILE__, __LINE__))
#  define GR_NEVER(cond) \
    ((cond) ? (gr__assert_fail("!(" #cond ")", __FILE__, __LINE__), 1) : 0)
#else
#  define GR_ASSERT(cond) ((void)0)
#  define GR_NEVER(cond) (cond)
#endif

#endif /* GR_COMMON_ASSERT_H */
