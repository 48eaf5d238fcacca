import Foundation
import PlaceData
import Words

/// The words of opening hours, pure functions of the hours, the time and the catalog: the rules
/// ("Monday to Friday, 8 to 18; Saturday, 9 to 13"), today's alone, "open now" with why when
/// the data contradicts itself, and a form not read here said as mapped but for the ear.
enum HoursWording {
    /// "Monday to Friday, 8 to 18; Saturday, 9 to 13; otherwise, on appointment".
    static func hours(_ hours: OpeningHours, _ words: Catalog) -> String {
        if hours.isAlwaysOpen { return words.text(.hoursAlways) }
        return hours.rules.map { rule in
            let said = ruleWords(rule, words)
            return rule.joining == .fallback ? words.text(.hoursOtherwise(rule: said)) : said
        }
        .joined(separator: words.text(.listItemSeparator))
    }

    /// One rule: its dates or months, days, times and comment.
    static func ruleWords(_ rule: OpeningHours.Rule, _ words: Catalog) -> String {
        var times =
            rule.isUnknown
            ? (rule.comment == nil ? words.text(.hoursUnknown) : "")
            : rule.spans.isEmpty
                ? words.text(.hoursClosed) : FactsWording.all(rule.spans.map { span($0, words) }, words)
        if let comment = rule.comment {
            times = times.isEmpty ? comment : words.text(.hoursComment(times: times, comment: comment))
        }
        // A comment alone for every day ("for request only") is said alone.
        let commentAlone = rule.isEveryDay && rule.isUnknown && rule.comment != nil
        var said = commentAlone ? times : words.text(.hoursRule(days: days(rule, words), times: times))
        let when = FactsWording.all(months(rule.months, words) + rule.dates.map { dates($0, words) }, words)
        if !when.isEmpty { said = words.text(.hoursInMonths(months: when, rule: said)) }
        return said
    }

    /// "Monday to Friday", "Monday and Wednesday", "every day", "public holidays".
    static func days(_ rule: OpeningHours.Rule, _ words: Catalog) -> String {
        if rule.isEveryDay { return words.text(.hoursEveryDay) }
        var items = rule.days.map { range -> String in
            if range.isWholeWeek { return words.text(.hoursEveryDay) }
            if range.first == range.last { return day(range.first, words) }
            return words.text(.hoursDayRange(first: day(range.first, words), last: day(range.last, words)))
        }
        if rule.publicHolidays { items.append(words.text(.hoursPublicHolidays)) }
        return FactsWording.all(items, words)
    }

    /// "June to August", "December", one a range.
    static func months(_ ranges: [OpeningHours.MonthRange], _ words: Catalog) -> [String] {
        ranges.map {
            $0.first == $0.last
                ? month($0.first, words)
                : words.text(.hoursMonthRange(first: month($0.first, words), last: month($0.last, words)))
        }
    }

    /// "June 6 to August 13", "July 1, 2017 to August 8, 2017".
    static func dates(_ range: OpeningHours.DateRange, _ words: Catalog) -> String {
        func said(_ day: OpeningHours.CalendarDay) -> String {
            let date = words.text(.hoursDate(month: month(day.month, words), day: "\(day.day)"))
            return day.year.map { words.text(.hoursDateInYear(date: date, year: "\($0)")) } ?? date
        }
        if range.first == range.last { return said(range.first) }
        return words.text(.hoursDateRange(first: said(range.first), last: said(range.last)))
    }

    static func month(_ number: Int, _ words: Catalog) -> String {
        words.text(Key(family: "month", OpeningHours.MonthRange.name(number)))
    }

    static func day(_ day: OpeningHours.Weekday, _ words: Catalog) -> String {
        words.text(Key(family: "weekday", day.name))
    }

    /// "8 to 18", "10 to midnight", "22 to 2 after midnight", "all day".
    static func span(_ span: OpeningHours.Span, _ words: Catalog) -> String {
        if span.isWholeDay { return words.text(.hoursAllDay) }
        let from = clock(span.start)
        if span.end == 1440 { return words.text(.hoursSpanToMidnight(from: from)) }
        if span.end > 1440 { return words.text(.hoursSpanOvernight(from: from, to: clock(span.end - 1440))) }
        return words.text(.hoursSpan(from: from, to: clock(span.end)))
    }

