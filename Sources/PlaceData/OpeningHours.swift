/// OpenStreetMap's `opening_hours` in its common forms, parsed so that they can be said in words
/// and asked "open now?": `24/7`; rules separated by `;` (a later rule replaces the earlier ones
/// for the days it names) or by `,` before days (an added rule, which replaces nothing); each
/// rule days then times: `Mo-Fr`, `Mo,We`, `Sa-Su`, `PH` (public holidays), or no days (every
/// day); times `08:00-18:00`, several a day (`08:00-12:00,13:00-17:00`), past midnight
/// (`10:00-01:00`, `18:00-24:00`), or `off`/`closed`; a rule may begin with months (`Jun-Aug:`,
/// `Sep-May`). Anything else (dates, weeks, years, `sunrise`, comments, `+`, `8-18` without
/// minutes) is not parsed: `parse` returns nil and the text is
/// said as mapped, never guessed at. Pure: the time comes in as a value.
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

    /// One rule: the days it names and the times open on them (none: closed).
    public struct Rule: Equatable, Sendable {
        /// The days named; empty (and not `publicHolidays` alone) means every day.
        public var days: [DayRange] = []
        /// The months it holds in; empty, all year.
        public var months: [MonthRange] = []
        public var publicHolidays = false
        public var spans: [Span] = []
        /// After a `,`: its times add to the earlier rules' for its days instead of replacing them.
        public var isAdditional = false

        /// No days named: every day.
        public var isEveryDay: Bool { days.isEmpty && !publicHolidays }

        func applies(to day: Weekday, month: Int) -> Bool {
            (months.isEmpty || months.contains { $0.contains(month) })
                && (isEveryDay || days.contains { $0.contains(day) })
        }
    }

    /// `24/7`.
    public let isAlwaysOpen: Bool
    public let rules: [Rule]

    /// The hours `text` holds, or nil when it is not one of the forms read here.
    public static func parse(_ text: String) -> OpeningHours? {
        let trimmed = text.trimmingSpaces
        if trimmed == "24/7" { return OpeningHours(isAlwaysOpen: true, rules: []) }
        var rules: [Rule] = []
        for part in trimmed.split(separator: ";") {
            var reader = Reader(Array(part.unicodeScalars))
            reader.skipSpaces()
            if reader.atEnd { continue }
            guard reader.rules(into: &rules) else { return nil }
        }
        return rules.isEmpty ? nil : OpeningHours(isAlwaysOpen: false, rules: rules)
    }

    /// Whether the place is open at `time`, by the weekdays' rules (public holidays are not
    /// known here, so their rules are not applied). A time span that runs past midnight keeps
    /// it open into the next day's early hours.
    public func isOpen(at time: LocalTime) -> Bool {
        if isAlwaysOpen { return true }
        let minute = time.minuteOfDay
        let today = spans(on: time.weekday, month: time.month)
        if today.contains(where: { $0.start <= minute && minute < $0.end }) { return true }
        let yesterdaysMonth = time.day > 1 ? time.month : (time.month + 10) % 12 + 1
        return spans(on: time.weekday.previous, month: yesterdaysMonth).contains {
            $0.end > 1440 && minute < $0.end - 1440
        }
    }

    /// The times open on `day` by the rules: the last rule naming it, with the rules added
    /// after it.
    func spans(on day: Weekday, month: Int) -> [Span] {
        var result: [Span] = []
        for rule in rules where rule.applies(to: day, month: month) {
            result = rule.isAdditional ? result + rule.spans : rule.spans
        }
        return result
    }

    /// Reads one `;`-separated part: one rule, or several separated by `,` before days.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }

        mutating func skipSpaces() {
            while let scalar = peek, scalar == " " || scalar == "\t" { position += 1 }
        }

        mutating func rules(into rules: inout [Rule]) -> Bool {
            var isAdditional = false
            while true {
                var rule = Rule()
                rule.isAdditional = isAdditional
                months(into: &rule)
                let hasDays = days(into: &rule)
                skipSpaces()
                if word("off") || word("closed") {
                    rule.spans = []
                } else if word("24/7") {
                    rule.spans = [Span(start: 0, end: 1440)]
                } else if let spans = spans() {
                    rule.spans = spans
                } else {
                    return false
                }
                // An added rule needs its days. An added `off` for days an earlier rule opens (does
                // it close them?) is read differently by different tools: refused, never guessed.
                if rule.isAdditional {
                    guard hasDays else { return false }
                    let named = Weekday.allCases.filter { day in rule.days.contains { $0.contains(day) } }
                    let opensThem = rules.contains { earlier in
                        named.contains { day in earlier.isEveryDay || earlier.days.contains { $0.contains(day) } }
                    }
                    if rule.spans.isEmpty && (rule.publicHolidays || opensThem) {
                        return false
                    }
                }
                rules.append(rule)
                skipSpaces()
                if atEnd { return true }
                guard peek == "," else { return false }
                position += 1
                skipSpaces()
                isAdditional = true
            }
        }

        /// A month selector (`Jun-Aug`, `Dec`, `Jun-Aug,Dec`), with its colon, if one is here.
        mutating func months(into rule: inout Rule) {
            let start = position
            while let first = month() {
                var last = first
                if peek == "-" {
                    position += 1
                    guard let end = month() else {
                        position = start
                        rule.months = []
                        return
                    }
                    last = end
                }
                rule.months.append(MonthRange(first: first, last: last))
                guard peek == "," else { break }
                position += 1
            }
            guard !rule.months.isEmpty else { return }
            if peek == ":" { position += 1 }
            skipSpaces()
        }

        /// Three letters naming a month (1 to 12), not followed by another letter.
        mutating func month() -> Int? {
            guard position + 2 < scalars.count else { return nil }
            let code = String(String.UnicodeScalarView(scalars[position...position + 2])).lowercased()
            guard let index = MonthRange.codes.firstIndex(of: code) else { return nil }
            if position + 3 < scalars.count, scalars[position + 3].properties.isAlphabetic { return nil }
            position += 3
            return index + 1
        }

        /// A day selector (`Mo-Fr,Su`, `PH`, `Sa, Su`), if one is here.
        mutating func days(into rule: inout Rule) -> Bool {
            var found = false
            while true {
                let start = position
                if word("PH") {
                    rule.publicHolidays = true
                } else if let first = day() {
                    var last = first
                    let afterFirst = position
                    if peek == "-" {
                        position += 1
                        if let end = day() { last = end } else { position = afterFirst }
                    }
                    rule.days.append(DayRange(first: first, last: last))
                } else {
                    position = start
                    return found
                }
                found = true
                let afterItem = position
                guard peek == "," else { return true }
                position += 1
                skipSpaces()
                if let scalar = peek, scalar.properties.isAlphabetic, !word("off", consuming: false),
                    !word("closed", consuming: false)
                {
                    continue
                }
                position = afterItem
                return true
            }
        }

        /// Two letters naming a day, not followed by another letter.
        mutating func day() -> Weekday? {
            guard position + 1 < scalars.count else { return nil }
            let code = String(String.UnicodeScalarView(scalars[position...position + 1])).lowercased()
            guard let index = Weekday.codes.firstIndex(of: code) else { return nil }
            if position + 2 < scalars.count, scalars[position + 2].properties.isAlphabetic { return nil }
            position += 2
            return Weekday(rawValue: index)
        }

        /// `text` (letters in any case), as a whole word.
        mutating func word(_ text: String, consuming: Bool = true) -> Bool {
            let wanted = Array(text.lowercased().unicodeScalars)
            guard position + wanted.count <= scalars.count else { return false }
            let found = String(String.UnicodeScalarView(scalars[position..<position + wanted.count])).lowercased()
            guard found == text.lowercased() else { return false }
            let next = position + wanted.count
            if next < scalars.count,
                scalars[next].properties.isAlphabetic || scalars[next].properties.numericType != nil
            {
                return false
            }
            if consuming { position = next }
            return true
        }

        /// Times `HH:MM-HH:MM`, several separated by commas.
        mutating func spans() -> [Span]? {
            var result: [Span] = []
            while true {
                guard let span = span() else { return nil }
                result.append(span)
                let afterSpan = position
                skipSpaces()
                guard peek == "," else {
                    position = afterSpan
                    return result
                }
                position += 1
                skipSpaces()
                guard let next = peek, next.properties.numericType != nil else {
                    position = afterSpan
                    return result
                }
            }
        }

        mutating func span() -> Span? {
            guard let start = time(), start < 1440 else { return nil }
            skipSpaces()
            guard peek == "-" else { return nil }
            position += 1
            skipSpaces()
            guard var end = time() else { return nil }
            if end == start { return nil }
            if end < start { end += 1440 }
            return Span(start: start, end: end)
        }

        /// `8:00`, `08:00`, `24:00`: minutes from midnight.
        mutating func time() -> Int? {
            var hourDigits = 0
            var hour = 0
            while let scalar = peek, let digit = Self.digit(scalar), hourDigits < 2 {
                hour = hour * 10 + digit
                hourDigits += 1
                position += 1
            }
            guard hourDigits > 0, peek == ":" else { return nil }
            position += 1
            guard let tens = peek.flatMap(Self.digit) else { return nil }
            position += 1
            guard let ones = peek.flatMap(Self.digit) else { return nil }
            position += 1
            if let next = peek, Self.digit(next) != nil { return nil }
            let minute = tens * 10 + ones
            guard minute < 60, hour < 24 || (hour == 24 && minute == 0) else { return nil }
            return hour * 60 + minute
        }

        static func digit(_ scalar: Unicode.Scalar) -> Int? {
            scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
        }
    }
}
