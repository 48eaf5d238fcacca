#ifndef NEARBY_VOICE_CSPEECHD_SHIM_H
#define NEARBY_VOICE_CSPEECHD_SHIM_H

#include <libspeechd.h>

// Whether libspeechd's event thread has seen the server's socket close: it then sets the
// connection's stream to NULL and exits, and no event will come for a message still speaking.
// A function rather than a field read in Swift: `FILE *` is an opaque type there.
static inline int CSpeechd_connection_broken(SPDConnection *connection) {
    return connection->stream == NULL;
}

#endif