    /// A time as the clock says it: "8", "8:30", "18".
    static func clock(_ minutes: Int) -> String {
        let minute = minutes % 60
        return minute == 0 ? "\(minutes / 60)" : "\(minutes / 60):" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    /// Today's hours alone, by the rules that name today: "10 to 18", "closed".
    static func today(_ hours: OpeningHours, at time: LocalTime, _ words: Catalog) -> String {
        let (spans, deciding) = hours.hoursOfDay(at: time)
        if let deciding, hours.rules[deciding].isUnknown {
            return hours.rules[deciding].comment ?? words.text(.hoursUnknown)
        }
        return spans.isEmpty ? words.text(.hoursClosed) : FactsWording.all(spans.map { span($0, words) }, words)
    }

    /// Open or closed now, and why when the data contradicts itself; "unless a holiday" when a
    /// rule for public holidays (which are not known here) would say otherwise; that the hours
    /// do not say when they do not.
    static func now(_ hours: OpeningHours, at time: LocalTime, _ words: Catalog) -> String {
        let state = hours.state(at: time)
        if state == .unknown { return words.text(.detailsNowUnknown) }
        let open = state == .open
        let minute = time.minuteOfDay
        let holidays = hours.rules.contains { rule in
            rule.publicHolidays && rule.spans.contains { $0.start <= minute && minute < $0.end } != open
        }
        if holidays { return words.text(open ? .detailsOpenNowUnlessHoliday : .detailsClosedNowUnlessHoliday) }
        switch hours.contradiction(at: time) {
        case .replacedLater(_, let isLast, let day)?:
            let days = words.text(Key(family: "weekday-on", day.name))
            return words.text(isLast ? .detailsClosedNowLastRule(days: days) : .detailsClosedNowLaterRule(days: days))
        case .nightEnded(let day)?:
            return words.text(.detailsClosedNowNightEnded(today: self.day(day, words)))
        case nil:
            return words.text(open ? .detailsOpenNow : .detailsClosedNow)
        }
    }

    /// A form not read here, as mapped but for the ear: the days' and months' codes as words
    /// (`Mo` "Monday", `Apr` "April", `PH` "public holidays"), times as the clock says them
    /// (`09:00` "9"), a dash between "to" (at the end "onwards"), quotes and `||` left out: "Apr 24-Jun 14: 09:00-18:00"
    /// is "April 24 to June 14: 9 to 18". Nothing is guessed: every other character stays.
    static func asMapped(_ text: String, _ words: Catalog) -> String {
        let scalars = Array(text.unicodeScalars)
        var said = ""
        var index = 0
        func isLetter(_ at: Int) -> Bool { at < scalars.count && scalars[at].properties.isAlphabetic }
        func isDigit(_ at: Int) -> Bool { at < scalars.count && ("0"..."9").contains(scalars[at]) }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isAlphabetic {
                var end = index
                while isLetter(end) { end += 1 }
                let token = String(String.UnicodeScalarView(scalars[index..<end]))
                said += wordFor(token, words) ?? token
                index = end
            } else if isDigit(index) {
                var end = index
                while isDigit(end) { end += 1 }
                var token = String(String.UnicodeScalarView(scalars[index..<end]))
                if end + 2 < scalars.count, scalars[end] == ":", isDigit(end + 1), isDigit(end + 2), !isDigit(end + 3),
                    let hour = Int(token),
                    let minute = Int(String(String.UnicodeScalarView(scalars[end + 1...end + 2])))
                {
                    token = clock(hour * 60 + minute)
                    end += 3
                } else if token.count == 2, token.hasPrefix("0") {
                    token.removeFirst()
                }
                said += token
                index = end
            } else if scalar == "-" || scalar == "–" {
                index += 1
                while index < scalars.count, scalars[index] == " " { index += 1 }
                // `16:00-` with nothing after it: open from then on.
                let ends = index >= scalars.count || !(isLetter(index) || isDigit(index))
                said =
                    said.trimmingCharacters(in: .whitespaces) + " "
                    + words.text(ends ? .hoursOnwards : .hoursTo) + (ends ? "" : " ")
            } else if scalar == "\"" {
                index += 1
            } else if scalar == "|", index + 1 < scalars.count, scalars[index + 1] == "|" {
                said = said.trimmingCharacters(in: .whitespaces) + words.text(.listItemSeparator)
                index += 2
                while index < scalars.count, scalars[index] == " " { index += 1 }
            } else if scalar == ";" {
                said = said.trimmingCharacters(in: .whitespaces) + words.text(.listItemSeparator)
                index += 1
                while index < scalars.count, scalars[index] == " " { index += 1 }
            } else {
                said.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return said.trimmingCharacters(in: .whitespaces)
    }

    /// The word for a code of days (`Mo`, `Mon`), months (`Apr`) or `PH`, whatever its case.
    static func wordFor(_ token: String, _ words: Catalog) -> String? {
        let code = token.lowercased()
        if code == "ph" { return words.text(.hoursPublicHolidays) }
        let dayCodes = ["mo", "tu", "we", "th", "fr", "sa", "su"]
        if let index = dayCodes.firstIndex(of: code)
            ?? (code.count == 3 ? dayCodes.firstIndex(of: String(code.prefix(2))) : nil),
            code.count == 2 || ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].contains(code)
        {
            return day(OpeningHours.Weekday(rawValue: index)!, words)
        }
        let monthCodes = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        if let index = monthCodes.firstIndex(of: code) { return month(index + 1, words) }
        return nil
    }
}
