import Foundation
import PlaceData
import Words

/// The words of a place's facts, pure functions of the facts and the catalog: its address, its
/// phone in groups, its website as its site.
enum FactsWording {
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

    /// "a, b and c".
    static func all(_ items: [String], _ words: Catalog) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return words.text(.listAnd(items: items.dropLast().joined(separator: words.text(.listSeparator)), last: last))
    }

    /// A phone number in groups of 1 to 4 digits, each said as a number, the groups apart: as
    /// written ("+358 9 123 4567" is "plus 358, 9, 123, 4567"), a longer group split by its
    /// country's grouping (`PhoneGrouping`). A group that begins with 0 says its zeros first
    /// ("040" is "0 40"), so that none is lost. Several numbers (`;`) are said as choices. Nil
    /// when it holds anything but digits, a leading +, and spaces, hyphens, dots, slashes and
    /// brackets between them.
    static func phone(_ text: String, _ words: Catalog) -> String? {
        let numbers = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        var said: [String] = []
        for number in numbers {
            var written: [String] = []
            var group = ""
            var plus = false
            for (offset, character) in number.enumerated() {
                if character.isASCII, character.isNumber {
                    group.append(character)
                } else if character == "+", offset == 0 {
                    plus = true
                } else if " -./()\u{00A0}".contains(character) {
                    if !group.isEmpty { written.append(group) }
                    group = ""
                } else {
                    return nil
                }
            }
            if !group.isEmpty { written.append(group) }
            guard !written.isEmpty else { return nil }
            if !plus, written[0].hasPrefix("00"), written[0].count > 2 {
                plus = true
                written[0].removeFirst(2)
            }
            let groups = PhoneGrouping.groups(written, international: plus).map(spoken)
            let digits = groups.joined(separator: ", ")
            said.append(plus ? words.text(.detailsPhonePlus) + " " + digits : digits)
        }
        guard !said.isEmpty else { return nil }
        return Setting.either(said, words)
    }

    /// A group of digits as it is said: the number, its leading zeros apart ("040" is "0 40").
    static func spoken(_ group: String) -> String {
        let zeros = group.prefix { $0 == "0" }
        let rest = group.dropFirst(zeros.count)
        return (Array(repeating: "0", count: zeros.count) + (rest.isEmpty ? [] : [String(rest)])).joined(separator: " ")
    }

    /// A website as `details all` says it: without `https://`, `http://`, `www.` and a last `/`.
    static func website(_ text: String) -> String {
        var address = Substring(text.trimmingCharacters(in: .whitespaces))
        for prefix in ["https://", "http://"] where address.lowercased().hasPrefix(prefix) {
            address = address.dropFirst(prefix.count)
        }
        if address.lowercased().hasPrefix("www.") { address = address.dropFirst(4) }
        if address.hasSuffix("/") { address = address.dropLast() }
        return address.isEmpty ? text : String(address)
    }

    /// A website as its site: the host alone, without `www.`, in lower case ("website
    /// mairie.mc" for `https://www.mairie.mc/en/langues-etrangeres/…`).
    static func site(_ text: String) -> String {
        let address = website(text)
        let host = address.prefix { !"/?#".contains($0) }
        let withoutPort = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? String(host)
        let site = withoutPort.lowercased()
        return site.isEmpty ? address : (site.hasPrefix("www.") ? String(site.dropFirst(4)) : site)
    }
}
