/* The documented thread contract, exercised: many threads each playing their own games and
 * batches, while many readers share one game and one batch. Every writer's results must equal
 * what the same work gives on one thread (no thread disturbs another), and every reader must
 * see exactly the state set up before the threads started. Then batches whose calls split
 * between the process's helper threads (tictactoe_batch_set_threads 2 and 3) against one
 * thread, call by call, refusals included (their indices too, of the reads from a side as well);
 * and two C threads stepping such batches at once.
 * `make c-tsan` runs this under ThreadSanitizer, against a library whose Rust code (the pool's
 * lending of jobs to its helpers included) is instrumented too. */
#define _POSIX_C_SOURCE 200112L
#include "check.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

#define WRITERS 4
#define READERS 4
#define ROUNDS 150
#define GAME_N 5
#define BATCH_COUNT 64
#define BATCH_N 4
#define SHARED_N 9
#define TEXT_CAP 4096

/* What a writer's work gives: a hash of every game's text and of its batch's final cells. */
typedef struct {
    unsigned seed;
    bool together;
    uint64_t digest;
    int failures;
} writer_work;

typedef struct {
    const tictactoe_game *game;
    const tictactoe_batch *batch;
    const char *text;
    size_t text_len;
    const uint8_t *cells;
    const uint8_t *batch_cells;
    const bool *mask;
    int failures;
} reader_work;


/* Every thread starts its work once all are running, so that they overlap. */
static pthread_barrier_t start;

static uint64_t mix(uint64_t digest, const void *bytes, size_t len) {
    const unsigned char *b = bytes;
    size_t i;
    for (i = 0; i < len; i++) {
        digest = (digest ^ b[i]) * 1099511628211ull;
    }
    return digest;
}

