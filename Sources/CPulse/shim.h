#ifndef NEARBY_VOICE_CPULSE_SHIM_H
#define NEARBY_VOICE_CPULSE_SHIM_H

#include <pulse/simple.h>
#include <pulse/error.h>

#endif
