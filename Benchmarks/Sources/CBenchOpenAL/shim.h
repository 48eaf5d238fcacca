#ifndef NEARBY_VOICE_CBENCHOPENAL_SHIM_H
#define NEARBY_VOICE_CBENCHOPENAL_SHIM_H

// OpenAL Soft (Debian libopenal-dev): the speech bench's probe of its latency at the ear, the
// measurement that chose in-process rendering for spatial audio (docs/spatial-audio.md).
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>

#endif
