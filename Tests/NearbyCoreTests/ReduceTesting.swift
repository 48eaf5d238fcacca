import Testing

@testable import NearbyCore

/// Reduces `action` and checks, exhaustively, the announcements and the whole new state: the
/// expected state is the old one changed by `change` (and the announcements added to what was
/// spoken). Anything unstated that changed fails the test, as TCA's TestStore does.
func expectReduce(
    _ state: inout NearbyState, _ action: Action, _ expected: [Announcement], effects: [Effect] = [],
    sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout NearbyState) -> Void = { _ in }
) {
    var expectedState = state
    change(&expectedState)
    let reaction = state.reduce(action)
    #expect(reaction.announcements == expected, sourceLocation: sourceLocation)
    #expect(reaction.effects == effects, sourceLocation: sourceLocation)
    // History and `repeat` keep what was said (not what only the eye sees), except the answers
    // of `repeat`, `current` and `history`.
    if action.keepsAnswers {
        let kept = expected.filter { $0.kind != .history && !$0.isVisualOnly }
        expectedState.review.spoken = Array((expectedState.review.spoken + kept).suffix(NearbyState.historyLimit))
        expectedState.review.spokenTotal += kept.count
        if !kept.isEmpty { expectedState.review.lastAnswer = kept }
    }
    if state != expectedState {
        // Name only the fields that differ: the catalog alone would fill the screen.
        let differences = zip(fields(of: state), fields(of: expectedState))
            .filter { "\($0.value)" != "\($1.value)" }
            .map { "\($0.label): \($0.value), expected \($1.value)" }
        Issue.record("State differs: \(differences.joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}

/// The state's fields, by name, those of its slices (`review`, `sheet`) each on its own:
/// "review.spokenTotal".
private func fields(of state: NearbyState) -> [(label: String, value: Any)] {
    Mirror(reflecting: state).children.flatMap { child -> [(label: String, value: Any)] in
        let label = child.label ?? "?"
        guard child.value is NearbyState.Review || child.value is NearbyState.Sheet else {
            return [(label, child.value)]
        }
        return Mirror(reflecting: child.value).children.map { ("\(label).\($0.label ?? "?")", $0.value) }
    }
}

extension Announcement {
    /// The same announcement, told only to the JSON Lines transcript (visuals off).
    var visualOnly: Announcement {
        var marked = self
        marked.isVisualOnly = true
        marked.earcon = nil
        return marked
    }

    static func detent(_ text: String, earcon: Earcon? = .snap) -> Announcement {
        Announcement(text, kind: .detent, earcon: earcon)
    }

    static func error(_ text: String) -> Announcement {
        Announcement(text, kind: .error, earcon: .error)
    }
}
