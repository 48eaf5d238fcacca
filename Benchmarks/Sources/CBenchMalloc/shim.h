#ifndef NEARBY_VOICE_CBENCHMALLOC_SHIM_H
#define NEARBY_VOICE_CBENCHMALLOC_SHIM_H

// glibc's malloc_trim, for the memory figures of `nearby-voice-bench forgiving`: the heap's free
// pages given back before each reading, so that a figure is what a step keeps.
#include <malloc.h>

#endif
