// jemalloc's control interface, declared here rather than through <jemalloc/jemalloc.h>, which also declares
// malloc, free and the rest over the C library's own declarations. Linking the library is what replaces the C
// library's allocator; this is how the process reads the allocator's figures.
#include <stddef.h>
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
