#ifndef NEARBY_VOICE_CREADLINE_SHIM_H
#define NEARBY_VOICE_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/// rl_outstream is a C global, which Swift 6 refuses to touch; the prompt and echo go here.
static inline void CReadline_setOutStream(FILE *stream) { rl_outstream = stream; }

/// rl_attempted_completion_function is a C global; Tab completion is installed through it.
static inline void CReadline_setCompletion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}

/// rl_attempted_completion_over is a C global; setting it stops readline's file-name fallback.
static inline void CReadline_setCompletionOver(int over) { rl_attempted_completion_over = over; }

/// rl_catch_signals is a C global; readline's own signal handling restores the terminal.
static inline void CReadline_setCatchSignals(int catchSignals) { rl_catch_signals = catchSignals; }

/// rl_line_buffer is a C global: the line being typed, for completion of its first word.
static inline const char *CReadline_lineBuffer(void) { return rl_line_buffer; }

/// rl_point is a C global: the cursor's offset in the line being typed.
static inline int CReadline_point(void) { return rl_point; }

/// stderr is a Glibc global that Swift 6 treats as unsafe shared state.
static inline FILE *CReadline_stderr(void) { return stderr; }

/// stdout is a Glibc global that Swift 6 treats as unsafe shared state.
static inline FILE *CReadline_stdout(void) { return stdout; }

#endif
