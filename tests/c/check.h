/* A tiny test harness: CHECK counts, reports failures with their line, and the program ends
 * with a "N passed, N failed" line and a non-zero exit status when anything failed. */
#ifndef TICTACTOE_TEST_CHECK_H
#define TICTACTOE_TEST_CHECK_H

#include <stdio.h>

static int checks_passed = 0;
static int checks_failed = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) {                                                              \
            checks_passed++;                                                     \
        } else {                                                                 \
            checks_failed++;                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

/* Checks that a call returns `expected`, printing both codes' texts when not. */
#define CHECK_RESULT(call, expected)                                                   \
    do {                                                                               \
        tictactoe_result got_ = (call);                                                \
        if (got_ == (tictactoe_result)(expected)) {                                    \
            checks_passed++;                                                           \
        } else {                                                                       \
            checks_failed++;                                                           \
            fprintf(stderr, "%s:%d: %s returned %u (%s), expected %u (%s)\n", __FILE__, \
                    __LINE__, #call, (unsigned)got_, tictactoe_result_str(got_),       \
                    (unsigned)(expected), tictactoe_result_str(expected));             \
        }                                                                              \
    } while (0)

static int checks_report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif
