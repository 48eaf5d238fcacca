import Foundation
import PlaceData

/// Distances, directions and walk times in the words people use for them.
public enum SpokenMeasure {
    /// A distance rounded as people say it: metric to 5 m below 1 km, to 50 m from 1 km (at most
    /// two decimals, "1.05 kilometres"), to 100 m from 10 km and to 1 km from 100 km; imperial to
    /// 10 ft below 1,000 ft, then miles to 0.05 (to 0.1 from 10 mi, to 1 from 100 mi).
    public static func distance(_ metres: Double, units: Settings.Units) -> String {
        switch units {
        case .metric:
            let rounded5 = (metres / 5).rounded() * 5
            if rounded5 < 1000 {
                return rounded5 < 5 ? "less than 5 metres" : "\(grouped(Int(rounded5))) metres"
            }
            let kilometres: Double
            if metres < 10_000 {
                kilometres = (metres / 50).rounded() * 50 / 1000
            } else if metres < 100_000 {
                kilometres = (metres / 100).rounded() / 10
            } else {
                kilometres = (metres / 1000).rounded()
            }
            return kilometres == 1 ? "1 kilometre" : "\(decimal(kilometres)) kilometres"
        case .imperial:
            let feet = metres / 0.3048
            let rounded10 = (feet / 10).rounded() * 10
            if rounded10 < 1000 {
                return rounded10 < 10 ? "less than 10 feet" : "\(grouped(Int(rounded10))) feet"
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
            return roundedMiles == 1 ? "1 mile" : "\(decimal(roundedMiles)) miles"
        }
    }

    /// Minutes on foot: the distance over the speed, rounded up, at least 1.
    public static func walkMinutes(_ metres: Double, speed: Double) -> Int {
        guard speed > 0, metres.isFinite else { return 1 }
        // A hair under a whole minute of floating-point error is still that minute (84 m at 1.4 m/s).
        let minutes = (metres / speed / 60 - 1e-9).rounded(.up)
        return minutes >= Double(Int.max) ? Int.max : max(1, Int(minutes))
    }

    /// "4 minute walk", or in hours for long ones ("2 hour 5 minute walk").
    public static func walk(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) minute walk" }
        let hours = minutes / 60, rest = minutes % 60
        return rest == 0 ? "\(grouped(hours)) hour walk" : "\(grouped(hours)) hour \(rest) minute walk"
    }

    static let compassWords = [
        "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west",
    ]

    static let relativeWords = [
        "ahead", "ahead to the right", "to the right", "behind to the right", "behind",
        "behind to the left", "to the left", "ahead to the left",
    ]

    /// The direction of a bearing: compass words, or, when the user's heading is known, words
    /// relative to it. Each word covers 45 degrees centred on its own direction.
    public static func direction(bearing: Double, heading: Double?) -> String {
        let angle = heading.map { bearing - $0 } ?? bearing
        let normalised = (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let sector = Int(((normalised + 22.5) / 45).rounded(.down)) % 8
        return heading == nil ? compassWords[sector] : relativeWords[sector]
    }

    /// Compass words for a heading, as `where` says which way the user faces.
    public static func compass(_ degrees: Double) -> String {
        direction(bearing: degrees, heading: nil)
    }

    /// An integer with thousands separators, "1,500".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// A number with at most two decimals and no trailing zeros: "1.05", "1.5", "2".
    public static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = grouped(hundredths / 100), fraction = hundredths % 100
        if fraction == 0 { return whole }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(String(format: "%02d", fraction))"
    }

    /// A coordinate as it is read out: "38.7115 north, 9.139 west".
    public static func coordinate(_ point: Coordinate) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let rounded = (abs(value) * 10_000).rounded() / 10_000
            var text = String(rounded)
            if text.hasSuffix(".0") { text.removeLast(2) }
            return "\(text) \(value < 0 ? negative : positive)"
        }
        return "\(part(point.latitude, "north", "south")), \(part(point.longitude, "east", "west"))"
    }
}
