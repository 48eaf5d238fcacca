import Foundation
import PlaceData
import Words

/// Distances, directions and walk times in the words people use for them, in the words of a
/// catalog.
public enum SpokenMeasure {
    /// Within this distance, in metres, a place has no direction: its words say none, the
    /// `spatial` and beacon sounds take none, and `where` and the compass quarters of `around`
    /// pass over it for a place that has one.
    public static let noDirectionWithin = 2.5

    /// Whether a place `metres` away has a direction to say or to hear.
    public static func hasDirection(atDistance metres: Double) -> Bool { metres >= noDirectionWithin }

    /// A distance rounded as people say it: metric to 5 m below 1 km, to 50 m from 1 km (at most
    /// two decimals, "1.05 kilometres"), to 100 m from 10 km and to 1 km from 100 km; imperial to
    /// 10 ft below 1,000 ft, then miles to 0.05 (to 0.1 from 10 mi, to 1 from 100 mi).
    public static func distance(_ metres: Double, units: Settings.Units, _ words: Catalog) -> String {
        switch units {
        case .metric:
            let rounded5 = (metres / 5).rounded() * 5
            if rounded5 < 1000 {
                guard rounded5 >= 5 else { return words.text(.distanceUnder5Metres) }
                return words.text(.distanceMetres(count: grouped(Int(rounded5), words), plural: Int(rounded5)))
            }
            let kilometres: Double
            if metres < 10_000 {
                kilometres = (metres / 50).rounded() * 50 / 1000
            } else if metres < 100_000 {
                kilometres = (metres / 100).rounded() / 10
            } else {
                kilometres = (metres / 1000).rounded()
            }
            return words.text(.distanceKilometres(count: decimal(kilometres, words), plural: pluralCount(kilometres)))
        case .imperial:
            let feet = metres / 0.3048
            let rounded10 = (feet / 10).rounded() * 10
            if rounded10 < 1000 {
                guard rounded10 >= 10 else { return words.text(.distanceUnder10Feet) }
                return words.text(.distanceFeet(count: grouped(Int(rounded10), words), plural: Int(rounded10)))
            }
            let miles = metres / 1609.344
            let roundedMiles: Double
            if miles < 10 {
                roundedMiles = max(0.2, (miles * 20).rounded() / 20)
            } else if miles < 100 {
                roundedMiles = (miles * 10).rounded() / 10
            } else {
                roundedMiles = miles.rounded()
            }
            return words.text(.distanceMiles(count: decimal(roundedMiles, words), plural: pluralCount(roundedMiles)))
        }
    }

    /// The count that chooses the plural form of a measure: the number itself when whole; a
    /// fraction takes the form of 2 ("1.5 kilometres" in English, Spanish and Portuguese).
    static func pluralCount(_ value: Double) -> Int {
        value == value.rounded() && value.magnitude < 1e15 ? Int(value) : 2
    }

    /// Minutes on foot: the distance over the speed, rounded up, at least 1.
    public static func walkMinutes(_ metres: Double, speed: Double) -> Int {
        guard speed > 0, metres.isFinite else { return 1 }
        // A hair under a whole minute of floating-point error is still that minute (84 m at 1.4 m/s).
        let minutes = (metres / speed / 60 - 1e-9).rounded(.up)
        return minutes >= Double(Int.max) ? Int.max : max(1, Int(minutes))
    }

    /// The longest walk said as a time: three hours. Beyond it, "too far to walk" (the
    /// distance is said beside it).
    public static let longestWalk = 180

    /// "4 minute walk", or in hours for long ones ("2 hour 5 minute walk"); "too far to walk"
    /// beyond `longestWalk`.
    public static func walk(minutes: Int, _ words: Catalog) -> String {
        guard minutes <= longestWalk else { return words.text(.walkTooFar) }
        func part(_ phrase: (String, Int) -> Phrase, _ count: Int) -> String {
            words.text(phrase(grouped(count, words), count))
        }
        let time: String
        if minutes < 60 {
            time = part(Phrase.walkMinutes, minutes)
        } else {
            let hours = minutes / 60
            let rest = minutes % 60
            time =
                rest == 0
                ? part(Phrase.walkHours, hours)
                : words.text(
                    .walkHoursAndMinutes(hours: part(Phrase.walkHours, hours), minutes: part(Phrase.walkMinutes, rest)))
        }
        return words.text(.walkTime(time: time))
    }

    /// The catalog keys of the compass words, clockwise from north.
    static let compassKeys = [
        Key.directionNorth, Key.directionNorthEast, Key.directionEast, Key.directionSouthEast, Key.directionSouth,
        Key.directionSouthWest, Key.directionWest, Key.directionNorthWest,
    ]

