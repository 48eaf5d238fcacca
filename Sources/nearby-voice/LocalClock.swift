import Foundation
import PlaceData

/// The local wall clock, read for the core (which reads none): the date and time in the
/// system's time zone (`TZ`, else /etc/localtime), as opening hours are kept.
enum LocalClock {
    static func now() -> LocalTime? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
            let minute = parts.minute
        else { return nil }
        return LocalTime(year: year, month: month, day: day, hour: hour, minute: minute)
    }
}
