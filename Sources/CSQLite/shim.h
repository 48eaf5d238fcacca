#ifndef NEARBY_VOICE_CSQLITE_SHIM_H
#define NEARBY_VOICE_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT (SQLite copies a bound text or blob before the call returns): a macro that
// casts -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }

// Turns SQLite's count of its memory off before the first connection (`sqlite3_config` is
// variadic, which Swift cannot call): with it on, every allocation of every connection takes
// one global mutex, and a window read on a thread of its own holds up the answer read beside it.
static inline int CSQLite_countNoMemory(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
