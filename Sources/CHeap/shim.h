#ifndef NEARBY_VOICE_CHEAP_SHIM_H
#define NEARBY_VOICE_CHEAP_SHIM_H

// glibc's malloc_trim (malloc.h, which Swift's Glibc module does not import): the heap's free
// pages given back to the system once a large build has freed its scaffolding.
#include <malloc.h>

#endif
