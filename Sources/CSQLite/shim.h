#ifndef NEARBY_VOICE_CSQLITE_SHIM_H
#define NEARBY_VOICE_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT (SQLite copies a bound text or blob before the call returns): a macro that
// casts -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }

#endif
