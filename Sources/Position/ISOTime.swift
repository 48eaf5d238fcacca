/// ISO 8601 dates and times as GPX and gpsd write them: `2026-12-01T10:00:00Z`, with optional
/// fractions of a second and an offset (`+02:00`) instead of `Z`.
public enum ISOTime {
    /// Seconds since 1970 (UTC), or nil when `text` is not such a date and time.
    public static func seconds(_ text: String) -> Double? {
        // Read in place (a native string's bytes are contiguous), else from a copy.
        if let seconds = text.utf8.withContiguousStorageIfAvailable({ seconds(bytes: $0) }) { return seconds }
        return Array(text.utf8).withUnsafeBufferPointer { seconds(bytes: $0) }
    }

    /// `seconds(_:)` of a text's UTF-8 bytes: for a reader that has them, and no string.
    public static func seconds(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var cursor = Cursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.expect("-"), let month = cursor.digits(2), cursor.expect("-"),
            let day = cursor.digits(2), cursor.expect("T") || cursor.expect(" ")
        else { return nil }
        guard let hour = cursor.digits(2), cursor.expect(":"), let minute = cursor.digits(2), cursor.expect(":"),
            let second = cursor.digits(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if cursor.expect(".") {
            var scale = 0.1
            let start = cursor.index
            while let digit = cursor.digit() {
                fraction += Double(digit) * scale
                scale /= 10
            }
            guard cursor.index > start else { return nil }
        }
        var offset = 0
        if cursor.expect("Z") {
        } else if cursor.expect("+") || cursor.expect("-") {
            let sign = bytes[cursor.index - 1] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = cursor.digits(2) else { return nil }
            _ = cursor.expect(":")
            guard let minutes = cursor.digits(2) else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard cursor.index == bytes.count else { return nil }
        let days = daysFromCivil(year, month, day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Reads a date and time's bytes from the start.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The number of the next `count` bytes, each an ASCII digit; nil (and nothing read)
        /// when they are not.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for at in index..<(index + count) {
                let byte = bytes[at]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        /// The next byte's digit when it is one, read.
        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 else { return nil }
            index += 1
            return Int(bytes[index - 1] - 48)
        }

        /// Whether the next byte is `character`, read when it is.
        mutating func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }
    }

    /// `seconds` since 1970 (UTC) as GPX writes a time: `2026-12-01T10:00:00Z`, whole seconds
    /// (the fraction dropped).
    public static func text(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let second = whole - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// civil_from_days, the inverse of `daysFromCivil`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
