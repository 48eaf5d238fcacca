import PlaceData
import Words

/// What the user did, named after the doing: every command line becomes one of these. What the
/// shell found out on its own is a `Report`.
public enum Action: Equatable, Sendable {
    /// `find` alone: the search field takes focus, and the keyboard lifts the sheet.
    case searchFocused
    /// `find WORDS`: the query is entered.
    case queryEntered(String)
    /// The line being typed, after a pause: the as-you-type count (status priority).
    case queryTyped(String)
    /// A `find` line being typed was given up (Ctrl-C, or emptied with Ctrl-U): the screen goes
    /// back to what it was before typing began, and nothing more is said.
    case typingAbandoned
    /// `clear`: the field's clear button.
    case queryCleared
    /// `done`: the search field gives up focus and the keyboard goes.
    case searchDismissed
    /// `filter KIND`, or `filter all` (nil).
    case filterChosen(String?)
    /// `filter` alone: the pills are read.
    case filtersRequested
    /// `next` / `previous`: a VoiceOver swipe through the visible list.
    case nextFocused
    case previousFocused
    /// `select`: a place in the list or a pin on the map is tapped.
    case placeSelected(PlaceReference)
    /// `close`: the detail is closed and the selection cleared.
    case selectionCleared
    /// `up` / `down`: the adjustable handle's increment and decrement.
    case handleIncremented
    case handleDecremented
    /// `handle`: a tap on the handle, which cycles the detents.
    case handleActivated
    /// `back`: a tap on the dimmed map at the top detent.
    case dimmedMapTapped
    /// `detent NAME`: the app moves the sheet itself.
    case detentChosen(Detent)
    /// `drag DY [VELOCITY]`: a drag of DY points (negative is up), released at VELOCITY pt/s.
    case sheetDragged(translation: Double, velocity: Double)
    case readRequested
    /// `where`, or `where exact` for the coordinates.
    case whereRequested(exact: Bool)
    case walkRequested
    /// `details`, or `details all` for everything the data holds.
    case detailsRequested(all: Bool)
    /// `about`: what the places are, where they come from, and the credit their licence asks.
    case aboutRequested
    /// `around`: the nearest place in each direction.
    case aroundRequested
    /// `ahead`: what lies ahead, within 45 degrees either side of the heading, nearest first.
    case aheadRequested
    case repeatRequested
    /// `current`: the focused or selected place again.
    case currentRequested
    /// `spell`: the focused or selected place's name, letter by letter.
    case spellRequested
    /// `history [N]`: earlier announcements, or the Nth of them.
    case historyRequested(Int?)
    /// `stop`: speech is silenced; the core says nothing.
    case speechStopped
    /// `set KEY VALUE`.
    case settingChanged(Setting, value: String)
    /// `settings` (the settings changed from their defaults) or `settings all` (every one).
    case settingsRequested(all: Bool)
    /// `count`: how many places the list shows.
    case countRequested
    /// `map`: the shell measures the screen (`Effect.measureScreen`) and answers `.mapMeasured`.
    case mapRequested
    case helpRequested(String?)
    /// `voices`: a short summary of the installed voices; `voices all` lists them all.
    case voicesRequested(all: Bool)
    case quitRequested
    /// An interactive session begins: the greeting.
    case sessionStarted
    /// The person ended the input (Ctrl-D): the goodbye.
    case inputEnded
    /// A line that is not a valid command: it changes nothing and is answered with an error.
    case invalid(CommandError)
    /// `route`: how far along the walked route.
    case routeRequested
    /// `mute MINUTES`: no callouts for that long (0: callouts again now).
    case calloutsMuted(minutes: Int)
    /// `route to NAME` (nil: the selected place): the shortest walk there, said as turns.
    case routeTo(String?)
    /// `route steps`: every turn of the route planned.
    case routeStepsRequested
    /// `mark` (NAME): the selected place, or where you are, kept as a marker; a marker renamed.
    case markRequested(String?)
    /// `markers`: the markers, nearest first.
    case markersRequested
    /// `markers export FILE`, `markers import FILE`: the markers as a GPX file, or a GPX file's
    /// waypoints, routes' points and tracks' named points as markers.
    case markersExportRequested(String)
    case markersImportRequested(String)
    /// `unmark`: the selected marker removed; `undo`: brought back.
    case unmarkRequested
    case undoRequested
    /// `route export FILE`: the route planned written as a GPX file; `route export NAME
    /// FILE`: the kept route NAME.
    case routeExportRequested(String)
    /// `route new NAME`, `route add`, `route remove N`, `route delete NAME`: routes of
    /// waypoints made and changed.
    case routeNew(String)
    case routeAdd
    case routeRemove(Int)
    case routeDelete(String)
    /// `routes`: the kept routes.
    case routesRequested
    /// `route start` (NAME), `route skip`, `route stop`: a kept route walked.
    case routeStart(String?)
    case routeSkip
    case routeStop
    /// `route from FILE.gpx`: a GPX file kept as a route.
    case routeFrom(String)
    /// `record` (FILE.gpx): the walk recorded as a GPX track; `record stop` ends it.
    case recordStart(String?)
    case recordStop
    /// `preview`: street preview at the nearest decision point, or where you stand in it.
    case previewRequested
    /// `preview NAME`: street preview from a place, a street or an intersection.
    case previewAt(String)
    /// `preview off`: back to the position you had.
    case previewLeft
    /// `go …` in street preview: a road walked to the next decision point, or the last step back.
    case goRequested(NearbyState.RoadChoice)
    /// A usability study begins (`--tasks FILE`): the first task is read out.
    case tasksGiven([StudyTask])
    /// `task`: the current task again.
    case taskRequested
    /// `skip`: the tester gives up on the current task; the next begins.
    case taskSkipped
}

