/// OpenStreetMap's `opening_hours` in the forms people map, parsed so that they can be said in
/// words and asked "open now?": `24/7`; rules separated by `;` (a later rule replaces the earlier
/// ones for the days it names), by `,` before days (an added rule, which replaces nothing) or by
/// `||` (a fallback, for the days no rule names); each rule dates, then days, then times:
/// months (`Jun-Aug:`), dates (`Jun 06-Aug 13`, `2017 Jul 1 - 2017 Aug 8`), days (`Mo-Fr`,
/// `Mo,We`, `Sa, Su`, `PH` for public holidays, or none: every day), times (`08:00-18:00`,
/// several a day, past midnight, `off`/`closed`, `open`, `unknown`, or none: all day), and a
/// comment in quotes (`open "Lunch"`, `"for request only"`). Anything else (week numbers,
/// `sunrise`, `8-18` without minutes, `10:00+`) is not parsed: `parse` returns nil and the text
/// is said as mapped, never guessed at.
///
/// "Open now" is read as the reference implementation reads it (the Rust `opening-hours` crate,
/// which the tests ask): a day named by a rule takes its hours from the last rule naming it,
/// with that rule's own hours past the previous midnight; the night before's hours reach into a
/// day only when no rule names that day, or when the rule naming it named the day before too.
/// Pure: the time comes in as a value.
public struct OpeningHours: Equatable, Sendable {
    /// A day of the week, Monday first, as OpenStreetMap writes them (`Mo` … `Su`).
    public enum Weekday: Int, CaseIterable, Sendable, Comparable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// OpenStreetMap's two letters, lower case.
        static let codes = ["mo", "tu", "we", "th", "fr", "sa", "su"]

