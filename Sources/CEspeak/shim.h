#ifndef NEARBY_VOICE_CESPEAK_SHIM_H
#define NEARBY_VOICE_CESPEAK_SHIM_H

#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#include <pcaudiolib/audio.h>

#endif