extension Action {
    /// What an action is to the parts of the reducer that every action goes through: one
    /// `switch` with no `default:`, so that a new action is a compile error until it is placed.
    enum Role {
        /// A `find` line being typed, or given up: it neither settles the typing nor ends a task.
        case typing
        /// A `find` line entered: it keeps what the typing found.
        case entering
        /// `repeat`, `current`, `history`: they review what was said; history does not keep
        /// their answers.
        case reviewing
        /// `task`, `skip`, and the study's start: they speak of the tasks, and end none.
        case studying
        /// The session's start and end: no line caused them; they end no task.
        case session
        /// Every other command: it settles a `find` line being typed, may end a task, and history
        /// keeps its answer.
        case command
    }

    var role: Role {
        switch self {
        case .queryTyped, .typingAbandoned: .typing
        case .queryEntered: .entering
        case .repeatRequested, .historyRequested, .currentRequested: .reviewing
        case .taskRequested, .taskSkipped, .tasksGiven: .studying
        case .sessionStarted, .inputEnded: .session
        case .searchFocused, .queryCleared, .searchDismissed, .filterChosen, .filtersRequested, .nextFocused,
            .previousFocused, .placeSelected, .selectionCleared, .handleIncremented, .handleDecremented,
            .handleActivated, .dimmedMapTapped, .detentChosen, .sheetDragged, .readRequested, .whereRequested,
            .walkRequested, .detailsRequested, .aboutRequested, .aroundRequested, .aheadRequested, .spellRequested,
            .speechStopped, .settingChanged, .settingsRequested, .countRequested, .mapRequested, .helpRequested,
            .voicesRequested, .quitRequested, .invalid, .routeRequested, .calloutsMuted, .previewRequested, .previewAt,
            .previewLeft, .goRequested, .routeTo, .routeStepsRequested, .routeExportRequested, .markRequested,
            .markersRequested, .markersExportRequested, .markersImportRequested, .unmarkRequested, .undoRequested,
            .routeNew, .routeAdd, .routeRemove, .routeDelete, .routesRequested, .routeStart, .routeSkip, .routeStop,
            .routeFrom, .recordStart, .recordStop:
            .command
        }
    }

    /// Whether history keeps the answers to this action: not those of `repeat`, `current` and
    /// `history`, which review it.
    public var keepsAnswers: Bool { role != .reviewing }
}

/// How `select` names a place.
public enum PlaceReference: Equatable, Sendable {
    /// The place focused by `next` / `previous`.
    case focused
    /// A position in the visible list, from 1.
    case position(Int)
    /// Words of a name, matched as search matches them.
    case name(String)
}

/// A line that could not be understood, with what to say about it.
public enum CommandError: Equatable, Sendable {
    /// The first word is no command; `suggestion` is the nearest command, or a whole line to try.
    case unknownCommand(String, suggestion: String?)
    /// The command is known but its argument is not: `problem` says what it takes.
    case badArgument(command: String, Phrase)
    /// `set` with a key that names no setting; `suggestion` is the nearest key.
    case unknownSetting(String, suggestion: String?)
}
