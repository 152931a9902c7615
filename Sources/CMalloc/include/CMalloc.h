// The few glibc allocator controls the server uses. Glibc's Swift module does not export
// <malloc.h>; on a C library without them every call reports "unavailable".
#ifndef CMALLOC_H
#define CMALLOC_H

#include <stdint.h>

/// Bytes the allocator has handed out and not had back: heap chunks in use in every arena plus
/// mmapped blocks (glibc's mallinfo2), or -1 where unknown.
int64_t cmalloc_bytes_in_use(void);

/// Returns free heap pages of every arena to the kernel (malloc_trim(0)): 1 when some were
/// released, 0 when none, -1 where unavailable.
int cmalloc_trim(void);

/// Sets the trim and mmap thresholds (mallopt M_TRIM_THRESHOLD, M_MMAP_THRESHOLD): 1 when both
/// were set, 0 when one was refused, -1 where unavailable.
int cmalloc_set_thresholds(int trim_threshold, int mmap_threshold);

#endif
