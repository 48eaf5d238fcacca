#ifndef NEARBY_VOICE_CREADLINE_SHIM_H
#define NEARBY_VOICE_CREADLINE_SHIM_H

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

/// rl_outstream is a C global, which Swift 6 refuses to touch; the prompt and echo go here.
static inline void CReadline_setOutStream(FILE *stream) { rl_outstream = stream; }

/// rl_readline_name is a C global; it lets `$if nearby-voice` in ~/.inputrc address this program.
/// readline keeps the pointer, and a Swift string passed here is a temporary freed after the
/// call: a copy is kept, for the life of the process.
static inline void CReadline_setName(const char *name) { rl_readline_name = strdup(name); }

/// rl_attempted_completion_function is a C global; Tab completion is installed through it.
static inline void CReadline_setCompletion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}

/// rl_attempted_completion_over is a C global; setting it stops readline's file-name fallback.
static inline void CReadline_setCompletionOver(int over) { rl_attempted_completion_over = over; }

/// rl_completer_word_break_characters is a C global; with none, completion gets the whole
/// line before the cursor, so that a place name of several words completes as one.
/// readline keeps the pointer and reads it at every Tab; a Swift string passed here is a
/// temporary freed after the call (AddressSanitizer: heap-use-after-free in
/// _rl_find_completion_word), so a copy is kept, for the life of the process.
static inline void CReadline_setWordBreakCharacters(const char *characters) {
    rl_completer_word_break_characters = strdup(characters);
}

/// rl_completion_display_matches_hook is a C global; the candidates are listed one a line,
/// by their short names, instead of readline's columns of whole lines.
static inline void CReadline_setDisplayMatchesHook(rl_compdisp_func_t *hook) {
    rl_completion_display_matches_hook = hook;
}

/// rl_catch_signals is a C global; the program handles SIGINT itself (clear the line, stay).
static inline void CReadline_setCatchSignals(int catchSignals) { rl_catch_signals = catchSignals; }

/// rl_line_buffer is a C global: the line being typed, for completion of its first word.
static inline const char *CReadline_lineBuffer(void) { return rl_line_buffer; }

/// rl_point is a C global: the cursor's offset in the line being typed.
static inline int CReadline_point(void) { return rl_point; }

/// rl_point is a C global: the cursor is put back where it was after an answer is shown.
static inline void CReadline_setPoint(int point) { rl_point = point; }

/// rl_end is a C global: the length in bytes of the line being typed.
static inline int CReadline_end(void) { return rl_end; }

/// history_length is a C global: a line accepted while the history's position is before its
/// end was recalled from the history (the study log says so).
static inline int CReadline_historyLength(void) { return history_length; }

/// stderr is a Glibc global that Swift 6 treats as unsafe shared state.
static inline FILE *CReadline_stderr(void) { return stderr; }

/// stdout is a Glibc global that Swift 6 treats as unsafe shared state.
static inline FILE *CReadline_stdout(void) { return stdout; }

/// The write end of the pipe that signals reach the read loop through. A signal handler may
/// touch only async-signal-safe state, so it lives here in C (a function-local static: one
/// Swift file imports this header, so there is one copy).
static inline int *CReadline_signalPipe(void) {
    static int writeEnd = -1;
    return &writeEnd;
}

/// The handler of SIGINT, SIGTERM and SIGHUP: writes the signal's number to the pipe, which
/// wakes the read loop's poll(). Swift cannot write an async-signal-safe handler.
static inline void CReadline_onSignal(int signalNumber) {
    int saved = errno;
    unsigned char byte = (unsigned char)signalNumber;
    ssize_t written = write(*CReadline_signalPipe(), &byte, 1);
    (void)written;
    errno = saved;
}

/// Routes SIGINT, SIGTERM and SIGHUP to `writeEnd` as one byte each (sigaction, without
/// SA_RESTART so that poll() returns), and unblocks them on the calling thread: a parent may
/// have started the program with them blocked, and then Ctrl-C would never arrive.
/// Returns 0, or -1 when sigaction fails.
static inline int CReadline_routeSignals(int writeEnd) {
    *CReadline_signalPipe() = writeEnd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = CReadline_onSignal;
    sigemptyset(&action.sa_mask);
    int result = 0;
    if (sigaction(SIGINT, &action, NULL) != 0) result = -1;
    if (sigaction(SIGTERM, &action, NULL) != 0) result = -1;
    if (sigaction(SIGHUP, &action, NULL) != 0) result = -1;
    sigset_t routed;
    sigemptyset(&routed);
    sigaddset(&routed, SIGINT);
    sigaddset(&routed, SIGTERM);
    sigaddset(&routed, SIGHUP);
    if (pthread_sigmask(SIG_UNBLOCK, &routed, NULL) != 0) result = -1;
    return result;
}

#endif
