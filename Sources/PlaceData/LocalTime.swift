/// A moment on the local wall clock, as opening hours are kept: the date and the time of day,
/// without a time zone. The core never reads a clock: the shell hands it one of these with each
/// command (`--clock` fixes it for scripts and tests).
public struct LocalTime: Equatable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to 31.
    public let day: Int
    /// Minutes since midnight, 0 to 1439.
    public let minuteOfDay: Int

    /// A valid date and time, or nil (February 30th, 25:00).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        minuteOfDay = hour * 60 + minute
    }

    /// `2026-12-01T10:00` (or with a space for the `T`): what `--clock` takes.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard date.count == 3, time.count == 2, date[0].count == 4, date[1].count == 2, date[2].count == 2,
            time[0].count == 2, time[1].count == 2,
            (date + time).allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
            let hour = Int(time[0]), let minute = Int(time[1])
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }

    /// The day of the week, Monday first.
    public var weekday: OpeningHours.Weekday {
        // Days since 1970-01-01 (a Thursday), by Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let monday0 = ((days % 7) + 7 + 3) % 7
        return OpeningHours.Weekday(rawValue: monday0)!
    }

    /// `2026-12-01T10:00`.
    public var description: String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute))"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
