// Counts heap allocations for `make bench`, on Linux with glibc: this executable's own
// malloc and friends count, then hand over to glibc's. Elsewhere nothing is replaced and
// the count says it cannot be had (-1), rather than guessing.
#include "BenchAllocations.h"
#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <stdatomic.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_long count;

static void counted(void) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); }

void *malloc(size_t size) { counted(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { counted(); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { counted(); return __libc_realloc(pointer, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *out = pointer;
    return 0;
}
void free(void *pointer) { __libc_free(pointer); }

long rxdemo_allocations(void) { return atomic_load_explicit(&count, memory_order_relaxed); }
#else
long rxdemo_allocations(void) { return -1; }
#endif
