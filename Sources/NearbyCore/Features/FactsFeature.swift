import Foundation
import PlaceData
import Words

/// What a place's details say of it beyond its name and kind, from what OpenStreetMap's tags
/// hold (`Place.Facts`): the address, or the nearest street; the opening hours in words and
/// whether it is open now; the phone number digit by digit; wheelchair access; the website.
/// What is missing is not said; a form not read here is said as mapped, never guessed at.
extension NearbyState {
    /// The facts, each a sentence, in the order a listener wants them. `full` (the `details`
    /// command) says the website whatever its length; `read` says it only when it is short.
    func factsPhrases(_ facts: Place.Facts, full: Bool) -> [String] {
        var parts: [String] = []
        if let street = facts.street, facts.streetIsNearest {
            parts.append(say(.detailsOnStreet(street: street)))
        } else if let address = FactsWording.address(facts, words) {
            parts.append(say(.detailsAddressLine(address: address)))
        }
        if let mapped = facts.openingHours {
            if let hours = OpeningHours.parse(mapped) {
                parts.append(say(.detailsHours(hours: FactsWording.hours(hours, words))))
                if let now {
                    // Public holidays are not known here: when a rule for them gives another
                    // answer at this time (open now, but closed on holidays), it says so.
                    let open = hours.isOpen(at: now)
                    let minute = now.minuteOfDay
                    let holidays = hours.rules.contains { rule in
                        rule.publicHolidays && rule.spans.contains { $0.start <= minute && minute < $0.end } != open
                    }
                    parts.append(
                        say(
                            holidays
                                ? (open ? Key.detailsOpenNowUnlessHoliday : Key.detailsClosedNowUnlessHoliday)
                                : (open ? Key.detailsOpenNow : Key.detailsClosedNow)))
                }
            } else {
                parts.append(say(.detailsHoursAsMapped(hours: mapped)))
            }
        }
        if let phone = facts.phone {
            parts.append(say(.detailsPhone(number: FactsWording.phone(phone, words) ?? phone)))
        }
        if let wheelchair = facts.wheelchair {
            switch wheelchair.lowercased() {
            case "yes", "designated": parts.append(say(.detailsWheelchairYes))
            case "limited": parts.append(say(.detailsWheelchairLimited))
            case "no": parts.append(say(.detailsWheelchairNo))
            default: parts.append(say(.detailsWheelchairAsMapped(value: wheelchair)))
            }
        }
        if let website = facts.website {
            let short = FactsWording.website(website)
            if full || short.count <= FactsWording.shortWebsite {
                parts.append(say(.detailsWebsite(address: short)))
            }
        }
        return parts
    }
}

/// The words of a place's facts, pure functions of the facts and the catalog.
enum FactsWording {
    /// The longest website `read` says (once without `https://` and `www.`); `details` says any.
    static let shortWebsite = 30

    /// "12 Mannerheimintie, Helsinki", in the order the language says an address; nil when
    /// there is neither street nor city.
    static func address(_ facts: Place.Facts, _ words: Catalog) -> String? {
        var address: String?
        if let street = facts.street {
            address =
                facts.houseNumber.map { words.text(.detailsAddress(number: $0, street: street)) } ?? street
        }
        guard let city = facts.city else { return address }
        guard let address else { return city }
        return words.text(.detailsAddressInCity(address: address, city: city))
    }

    /// "Monday to Friday, 8 to 18; Saturday, 9 to 13".
    static func hours(_ hours: OpeningHours, _ words: Catalog) -> String {
        if hours.isAlwaysOpen { return words.text(.hoursAlways) }
        return hours.rules.map { rule in
            let times =
                rule.spans.isEmpty
                ? words.text(.hoursClosed) : all(rule.spans.map { span($0, words) }, words)
            let said = words.text(.hoursRule(days: days(rule, words), times: times))
            guard !rule.months.isEmpty else { return said }
            return words.text(.hoursInMonths(months: months(rule.months, words), rule: said))
        }
        .joined(separator: words.text(.listItemSeparator))
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
        return all(items, words)
    }

    /// "June to August", "December".
    static func months(_ ranges: [OpeningHours.MonthRange], _ words: Catalog) -> String {
        func name(_ number: Int) -> String { words.text(Key(family: "month", OpeningHours.MonthRange.name(number))) }
        return all(
            ranges.map {
                $0.first == $0.last
                    ? name($0.first) : words.text(.hoursMonthRange(first: name($0.first), last: name($0.last)))
            }, words)
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

    /// "a, b and c".
    static func all(_ items: [String], _ words: Catalog) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return words.text(.listAnd(items: items.dropLast().joined(separator: words.text(.listSeparator)), last: last))
    }

    /// A phone number digit by digit, its groups apart, so that a synthesiser says "three five
    /// eight" and never "three hundred and fifty-eight": "+358 9 123" is "plus 3 5 8, 9, 1 2 3".
    /// Several numbers (`;`) are said as choices. Nil when it holds anything but digits, a
    /// leading +, and spaces, hyphens, dots, slashes and brackets between them.
    static func phone(_ text: String, _ words: Catalog) -> String? {
        let numbers = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        var said: [String] = []
        for number in numbers {
            var groups: [String] = []
            var group: [Character] = []
            var plus = false
            for (offset, character) in number.enumerated() {
                if character.isASCII, character.isNumber {
                    group.append(character)
                } else if character == "+", offset == 0 {
                    plus = true
                } else if " -./()\u{00A0}".contains(character) {
                    if !group.isEmpty { groups.append(group.map(String.init).joined(separator: " ")) }
                    group = []
                } else {
                    return nil
                }
            }
            if !group.isEmpty { groups.append(group.map(String.init).joined(separator: " ")) }
            guard !groups.isEmpty else { return nil }
            let digits = groups.joined(separator: ", ")
            said.append(plus ? words.text(.detailsPhonePlus) + " " + digits : digits)
        }
        guard !said.isEmpty else { return nil }
        return Setting.either(said, words)
    }

    /// A website as it is said: without `https://`, `http://`, `www.` and a last `/`.
    static func website(_ text: String) -> String {
        var address = Substring(text)
        for prefix in ["https://", "http://"] where address.lowercased().hasPrefix(prefix) {
            address = address.dropFirst(prefix.count)
        }
        if address.lowercased().hasPrefix("www.") { address = address.dropFirst(4) }
        if address.hasSuffix("/") { address = address.dropLast() }
        return address.isEmpty ? text : String(address)
    }
}