static unsigned next_random(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

/* Plays whole random games on a game of its own, and steps a batch of its own, resetting the
 * finished games; every call must succeed. */
static void *write_own(void *arg) {
    writer_work *work = arg;
    unsigned state = work->seed;
    uint32_t legal[GAME_N * GAME_N], actions[BATCH_COUNT], finished[BATCH_COUNT];
    uint8_t winners[BATCH_COUNT], cells[BATCH_COUNT * BATCH_N * BATCH_N];
    bool over[BATCH_COUNT];
    char text[TEXT_CAP];
    size_t count = 0, len = 0, refused = 0, g;
    int round;
    tictactoe_batch *batch = NULL;
    work->digest = 14695981039346656037ull;
    if (work->together) {
        pthread_barrier_wait(&start);
    }
    if (tictactoe_batch_new(BATCH_COUNT, BATCH_N, work->seed, &batch) != TICTACTOE_RESULT_OK) {
        work->failures++;
        return NULL;
    }
    for (round = 0; round < ROUNDS; round++) {
        tictactoe_game *game = NULL;
        uint32_t winner = 0, status_winner = 0;
        size_t finished_count = 0;
        work->failures += tictactoe_game_new(GAME_N, &game) != TICTACTOE_RESULT_OK;
        while (tictactoe_game_legal_moves(game, legal, GAME_N * GAME_N, &count) == TICTACTOE_RESULT_OK && count > 0) {
            uint32_t cell = legal[next_random(&state) % count];
            work->failures += tictactoe_game_play(game, cell / GAME_N, cell % GAME_N, &winner) != TICTACTOE_RESULT_OK;
        }
        work->failures += tictactoe_game_winner(game, &status_winner) != TICTACTOE_RESULT_OK;
        work->failures += status_winner != winner;
        work->failures += tictactoe_game_serialize(game, text, TEXT_CAP, &len) != TICTACTOE_RESULT_OK;
        work->digest = mix(work->digest, text, len);
        tictactoe_game_free(game);

        work->failures += tictactoe_batch_games_random_legal_actions(batch, NULL, BATCH_COUNT, actions, &refused) !=
                          TICTACTOE_RESULT_OK;
        work->failures += tictactoe_batch_games_step(batch, NULL, BATCH_COUNT, actions, TICTACTOE_ILLEGAL_RAISE, winners,
                                                     &refused) != TICTACTOE_RESULT_OK;
        work->failures += tictactoe_batch_terminated(batch, over, BATCH_COUNT) != TICTACTOE_RESULT_OK;
        for (g = 0; g < BATCH_COUNT; g++) {
            if (over[g]) {
                finished[finished_count++] = (uint32_t)g;
            }
        }
        work->failures += tictactoe_batch_games_reset(batch, finished, finished_count, &refused) != TICTACTOE_RESULT_OK;
    }
    work->failures += tictactoe_batch_cells(batch, cells, sizeof cells) != TICTACTOE_RESULT_OK;
    work->digest = mix(work->digest, cells, sizeof cells);
    tictactoe_batch_free(batch);
    return NULL;
}

/* Reads the shared game and batch over and over through every kind of read, comparing with
 * what was read before the threads started. */
static void *read_shared(void *arg) {
    reader_work *work = arg;
    char text[TEXT_CAP];
    uint8_t cells[SHARED_N * SHARED_N], batch_cells[BATCH_COUNT * BATCH_N * BATCH_N];
    bool mask[BATCH_COUNT * BATCH_N * BATCH_N];
    size_t len = 0;
    int round;
    pthread_barrier_wait(&start);
    for (round = 0; round < ROUNDS; round++) {
        tictactoe_game *copy = NULL;
        tictactoe_batch *batch_copy = NULL;
        work->failures += tictactoe_game_serialize(work->game, text, TEXT_CAP, &len) != TICTACTOE_RESULT_OK;
        work->failures += len != work->text_len || memcmp(text, work->text, len) != 0;
        work->failures += tictactoe_game_cells(work->game, cells, sizeof cells, &len) != TICTACTOE_RESULT_OK;
        work->failures += memcmp(cells, work->cells, sizeof cells) != 0;
        work->failures += tictactoe_game_clone(work->game, &copy) != TICTACTOE_RESULT_OK;
        work->failures += tictactoe_game_serialize(copy, text, TEXT_CAP, &len) != TICTACTOE_RESULT_OK;
        work->failures += len != work->text_len || memcmp(text, work->text, len) != 0;
        tictactoe_game_free(copy);
        work->failures += tictactoe_batch_cells(work->batch, batch_cells, sizeof batch_cells) != TICTACTOE_RESULT_OK;
        work->failures += memcmp(batch_cells, work->batch_cells, sizeof batch_cells) != 0;
        work->failures += tictactoe_batch_legal_mask(work->batch, mask, sizeof mask) != TICTACTOE_RESULT_OK;
        work->failures += memcmp(mask, work->mask, sizeof mask) != 0;
        work->failures += tictactoe_batch_clone(work->batch, &batch_copy) != TICTACTOE_RESULT_OK;
        work->failures += tictactoe_batch_cells(batch_copy, batch_cells, sizeof batch_cells) != TICTACTOE_RESULT_OK;
        work->failures += memcmp(batch_cells, work->batch_cells, sizeof batch_cells) != 0;
        tictactoe_batch_free(batch_copy);
    }
    return NULL;
}

/* Games a threaded batch needs to split: 256 a thread at least. */
#define SPLIT_GAMES 1024
#define SPLIT_ROWS 6
#define SPLIT_COLS 7
#define SPLIT_CELLS (SPLIT_GAMES * SPLIT_ROWS * SPLIT_COLS)
#define SPLIT_ROUNDS 60
/* The thread counts compared: one, and two and three sharing the work. */
#define SPLITS 3

/* One run of random calls over every game on batches of 1, 2 and 3 threads. */
typedef struct {
    unsigned seed;
    uint64_t digest;
    int failures;
} split_work;

/* Everything the batches' calls wrote and hold, each against the one thread's. */
typedef struct {
    tictactoe_result result;
    size_t refused;
    uint32_t actions[SPLIT_GAMES];
    uint8_t winners[SPLIT_GAMES];
    uint8_t cells[SPLIT_CELLS];
    bool planes[2 * SPLIT_CELLS];
    bool mask[SPLIT_GAMES * SPLIT_COLS];
    /* The reads from a side: their results and refused indices too. */
    tictactoe_result from_result, rewards_result;
    size_t from_refused, rewards_refused;
    bool from[2 * SPLIT_CELLS];
    double rewards[SPLIT_GAMES];
} split_outputs;

/* Makes call `op` on batch `b` with the round's arguments into `out`, then the reads, those from
 * a side from `viewers` (NULL: the player to move, and X's rewards). */
static void split_call(tictactoe_batch *b, unsigned op, const uint32_t *actions, const uint8_t *sides,
                       const uint8_t *restart, const uint64_t *seeds, uint32_t illegal, const uint8_t *viewers,
                       split_outputs *out) {
    uint8_t x[SPLIT_GAMES];
    static const uint32_t listed[4] = {1000, 3, 517, 256};
    memset(out, 0, sizeof *out);
    memset(x, 1, sizeof x);
    out->refused = out->from_refused = out->rewards_refused = SIZE_MAX;
    switch (op) {
    case 0:
        out->result = tictactoe_batch_games_random_legal_actions(b, NULL, SPLIT_GAMES, out->actions, &out->refused);
        break;
    case 1:
        out->result = tictactoe_batch_games_step(b, NULL, SPLIT_GAMES, actions, illegal, out->winners, &out->refused);
        break;
    case 2:
        out->result = tictactoe_batch_games_step_random(b, NULL, SPLIT_GAMES, out->winners, &out->refused);
        break;
    case 3:
        out->result = tictactoe_batch_games_step_against_random(b, NULL, SPLIT_GAMES, sides, actions, restart, illegal,
                                                                out->winners, &out->refused);
        break;
    case 4:
        out->result = tictactoe_batch_games_reset_terminated(b, NULL, SPLIT_GAMES, &out->refused);
        break;
    case 5:
        out->result = tictactoe_batch_games_seed(b, NULL, SPLIT_GAMES, seeds, &out->refused);
        break;
    case 6:
        out->result = tictactoe_batch_games_step_restarting(b, NULL, SPLIT_GAMES, actions, restart, illegal,
                                                            out->winners, &out->refused);
        break;
    default: /* a list: on the caller's thread whatever the setting */
        out->result = tictactoe_batch_games_step_random(b, listed, 4, out->winners, &out->refused);
    }
    /* The reads that split too. */
    if (tictactoe_batch_cells(b, out->cells, SPLIT_CELLS) != TICTACTOE_RESULT_OK ||
        tictactoe_batch_observation(b, out->planes, 2 * SPLIT_CELLS) != TICTACTOE_RESULT_OK ||
        tictactoe_batch_legal_mask(b, out->mask, SPLIT_GAMES * SPLIT_COLS) != TICTACTOE_RESULT_OK)
        out->result = TICTACTOE_RESULT_PANIC;
    out->from_result =
        tictactoe_batch_observation_from(b, viewers, SPLIT_GAMES, out->from, 2 * SPLIT_CELLS, &out->from_refused);
    out->rewards_result =
        tictactoe_batch_rewards(b, viewers ? viewers : x, SPLIT_GAMES, out->rewards, &out->rewards_refused);
}

/* Random calls over every game (steps with bad actions now and then, refused or lost, random
 * steps, steps against the random opponent with bad sides now and then, steps restarting some
 * games, draws, resets, seeds)
 * on three batches of Connect Four, of 1, 2 and 3 threads: every call's result, refused index
 * and outputs, and every game after it, the one thread's. The digest is of what was written. */
static void *compare_splits(void *arg) {
    split_work *work = arg;
    static const tictactoe_rules c4 = {SPLIT_ROWS, SPLIT_COLS, 4, TICTACTOE_RULE_GRAVITY};
    tictactoe_batch *batches[SPLITS] = {NULL, NULL, NULL};
    split_outputs *outs = malloc(SPLITS * sizeof(split_outputs));
    uint32_t *actions = malloc(SPLIT_GAMES * sizeof(uint32_t));
    uint8_t *sides = malloc(SPLIT_GAMES), *restart = malloc(SPLIT_GAMES), *fair = malloc(SPLIT_GAMES);
    uint64_t *seeds = malloc(SPLIT_GAMES * sizeof(uint64_t));
    unsigned state = work->seed, refusals = 0, read_refusals = 0;
    int i, round;
    work->digest = 14695981039346656037ull;
    for (i = 0; i < SPLITS; i++) {
        work->failures += tictactoe_batch_new_rules(SPLIT_GAMES, &c4, work->seed, NULL, &batches[i]) != TICTACTOE_RESULT_OK;
        work->failures += tictactoe_batch_set_threads(batches[i], (uint32_t)i + 1) != TICTACTOE_RESULT_OK;
    }
    for (round = 0; round < SPLIT_ROUNDS; round++) {
        unsigned op = next_random(&state) % 8;
        uint32_t illegal = next_random(&state) % 2, g;
        for (g = 0; g < SPLIT_GAMES; g++) {
            unsigned r = next_random(&state);
            actions[g] = r % 64 == 0 ? SPLIT_COLS : r % SPLIT_COLS; /* off the board now and then */
            sides[g] = (uint8_t)(r % 97 == 0 ? 3 : 1 + (r >> 4) % 2);
            restart[g] = (uint8_t)((r >> 6) % 5 == 0 ? 1 + (r >> 9) % 255 : 0); /* any non-zero byte restarts */
            seeds[g] = r;
            fair[g] = sides[g] == 3 ? 1 : sides[g];
        }
        /* The reads from the sides of the step against the random opponent (a bad one now and
         * then: refused, naming it), from good sides, or from the player to move. */
        for (i = 0; i < SPLITS; i++)
            split_call(batches[i], op, actions, sides, restart, seeds, illegal,
                       round % 3 == 0 ? sides : round % 3 == 1 ? fair : NULL, &outs[i]);
        read_refusals += outs[0].from_result != TICTACTOE_RESULT_OK;
        work->failures += outs[0].from_result != outs[0].rewards_result || outs[0].from_refused != outs[0].rewards_refused;
        work->failures += (outs[0].from_result == TICTACTOE_RESULT_INVALID_PLAYER) != (outs[0].from_refused < SPLIT_GAMES);
        work->failures += outs[0].result == TICTACTOE_RESULT_PANIC;
        refusals += outs[0].result != TICTACTOE_RESULT_OK;
        for (i = 1; i < SPLITS; i++) work->failures += memcmp(&outs[i], &outs[0], sizeof outs[0]) != 0;
        work->digest = mix(work->digest, &outs[0], sizeof outs[0]);
    }
    /* Refusals and successes both happened: the comparison covered both. */
    work->failures += refusals == 0 || refusals == SPLIT_ROUNDS;
    work->failures += read_refusals == 0 || read_refusals == SPLIT_ROUNDS;
    for (i = 0; i < SPLITS; i++) tictactoe_batch_free(batches[i]);
    free(outs);
    free(actions);
    free(sides);
    free(restart);
    free(fair);
    free(seeds);
    return NULL;
}

/* The threads the process runs (Linux's /proc), 0 when it cannot tell. */
static int process_threads(void) {
    char line[128];
    int threads = 0;
    FILE *status = fopen("/proc/self/status", "r");
    while (status && fgets(line, sizeof line, status))
        if (sscanf(line, "Threads: %d", &threads) == 1) break;
    if (status) fclose(status);
    return threads;
}

/* Threaded batches against one thread; then two C threads each stepping threaded batches at
 * once (one gets the helpers, the other runs its parts on its own thread): the same results. */
static void test_threaded_batches(void) {
    split_work alone = {1, 0, 0}, first = {1, 0, 0}, second = {2, 0, 0};
    pthread_t a, b;
    compare_splits(&alone);
    CHECK(alone.failures == 0);
    /* The calls did split: this thread and the pool's two helpers for three parts. */
    CHECK(process_threads() >= 3);
    CHECK(pthread_create(&a, NULL, compare_splits, &first) == 0);
    CHECK(pthread_create(&b, NULL, compare_splits, &second) == 0);
    CHECK(pthread_join(a, NULL) == 0);
    CHECK(pthread_join(b, NULL) == 0);
    CHECK(first.failures == 0 && second.failures == 0);
    CHECK(first.digest == alone.digest && second.digest != first.digest);
}

int main(void) {
    writer_work alone[WRITERS], together[WRITERS];
    reader_work readers[READERS];
    pthread_t threads[WRITERS + READERS];
    tictactoe_game *shared = NULL;
    tictactoe_batch *shared_batch = NULL;
    char text[TEXT_CAP];
    uint8_t cells[SHARED_N * SHARED_N], batch_cells[BATCH_COUNT * BATCH_N * BATCH_N];
    bool mask[BATCH_COUNT * BATCH_N * BATCH_N];
    uint32_t actions[BATCH_COUNT], winner = 0;
    uint8_t winners[BATCH_COUNT];
    size_t len = 0, text_len = 0, refused = 0;
    int i;

    /* The shared state: a game in mid play and a batch three steps in. */
    CHECK_RESULT(tictactoe_game_new(SHARED_N, &shared), TICTACTOE_RESULT_OK);
    for (i = 0; i < 20; i++) {
        /* 7 is prime to 81: twenty distinct cells, far from any full line. */
        uint32_t cell = (uint32_t)(i * 7 % (SHARED_N * SHARED_N));
        CHECK_RESULT(tictactoe_game_play(shared, cell / SHARED_N, cell % SHARED_N, &winner), TICTACTOE_RESULT_OK);
    }
    CHECK_RESULT(tictactoe_game_serialize(shared, text, TEXT_CAP, &text_len), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_cells(shared, cells, sizeof cells, &len), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_new(BATCH_COUNT, BATCH_N, 99, &shared_batch), TICTACTOE_RESULT_OK);
    for (i = 0; i < 3; i++) {
        CHECK_RESULT(tictactoe_batch_games_random_legal_actions(shared_batch, NULL, BATCH_COUNT, actions, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_games_step(shared_batch, NULL, BATCH_COUNT, actions, TICTACTOE_ILLEGAL_RAISE, winners,
                                                &refused),
                     TICTACTOE_RESULT_OK);
    }
    CHECK_RESULT(tictactoe_batch_cells(shared_batch, batch_cells, sizeof batch_cells), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_legal_mask(shared_batch, mask, sizeof mask), TICTACTOE_RESULT_OK);

    /* Each writer's work on one thread, then all of it at once beside the readers. */
    for (i = 0; i < WRITERS; i++) {
        alone[i].seed = together[i].seed = 1000u + (unsigned)i;
        alone[i].failures = together[i].failures = 0;
        alone[i].together = false;
        together[i].together = true;
        write_own(&alone[i]);
    }
    CHECK(pthread_barrier_init(&start, NULL, WRITERS + READERS) == 0);
    for (i = 0; i < WRITERS; i++) {
        CHECK(pthread_create(&threads[i], NULL, write_own, &together[i]) == 0);
    }
    for (i = 0; i < READERS; i++) {
        reader_work r = {shared, shared_batch, text, text_len, cells, batch_cells, mask, 0};
        readers[i] = r;
        CHECK(pthread_create(&threads[WRITERS + i], NULL, read_shared, &readers[i]) == 0);
    }
    for (i = 0; i < WRITERS + READERS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
    }
    for (i = 0; i < WRITERS; i++) {
        CHECK(alone[i].failures == 0 && together[i].failures == 0);
        CHECK(together[i].digest == alone[i].digest);
    }
    CHECK(alone[0].digest != alone[1].digest);
    for (i = 0; i < READERS; i++) {
        CHECK(readers[i].failures == 0);
    }
    pthread_barrier_destroy(&start);
    tictactoe_game_free(shared);
    tictactoe_batch_free(shared_batch);
    test_threaded_batches();
    return checks_report("test_threads");
}
