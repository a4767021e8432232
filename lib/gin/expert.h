/*
 * gin/expert.h: the expert bot (expert.c), used by bot.c.
 * Private to the library; never installed.
 */
#ifndef GR_GIN_EXPERT_H
#define GR_GIN_EXPERT_H

#include "ginrummy.h"

typedef struct gr__expert gr__expert;

/* NULL when out of memory */
gr__expert *gr__expert_new(const gr_allocator *mm, uint64_t seed);
void gr__expert_free(gr__expert *ex, const gr_allocator *mm);
/* a legal move of the (validated) view; the greedy choice `fallback` is
 * played when the view does not fit the bot's rules */
int  gr__expert_choose(gr__expert *ex, const gr_view *view, int fallback,
                       gr_move *out);
int  gr__expert_set_rules(gr__expert *ex, const gr_rules *rules);
int  gr__expert_set_param(gr__expert *ex, int param, int value);
int  gr__expert_set_score(gr__expert *ex, int mine, int theirs);
int  gr__expert_arrange(gr__expert *ex, const gr_view *view, gr_card discard,
                        gr_arrangement *out);
int  gr__expert_explain(const gr__expert *ex, char *buf, size_t size);

/* bot.c: the greedy bot's choice, an index into view->legal */
int  gr__greedy_choose(const gr_view *view);

#endif /* GR_GIN_EXPERT_H */
