#include "CMalloc.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int64_t cmalloc_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
#else
  return -1;
#endif
}

int cmalloc_trim(void) {
#if defined(__GLIBC__)
  return malloc_trim(0);
#else
  return -1;
#endif
}

int cmalloc_set_thresholds(int trim_threshold, int mmap_threshold) {
#if defined(__GLIBC__)
  return mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1 && mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1;
#else
  return -1;
#endif
}