    /// The catalog keys of the words relative to a heading, clockwise from ahead.
    static let relativeKeys = [
        Key.directionAhead, Key.directionAheadRight, Key.directionRight, Key.directionBehindRight, Key.directionBehind,
        Key.directionBehindLeft, Key.directionLeft, Key.directionAheadLeft,
    ]

    /// The sector (0 to 7, clockwise) of 45 degrees centred on a direction.
    static func sector(_ angle: Double) -> Int {
        let normalised = (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return Int(((normalised + 22.5) / 45).rounded(.down)) % 8
    }

    /// The direction of a bearing: compass words, or, when the user's heading is known, words
    /// relative to it or the hour of a clock face (12 ahead, 3 to the right), as `style` says.
    /// Each word covers 45 degrees centred on its own direction, each hour 30.
    public static func direction(
        bearing: Double, heading: Double?, style: Settings.Directions = .relative, _ words: Catalog
    ) -> String {
        guard let heading, style != .compass else { return words.text(compassKeys[sector(bearing)]) }
        guard style == .clock else { return words.text(relativeKeys[sector(bearing - heading)]) }
        let hour = clockHour(bearing - heading)
        return words.text(.directionClock(hour: String(hour), plural: hour))
    }

    /// The hour of a clock face (1 to 12, 12 ahead) that an angle from ahead points to.
    static func clockHour(_ angle: Double) -> Int {
        let normalised = (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let hour = Int(((normalised + 15) / 30).rounded(.down)) % 12
        return hour == 0 ? 12 : hour
    }

    /// Compass words for a heading, as `where` says which way the user faces.
    public static func compass(_ degrees: Double, _ words: Catalog) -> String {
        words.text(compassKeys[sector(degrees)])
    }

    /// An integer with the catalog's thousands separator ("1,500" in English; none in Spanish
    /// and Portuguese, whose voices read "1500" as a number and "1 500" as two).
    public static func grouped(_ value: Int, _ words: Catalog) -> String {
        let digits = String(value.magnitude)
        // Below a thousand there is nothing to separate: the catalog is not asked (a list of
        // distances in metres asked it for every row).
        guard digits.count > 3 else { return value < 0 ? "-" + digits : digits }
        let separator = written(Key.numberThousands, between: "1", and: "000", words)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += separator }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// A number with at most two decimals and no trailing zeros, with the catalog's decimal
    /// separator: "1.05", "1,5", "2".
    public static func decimal(_ value: Double, _ words: Catalog) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = grouped(hundredths / 100, words)
        let fraction = hundredths % 100
        if fraction == 0 { return whole }
        let point = decimalSeparator(words)
        return fraction % 10 == 0
            ? "\(whole)\(point)\(fraction / 10)" : "\(whole)\(point)\(String(format: "%02d", fraction))"
    }

    /// The decimal separator of the catalog's "1.5".
    static func decimalSeparator(_ words: Catalog) -> String {
        written(Key.numberDecimal, between: "1", and: "5", words)
    }

    /// What the catalog's example `key` writes between the digits `first` and `last` ("1.5":
    /// "."). Found, not cut by position: the pseudo-locale brackets the example ("⟦1.5⟧"), and
    /// a separator is data, never those brackets or a digit of the example.
    static func written(_ key: Key, between first: String, and last: String, _ words: Catalog) -> String {
        let example = words.text(key)
        guard let start = example.range(of: first), let end = example.range(of: last, options: .backwards),
            start.upperBound <= end.lowerBound
        else { return "" }
        return String(example[start.upperBound..<end.lowerBound])
    }

    /// A coordinate as it is read out: "38.7115 north, 9.139 west".
    public static func coordinate(_ point: Coordinate, _ words: Catalog) -> String {
        func part(_ value: Double, _ positive: (String) -> Phrase, _ negative: (String) -> Phrase) -> String {
            let rounded = (abs(value) * 10_000).rounded() / 10_000
            var text = String(rounded)
            if text.hasSuffix(".0") { text.removeLast(2) }
            text = text.replacingOccurrences(of: ".", with: decimalSeparator(words))
            return words.text(value < 0 ? negative(text) : positive(text))
        }
        return words.text(
            .coordinate(
                latitude: part(point.latitude, Phrase.coordinateNorth, Phrase.coordinateSouth),
                longitude: part(point.longitude, Phrase.coordinateEast, Phrase.coordinateWest)))
    }
}
