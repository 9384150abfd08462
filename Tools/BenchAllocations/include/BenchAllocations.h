#include <stddef.h>

// Heap allocations this process has made so far, or -1 where they cannot be counted.
long rxdemo_allocations(void);
