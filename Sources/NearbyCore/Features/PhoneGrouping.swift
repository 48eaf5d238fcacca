/// How a phone number's digits are grouped for the ear, each group 1 to 4 digits: groups
/// written are kept; a longer run of digits is cut after its country code and by its country's
/// common grouping (Finland, France, Monaco, North America, the United Kingdom, Spain,
/// Portugal, Brazil), or else in groups of 3 ending with 4.
enum PhoneGrouping {
    /// The groups of a number written as `written` (its runs of digits), after a `+` or `00`
    /// when `international`.
    static func groups(_ written: [String], international: Bool) -> [String] {
        var runs = written
        var result: [String] = []
        var country: String?
        if international, let first = runs.first {
            // A code written alone is the code, whatever its length.
            let code = first.count <= 3 ? first : countryCode(of: first)
            country = code
            result.append(code)
            runs[0] = String(first.dropFirst(code.count))
            if runs[0].isEmpty { runs.removeFirst() }
        }
        // The national number written in one run: its country's grouping.
        if let country, runs.count == 1, runs[0].count > 4 {
            return result + national(runs[0], country: country)
        }
        for run in runs { result += run.count > 4 ? cut(run, generic(run.count)) : [run] }
        return result
    }

    /// The country code a number begins with, by the ITU's plan: 1 and 7 alone, then the two
    /// or three digits each zone uses.
    static func countryCode(of digits: String) -> String {
        guard let first = digits.first else { return digits }
        if first == "1" || first == "7" { return String(first) }
        let two = String(digits.prefix(2))
        let twoDigitCodes: Set<String> = [
            "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
            "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
            "86", "90", "91", "92", "93", "94", "95", "98",
        ]
        return twoDigitCodes.contains(two) || digits.count <= 3 ? two : String(digits.prefix(3))
    }

    /// The national number of `country` grouped as its people write it.
    static func national(_ digits: String, country: String) -> [String] {
        let count = digits.count
        let sizes: [Int]
        switch country {
        case "358":
            // Helsinki 9, Turku 2 … one digit; mobiles (40, 50) and the rest two.
            let area = "235689".contains(digits.first!) && !digits.hasPrefix("50") ? 1 : 2
            sizes = [area] + generic(count - area)
        case "33": sizes = [1] + Array(repeating: 2, count: (count - 1) / 2) + ((count - 1) % 2 == 1 ? [1] : [])
        case "377": sizes = (count % 2 == 1 ? [1] : []) + Array(repeating: 2, count: count / 2)
        case "1": sizes = count == 10 ? [3, 3, 4] : generic(count)
        case "44": sizes = digits.hasPrefix("2") && count == 10 ? [2, 4, 4] : [4] + generic(count - 4)
        case "34", "351": sizes = count == 9 ? [3, 3, 3] : generic(count)
        case "55": sizes = count == 11 ? [2, 1, 4, 4] : count == 10 ? [2, 4, 4] : generic(count)
        default: sizes = generic(count)
        }
        return cut(digits, sizes)
    }

    /// Groups of 3 ending with 4 (or 2 and 3 for 5 digits, 4 and 4 for 8).
    static func generic(_ count: Int) -> [Int] {
        switch count {
        case ...4: [count]
        case 5: [2, 3]
        case 6: [3, 3]
        case 7: [3, 4]
        case 8: [4, 4]
        default: [3] + generic(count - 3)
        }
    }

    /// `digits` cut into groups of `sizes` (any digits left, one more group).
    static func cut(_ digits: String, _ sizes: [Int]) -> [String] {
        var rest = Substring(digits)
        var groups: [String] = []
        for size in sizes where !rest.isEmpty && size > 0 {
            groups.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        if !rest.isEmpty { groups.append(String(rest)) }
        return groups
    }
}
