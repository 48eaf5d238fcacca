import Announcer
import NearbyCore
import PlaceData
import ShellParsing

/// The loop from lines to announcements: reads each line and hands it to the session, waits for
/// speech when a script is paced by it, and ends the session on `quit`, at the end of input, on
/// a signal, or when standard output's reader has gone. While a line is typed at a terminal it
/// answers the reader's events: the count as you type, a key that stops speech, completion.
final class InputLoop {
    private unowned let session: Session
    private let reader: LineReader
    private let pace: Options.Pace
    private var lineNumber = 0

    init(session: Session, reader: LineReader, pace: Options.Pace) {
        self.session = session
        self.reader = reader
        self.pace = pace
        reader.events = LineEvents(
            paused: { [unowned self] line in self.typed(line) },
            keyPressed: { [unowned session] in session.presenter.speech?.stop() },
            interrupted: { [unowned session] in
                session.presenter.speech?.stop()
                try? session.dispatch(.typingAbandoned)
            },
            complete: { [unowned session] line in
                try? session.settleWindow()
                return Completion.complete(line, in: session.state)
            },
            words: { [unowned session] in session.state.words },
            echo: { [unowned session] words in
                session.presenter.speech?.enqueue(Utterance(seq: 0, text: SafeText.clean(words), priority: .status))
            },
            wake: session.positions?.wake,
            woken: { [unowned session] in try? session.takePositions() })
    }

    /// Runs until `quit` or the end of input; returns the exit code.
    func run() throws(Failure) -> ExitCode {
        try session.start()
        if reader.isInteractive { try session.dispatch(.sessionStarted) }
        try session.loadMarkers()
        // Spatial audio asked for where it cannot be heard: said after the greeting, and heard
        // before a paced script's first answer (which would cut it off).
        if session.tellIfCentred() { waitForSpeechIfPaced() }
        if !session.tasks.isEmpty {
            try session.dispatch(.tasksGiven(session.tasks))
            waitForSpeechIfPaced()
        }
        // The store's window is read once no line comes at once after the greeting.
        session.useIdleTime(typed: reader.isInteractive)
        // A reader of standard output that has gone (`| head -1`) ends the session quietly.
        while !session.state.isFinished, !StandardOutput.isClosed, let line = reader.nextLine() {
            lineNumber += 1
            try session.takePositions()
            try session.settleSpeech()
            guard let action = CommandParser.parse(line, words: session.state.words) else { continue }
            try session.recorder.recordInput(
                number: lineNumber, line: line, source: reader.lineSource, words: session.state.words)
            try session.dispatch(action, line: lineNumber, input: line)
            session.tellIfCentred()
            waitForSpeechIfPaced()
            session.prepareSearch()
            session.useIdleTime(typed: reader.isInteractive)
        }
        // SIGTERM or SIGHUP at a terminal: speech stops at once (what was queued is dropped),
        // no goodbye, the files are completed, and the exit code is 128 + the signal's number.
        if let signal = reader.endingSignal {
            session.presenter.speech?.stop()
            try session.finish(reason: "signal", signal: signal)
            return .signalled(signal)
        }
        if StandardOutput.isClosed {
            try session.finish(reason: "output-closed")
            return .outputClosed
        }
        let reason = session.state.isFinished ? "quit" : "end-of-input"
        // A walked route is heard to its end when the input ends (not after `quit`, nor at a
        // terminal, where Ctrl-D means leave).
        if !session.state.isFinished && !reader.isInteractive { try session.walkToTheEnd() }
        if reader.isInteractive && !session.state.isFinished { try session.dispatch(.inputEnded) }
        try session.finish(reason: reason)
        return StandardOutput.isClosed ? .outputClosed : .success
    }

    /// Filter as you type: after a pause in a `find` line, the count, with status priority. A
    /// line that is no longer a search (emptied with Ctrl-U) gives the search up: the screen
    /// goes back to what it was before typing began.
    private func typed(_ line: String) {
        guard case .queryEntered(let query)? = CommandParser.parse(line, words: session.state.words) else {
            try? session.dispatch(.typingAbandoned)
            return
        }
        try? session.dispatch(.queryTyped(query))
    }

    /// A script or piped input waits for each answer's speech to end before its next line
    /// (`--pace speech`), so that every answer, and a study's first task, is heard whole.
    private func waitForSpeechIfPaced() {
        if session.presenter.speech?.mode == .live && !reader.isInteractive && pace == .speech {
            session.presenter.speech?.waitUntilIdle()
        }
    }
}
