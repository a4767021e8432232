/*
 * check_threads.c: several threads each playing independent matches at
 * once (no global mutable state), and their results equal to the same
 * matches played one after another.  CI also runs it under helgrind.
 */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <ginrummy.h>
#include "testutil.h"

#define NTHREADS 4

typedef struct job {
    uint64_t seed;
    int matches;
    int preset;
    gr_score last;        /* the score of the last match */
    long total_points;    /* over all matches */
    int failed;           /* a call returned an error */
} job;

/* Play whole matches between two greedy bots, everything owned by this job. */
static void *play(void *arg)
{
    job *j = arg;
    gr_rules *rules = NULL;
    gr_bot *bots[2] = { NULL, NULL };
    if (gr_rules_new(&rules, j->preset) != GR_OK ||
        gr_bot_new(&bots[0], GR_BOT_GREEDY, j->seed) != GR_OK ||
        gr_bot_new(&bots[1], GR_BOT_RANDOM, j->seed + 1) != GR_OK) {
        j->failed = 1;
        goto out;
    }
    for (int k = 0; k < j->matches && !j->failed; k++) {
        gr_match *m = NULL;
        if (gr_match_new(&m, rules, j->seed + (uint64_t)k) != GR_OK) {
            j->failed = 1;
            break;
        }
        gr_score s;
        for (int hand = 0; hand < 500 && gr_match_score(m, &s) == GR_OK && !s.over; hand++) {
            gr_game *g = NULL;
            if (gr_match_deal(m, &g) != GR_OK) {
                j->failed = 1;
                break;
            }
            for (int step = 0; step < 1000 && gr_game_phase(g) != GR_PHASE_OVER; step++) {
                gr_view v;
                gr_move mv;
                int p = gr_game_turn(g);
                if (gr_game_view(g, p, &v) != GR_OK ||
                    gr_bot_choose(bots[p], &v, &mv) != GR_OK ||
                    gr_game_play(g, mv) != GR_OK)
                    j->failed = 1;
            }
            gr_hand_result res;
            if (gr_game_result(g, &res) == GR_OK)
                gr_match_record(m, &res);
            gr_game_free(g);
        }
        gr_match_score(m, &j->last);
        j->total_points += j->last.total[0] + j->last.total[1];
        gr_match_free(m);
    }
out:
    gr_bot_free(bots[0]);
    gr_bot_free(bots[1]);
    gr_rules_free(rules);
    return NULL;
}

START_TEST(test_threads_match_serial_results)
{
    job parallel[NTHREADS], serial[NTHREADS];
    pthread_t tid[NTHREADS];
    int matches = (int)test_count(20);

    memset(parallel, 0, sizeof parallel);
    for (int i = 0; i < NTHREADS; i++) {
        parallel[i].seed = 1000 + 77 * (uint64_t)i;
        parallel[i].matches = matches;
        parallel[i].preset = i % 3;
    }
    memcpy(serial, parallel, sizeof serial);

    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&tid[i], NULL, play, &parallel[i]), 0);
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_join(tid[i], NULL), 0);
    for (int i = 0; i < NTHREADS; i++)
        play(&serial[i]);

    for (int i = 0; i < NTHREADS; i++) {
        ck_assert_int_eq(parallel[i].failed, 0);
        ck_assert_int_eq(parallel[i].total_points, serial[i].total_points);
        ck_assert_mem_eq(&parallel[i].last, &serial[i].last, sizeof(gr_score));
        ck_assert_int_gt(parallel[i].total_points, 0);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_threads_match_serial_results);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
