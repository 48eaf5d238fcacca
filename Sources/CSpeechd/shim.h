#ifndef NEARBY_VOICE_CSPEECHD_SHIM_H
#define NEARBY_VOICE_CSPEECHD_SHIM_H

#include <libspeechd.h>

// Whether libspeechd's event thread has seen the server's socket close: it then sets the
// connection's stream to NULL and exits, and no event will come for a message still speaking.
// A function rather than a field read in Swift: `FILE *` is an opaque type there.
// libspeechd's thread stores the NULL without a lock; the load here is atomic (one aligned
// pointer, read whole and never cached by the compiler), which is as far as this side can go.
static inline int CSpeechd_connection_broken(SPDConnection *connection) {
    return __atomic_load_n(&connection->stream, __ATOMIC_ACQUIRE) == NULL;
}

#endif