        /// The English name, lower case: the last part of its catalog key (`weekday.monday`).
        public var name: String {
            ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue]
        }

        /// The day before (Sunday before Monday).
        public var previous: Weekday { Weekday(rawValue: (rawValue + 6) % 7)! }

        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// `Jun-Aug`, or one month (`first == last`), 1 to 12; `Sep-May` goes round the new year.
    public struct MonthRange: Equatable, Sendable {
        public let first: Int
        public let last: Int

        func contains(_ month: Int) -> Bool {
            first <= last ? (first...last).contains(month) : month >= first || month <= last
        }

        /// OpenStreetMap's three letters, lower case.
        static let codes = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

        /// The English name of month `number` (1 to 12), lower case: the last part of its
        /// catalog key (`month.june`).
        public static func name(_ number: Int) -> String {
            [
                "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december",
            ][number - 1]
        }
    }

    /// A day of the calendar as a rule names it: `Jun 6`, or `2017 Jul 1` with its year.
    public struct CalendarDay: Equatable, Sendable {
        public let year: Int?
        public let month: Int
        public let day: Int
    }

    /// `Jun 06-Aug 13`: from one day of the calendar to another, both included; without years
    /// it holds every year (and `Dec 20-Jan 6` goes round the new year).
    public struct DateRange: Equatable, Sendable {
        public let first: CalendarDay
        public let last: CalendarDay

        func contains(year: Int, month: Int, day: Int) -> Bool {
            if let firstYear = first.year, let lastYear = last.year {
                let date = (year, month, day)
                return (firstYear, first.month, first.day) <= date && date <= (lastYear, last.month, last.day)
            }
            let date = (month, day)
            let from = (first.month, first.day)
            let to = (last.month, last.day)
            return from <= to ? from <= date && date <= to : date >= from || date <= to
        }
    }

    /// `Mo-Fr`, or one day (`first == last`); `Fr-Mo` goes round the weekend.
    public struct DayRange: Equatable, Sendable {
        public let first: Weekday
        public let last: Weekday

        func contains(_ day: Weekday) -> Bool {
            first <= last ? (first...last).contains(day) : day >= first || day <= last
        }

        /// Every day of the week.
        public var isWholeWeek: Bool { last.rawValue == (first.rawValue + 6) % 7 }
    }

    /// Open from `start` to `end`, in minutes from the day's midnight: `end` is after `start`,
    /// past 1440 when it closes after midnight (`22:00-02:00` is 1320 to 1560).
    public struct Span: Equatable, Sendable {
        public let start: Int
        public let end: Int

        /// Open the whole day, midnight to midnight.
        public var isWholeDay: Bool { start == 0 && end == 1440 }
    }

    /// How a rule joins the rules before it.
    public enum Joining: Equatable, Sendable {
        /// After `;` (or first): it replaces the earlier rules for the days it names.
        case replacing
        /// After `,`: its times add to the earlier rules'.
        case adding
        /// After `||`: it holds only on the days no earlier rule names.
        case fallback
    }

    /// One rule: the dates and days it names and the times open on them (none: closed).
    public struct Rule: Equatable, Sendable {
        /// The days named; empty (and not `publicHolidays` alone) means every day.
        public var days: [DayRange] = []
        /// The months it holds in; empty, all year.
        public var months: [MonthRange] = []
        /// The dates it holds on; empty, all year.
        public var dates: [DateRange] = []
        public var publicHolidays = false
        public var spans: [Span] = []
        public var joining = Joining.replacing
        /// Its comment, without the quotes: `"Lunch"`, `"for request only"`.
        public var comment: String?
        /// Whether its times are not known (`unknown`, or a comment with no times).
        public var isUnknown = false
        /// Where `Sa, Su` put a space after a comma between days: the indexes of `days` that
        /// begin a new group. The reference implementation reads `Sa, Su 09:00-16:00` as
        /// "Saturday all day, and Sunday 9 to 16"; its mapper surely meant both days 9 to 16.
        var spacedDayGroups: [Int] = []

        /// After a `,`: its times add to the earlier rules' for its days instead of replacing them.
        public var isAdditional: Bool { joining == .adding }

        /// No days named: every day.
        public var isEveryDay: Bool { days.isEmpty && !publicHolidays }

        /// Whether it names this day (public holidays are not known here: a rule for them
        /// alone names no day).
        func names(_ date: CalendarDay, _ weekday: Weekday) -> Bool {
            (months.isEmpty || months.contains { $0.contains(date.month) })
                && (dates.isEmpty
                    || dates.contains { $0.contains(year: date.year ?? 0, month: date.month, day: date.day) })
                && (isEveryDay || days.contains { $0.contains(weekday) })
        }
    }

    /// `24/7`.
    public let isAlwaysOpen: Bool
    public let rules: [Rule]

    /// Whether the place is open at a time, as far as the hours say.
    public enum State: Equatable, Sendable {
        case open, closed
        /// The hours do not say (`unknown`, a comment with no times, or `Sa, Su` read two ways).
        case unknown
    }

    /// Whether the place is open at `time`, by the rules (public holidays are not known here, so
    /// their rules are not applied).
    public func state(at time: LocalTime) -> State {
        if isAlwaysOpen { return .open }
        let meant = Self.state(of: rules, at: time)
        guard rules.contains(where: { !$0.spacedDayGroups.isEmpty }) else { return meant }
        return Self.state(of: strictRules, at: time) == meant ? meant : .unknown
    }

    /// Whether the place is known to be open at `time`.
    public func isOpen(at time: LocalTime) -> Bool { state(at: time) == .open }

    /// The times open on `time`'s day by the rules that name it (its own hours, without the
    /// night before's), and the rule that decides that day: nil when no rule names it.
    public func hoursOfDay(at time: LocalTime) -> (spans: [Span], decidingRule: Int?) {
        if isAlwaysOpen { return ([Span(start: 0, end: 1440)], nil) }
        let today = CalendarDay(year: time.year, month: time.month, day: time.day)
        var spans: [Span] = []
        var deciding: Int?
        for (index, rule) in rules.enumerated() where rule.names(today, time.weekday) {
            switch rule.joining {
            case .replacing:
                spans = rule.spans
                deciding = index
            case .adding: spans += rule.spans
            case .fallback:
                if deciding == nil {
                    spans = rule.spans
                    deciding = index
                }
            }
        }
        return (spans, deciding)
    }

    /// Why the place is closed at `time` when an earlier rule would open it: a later rule
    /// replaced that day's hours (`Mo-Su 09:00-12:30; Su off` on a Sunday at 11), or today's
    /// rule ended the night before's hours at midnight (`Th 20:00-03:00; Fr 20:00-04:00` on a
    /// Friday at 1). Nil when nothing in the data contradicts "closed".
    public func contradiction(at time: LocalTime) -> Contradiction? {
        guard !isAlwaysOpen, state(at: time) == .closed else { return nil }
        let today = CalendarDay(year: time.year, month: time.month, day: time.day)
        let yesterday = time.dayBefore
        let minute = time.minuteOfDay
        let (_, deciding) = hoursOfDay(at: time)
        guard let deciding else { return nil }
        for (index, rule) in rules.enumerated() where index < deciding {
            if rule.names(today, time.weekday), rule.spans.contains(where: { $0.start <= minute && minute < $0.end }) {
                return .replacedLater(rule: deciding, isLast: deciding == rules.count - 1, day: time.weekday)
            }
        }
        for rule in rules where rule.names(yesterday, time.weekday.previous) && !rule.names(today, time.weekday) {
            if rule.spans.contains(where: { $0.end > 1440 && minute < $0.end - 1440 }) {
                return .nightEnded(day: time.weekday)
            }
        }
        return nil
    }

    /// A rule of the data that closes what an earlier rule opens.
    public enum Contradiction: Equatable, Sendable {
        /// Rule `rule` (the last one, or a later one) replaces the day's hours that an earlier
        /// rule gives, on `day`.
        case replacedLater(rule: Int, isLast: Bool, day: Weekday)
        /// `day`'s rule ends the hours of the night before at midnight.
        case nightEnded(day: Weekday)
    }

    /// The state at `time` by `rules`, read as the reference implementation reads them.
    static func state(of rules: [Rule], at time: LocalTime) -> State {
        let today = CalendarDay(year: time.year, month: time.month, day: time.day)
        let yesterday = time.dayBefore
        let minute = time.minuteOfDay
        // Each piece: a span in today's minutes and the rule it comes from.
        var pieces: [(span: Span, rule: Int)] = []
        var named = false
        for (index, rule) in rules.enumerated() {
            let namesToday = rule.names(today, time.weekday)
            let namesYesterday = rule.names(yesterday, time.weekday.previous)
            let own = namesToday ? rule.spans.map { (span: $0, rule: index) } : []
            let night =
                namesYesterday
                ? rule.spans.filter { $0.end > 1440 }.map { (span: Span(start: 0, end: $0.end - 1440), rule: index) }
                : []
            switch rule.joining {
            case .replacing:
                if namesToday {
                    pieces = own + night
                    named = true
                } else if !named {
                    pieces += night
                }
            case .adding:
                pieces += own + night
                named = named || namesToday
            case .fallback:
                if !named && namesToday {
                    pieces = own + night
                    named = true
                }
            }
        }
        guard let piece = pieces.first(where: { $0.span.start <= minute && minute < $0.span.end }) else {
            return .closed
        }
        return rules[piece.rule].isUnknown ? .unknown : .open
    }

    /// The rules as the reference implementation reads them: `Sa, Su 09:00-16:00` as "Sa"
    /// (open all day) and an added "Su 09:00-16:00".
    var strictRules: [Rule] {
        rules.flatMap { rule -> [Rule] in
            guard !rule.spacedDayGroups.isEmpty else { return [rule] }
            let bounds = [0] + rule.spacedDayGroups + [rule.days.count]
            return (0..<bounds.count - 1).map { group in
                var part = rule
                part.days = Array(rule.days[bounds[group]..<bounds[group + 1]])
                part.spacedDayGroups = []
                if group > 0 { part.joining = .adding }
                if group < bounds.count - 2 {
                    part.spans = [Span(start: 0, end: 1440)]
                    part.publicHolidays = false
                    part.comment = nil
                    part.isUnknown = false
                }
                return part
            }
        }
    }
}

extension LocalTime {
    /// The calendar day before this one (January 1st's is December 31st of the year before).
    var dayBefore: OpeningHours.CalendarDay {
        if day > 1 { return .init(year: year, month: month, day: day - 1) }
        let month = self.month == 1 ? 12 : self.month - 1
        let year = self.month == 1 ? self.year - 1 : self.year
        return .init(year: year, month: month, day: Self.daysIn(month: month, year: year))
    }
}
