/* bot.c: work in progress (placeholder while the module is written). */
#include "internal.h"
