extension OpeningHours {
    /// The hours `text` holds, or nil when it is not one of the forms read here.
    public static func parse(_ text: String) -> OpeningHours? {
        let trimmed = text.trimmingSpaces
        if trimmed == "24/7" { return OpeningHours(isAlwaysOpen: true, rules: []) }
        var rules: [Rule] = []
        for (part, joining) in parts(Array(trimmed.unicodeScalars)) {
            var reader = Reader(part)
            reader.skipSpaces()
            if reader.atEnd {
                if joining == .fallback { return nil }
                continue
            }
            guard reader.rules(into: &rules, joining: joining) else { return nil }
        }
        return rules.isEmpty ? nil : OpeningHours(isAlwaysOpen: false, rules: rules)
    }

    /// The text cut at each `;` and `||` outside quotes, each part with how it joins the rules
    /// before it.
    static func parts(_ scalars: [Unicode.Scalar]) -> [([Unicode.Scalar], Joining)] {
        var result: [([Unicode.Scalar], Joining)] = []
        var current: [Unicode.Scalar] = []
        var joining = Joining.replacing
        var inQuotes = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { inQuotes.toggle() }
            if !inQuotes && scalar == ";" {
                result.append((current, joining))
                (current, joining) = ([], .replacing)
            } else if !inQuotes && scalar == "|" && index + 1 < scalars.count && scalars[index + 1] == "|" {
                result.append((current, joining))
                (current, joining) = ([], .fallback)
                index += 1
            } else {
                current.append(scalar)
            }
            index += 1
        }
        result.append((current, joining))
        return result
    }

    /// Reads one `;`-separated part: one rule, or several separated by `,` before days.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }

        mutating func skipSpaces() {
            while let scalar = peek, scalar == " " || scalar == "\t" { position += 1 }
        }

        mutating func rules(into rules: inout [Rule], joining: Joining) -> Bool {
            var joining = joining
            while true {
                var rule = Rule()
                rule.joining = joining
                guard dates(into: &rule) else { return false }
                let hasDays = days(into: &rule)
                skipSpaces()
                let named = hasDays || !rule.months.isEmpty || !rule.dates.isEmpty
                guard times(into: &rule, named: named) else { return false }
                // An added rule needs its days. An added `off` for days an earlier rule opens (does
                // it close them?) is read differently by different tools: refused, never guessed.
                if rule.isAdditional {
                    guard hasDays else { return false }
                    let namedDays = Weekday.allCases.filter { day in rule.days.contains { $0.contains(day) } }
                    let opensThem = rules.contains { earlier in
                        namedDays.contains { day in earlier.isEveryDay || earlier.days.contains { $0.contains(day) } }
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
                joining = .adding
            }
        }

        /// What follows the days: times (`08:00-12:00,13:00-17:00`, `24/7`) or none (all day),
        /// then `off`, `closed`, `open` or `unknown`, then a comment in quotes. Nothing at all
        /// after no days is refused; a comment alone (`"for request only"`) says nothing of when.
        mutating func times(into rule: inout Rule, named: Bool) -> Bool {
            let wholeDay = [Span(start: 0, end: 1440)]
            var noTimes = false
            if word("24/7") {
                rule.spans = wholeDay
            } else if let spans = spans() {
                rule.spans = spans
            } else {
                rule.spans = wholeDay
                noTimes = true
            }
            skipSpaces()
            if word("off") || word("closed") {
                rule.spans = []
                noTimes = false
            } else if word("unknown") {
                rule.isUnknown = true
                noTimes = false
            } else if word("open") {
                noTimes = false
            }
            skipSpaces()
            if peek == "\"" {
                guard let comment = comment() else { return false }
                rule.comment = comment
                if noTimes && !named { rule.isUnknown = true }
                return true
            }
            return !(noTimes && !named)
        }

        /// `"…"`: the comment, trimmed, without its quotes; nil when it is empty or never closed.
        mutating func comment() -> String? {
            guard peek == "\"" else { return nil }
            position += 1
            let start = position
            while let scalar = peek, scalar != "\"" { position += 1 }
            guard peek == "\"" else { return nil }
            let text = String(String.UnicodeScalarView(scalars[start..<position])).trimmingSpaces
            position += 1
            return text.isEmpty ? nil : text
        }

        /// A date selector, with its colon, if one is here: months (`Jun-Aug`, `Dec`,
        /// `Jun-Aug,Dec`) or dates (`Jun 06-Aug 13`, `2017 Jul 1 - 2017 Aug 8`). False when it
        /// begins like one and is not (`Jun 1` alone, `Jun 1-15`).
        mutating func dates(into rule: inout Rule) -> Bool {
            while true {
                let start = position
                guard let first = calendarDay() else {
                    position = start
                    break
                }
                let afterFirst = position
                skipSpaces()
                var last = first
                if peek == "-" {
                    position += 1
                    skipSpaces()
                    guard let end = calendarDay() else { return false }
                    last = end
                } else {
                    position = afterFirst
                }
                guard (first.day == 0) == (last.day == 0), (first.year == nil) == (last.year == nil) else {
                    return false
                }
                if first.day == 0 {
                    guard first.year == nil else { return false }
                    rule.months.append(MonthRange(first: first.month, last: last.month))
                } else {
                    rule.dates.append(DateRange(first: first, last: last))
                }
                guard peek == "," else { break }
                position += 1
                skipSpaces()
            }
            guard !rule.months.isEmpty || !rule.dates.isEmpty else { return true }
            skipSpaces()
            if peek == ":" { position += 1 }
            skipSpaces()
            return true
        }

        /// `2017 Jul 1`, `Jun 06`, or `Jun` alone (day 0); the year only before a month.
        mutating func calendarDay() -> CalendarDay? {
            let start = position
            var year: Int?
            if let number = number(digits: 4...4) {
                skipSpaces()
                year = number
            }
            guard let month = month() else {
                position = start
                return nil
            }
            let afterMonth = position
            skipSpaces()
            // A day, not an hour: `Jun 14:` ends a date selector, `Jan 10:00` begins times.
            if let day = number(digits: 1...2), (1...31).contains(day),
                peek != ":" || position + 1 >= scalars.count || Self.digit(scalars[position + 1]) == nil
            {
                return CalendarDay(year: year, month: month, day: day)
            }
            position = afterMonth
            return year == nil ? CalendarDay(year: nil, month: month, day: 0) : nil
        }

        /// A whole number of `digits` digits, not followed by another digit.
        mutating func number(digits: ClosedRange<Int>) -> Int? {
            let start = position
            var value = 0
            var count = 0
            while let scalar = peek, let digit = Self.digit(scalar) {
                value = value * 10 + digit
                count += 1
                position += 1
            }
            guard digits.contains(count) else {
                position = start
                return nil
            }
            return value
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
            var spaced = false
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
                    if spaced { rule.spacedDayGroups.append(rule.days.count) }
                    rule.days.append(DayRange(first: first, last: last))
                } else {
                    position = start
                    return found
                }
                found = true
                let afterItem = position
                guard peek == "," else { return true }
                position += 1
                let beforeSpaces = position
                skipSpaces()
                spaced = position > beforeSpaces
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
                guard let span = span() else { return result.isEmpty ? nil : result }
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
            let start = position
            guard let from = time(), from < 1440 else {
                position = start
                return nil
            }
            skipSpaces()
            guard peek == "-" else {
                position = start
                return nil
            }
            position += 1
            skipSpaces()
            guard var end = time(), end != from else {
                position = start
                return nil
            }
            if end < from { end += 1440 }
            return Span(start: from, end: end)
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
