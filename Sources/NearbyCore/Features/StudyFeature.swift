import Words

/// A usability study inside the session: the tasks are read out, each command's result is
/// held against the current task's goal (`StudyGoal.isMet`), and `task` and `skip` answer.
extension NearbyState {
    /// `--tasks FILE`: the study begins with its first task.
    mutating func beginStudy(_ tasks: [StudyTask]) -> Reaction {
        guard !tasks.isEmpty else { return Reaction() }
        study = Study(tasks: tasks)
        return Reaction(
            [Announcement(taskPhrase(number: 1), priority: .polite, kind: .task)], studyEvents: [.begun(number: 1)])
    }

    /// After a command: when it met the current task's goal, "Task done." and the next task (or
    /// the word that it was the last) follow its answer, politely, so the answer is heard first.
    mutating func followStudy(_ reaction: inout Reaction, before: NearbyState, action: Action) {
        guard var progress = study else { return }
        let events = progress.observe(before: before, after: self, action: action, said: reaction.announcements)
        study = progress
        guard !events.isEmpty else { return }
        reaction.announcements.append(
            Announcement(say(.taskDone) + " " + nextTaskPhrase(), priority: .polite, kind: .task))
        reaction.historyNumbers.append(nil)
        reaction.studyEvents += events
    }

    /// `task`: the current task again.
    mutating func repeatTask() -> Reaction {
        guard let study else { return Reaction([noStudy()]) }
        guard !study.isOver else { return Reaction([Announcement(everyTaskOver(), kind: .task)]) }
        return Reaction([Announcement(taskPhrase(number: study.current + 1), kind: .task)])
    }

    /// `skip`: the tester gives up on the current task; the next is read out.
    mutating func skipTask() -> Reaction {
        guard var progress = study else { return Reaction([noStudy()]) }
        guard !progress.isOver else { return Reaction([Announcement(everyTaskOver(), kind: .task)]) }
        let events = progress.skip()
        study = progress
        return Reaction(
            [Announcement(say(.taskSkipped) + " " + nextTaskPhrase(), kind: .task)], studyEvents: events)
    }

    /// "Task 2 of 4: How long is the walk to Blue Door Bakery?"
    func taskPhrase(number: Int) -> String {
        guard let study, study.tasks.indices.contains(number - 1) else { return "" }
        return say(
            .taskBegin(number: String(number), count: grouped(study.tasks.count), words: study.tasks[number - 1].words))
    }

    /// The task now under way, or that the last one is over.
    private func nextTaskPhrase() -> String {
        guard let study else { return "" }
        guard study.isOver else { return taskPhrase(number: study.current + 1) }
        return say(.taskLast(count: grouped(study.tasks.count), plural: study.tasks.count))
    }

    private func everyTaskOver() -> String {
        say(.taskAllOver(count: grouped(study?.tasks.count ?? 0), plural: study?.tasks.count ?? 0))
    }

    private func noStudy() -> Announcement {
        Announcement(say(.taskNoStudy), kind: .error, earcon: .error)
    }
}
