/* The documented thread contract, exercised: many threads each playing their own games and
 * batches, while many readers share one game and one batch. Every writer's results must equal
 * what the same work gives on one thread (no thread disturbs another), and every reader must
 * see exactly the state set up before the threads started. `make c-tsan` runs this under
 * ThreadSanitizer, against a library whose Rust code is instrumented too. */
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
    return checks_report("test_threads");
}
