/* rustc's ThreadSanitizer instrumentation (LLVM) calls __tsan_memcpy, __tsan_memmove and
 * __tsan_memset, which gcc 12's libtsan does not export; these forward to memcpy, memmove and
 * memset, which libtsan intercepts and checks. Linked only into the Rust-instrumented thread
 * test. */
#include <stddef.h>
#include <string.h>

void *__tsan_memcpy(void *to, const void *from, size_t len);
void *__tsan_memmove(void *to, const void *from, size_t len);
void *__tsan_memset(void *to, int byte, size_t len);

void *__tsan_memcpy(void *to, const void *from, size_t len) {
    return memcpy(to, from, len);
}

void *__tsan_memmove(void *to, const void *from, size_t len) {
    return memmove(to, from, len);
}

void *__tsan_memset(void *to, int byte, size_t len) {
    return memset(to, byte, len);
}
