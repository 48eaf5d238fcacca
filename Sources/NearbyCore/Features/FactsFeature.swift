import Foundation
import PlaceData
import Words

/// What a place's details say of it beyond its name and kind, from what OpenStreetMap's tags
/// hold (`Place.Facts`): the address, or the nearest street; the opening hours in words and
/// whether it is open now; the phone number in groups; wheelchair access; the website's site.
/// What is missing is not said; a form not read here is said as mapped, never guessed at.
extension NearbyState {
    /// The most words `details` says by default (`details all` says everything): about 15
    /// seconds at espeak-ng's pace.
    static let detailsWordLimit = 45

    /// One sentence of the details, with a shorter one to say in its place when the whole does
    /// not fit the limit (today's hours for the week's).
    struct DetailPart {
        var whole: String
        var short: String?
    }

    /// The facts, each a sentence, in the order a listener wants them. `all` says the website's
    /// whole address; otherwise its site alone.
    func factsParts(_ facts: Place.Facts, all: Bool) -> [DetailPart] {
        var parts: [DetailPart] = []
        if let street = facts.street, facts.streetIsNearest {
            parts.append(DetailPart(whole: say(.detailsOnStreet(street: street))))
        } else if let address = FactsWording.address(facts, words) {
            parts.append(DetailPart(whole: say(.detailsAddressLine(address: address))))
        }
        if let mapped = facts.openingHours {
            if let hours = OpeningHours.parse(mapped) {
                let today = now.map { say(.detailsHoursToday(hours: HoursWording.today(hours, at: $0, words))) }
                parts.append(
                    DetailPart(whole: say(.detailsHours(hours: HoursWording.hours(hours, words))), short: today))
                if let now { parts.append(DetailPart(whole: HoursWording.now(hours, at: now, words))) }
            } else {
                parts.append(DetailPart(whole: say(.detailsHoursAsMapped(hours: HoursWording.asMapped(mapped, words)))))
            }
        }
        if let phone = facts.phone {
            parts.append(DetailPart(whole: say(.detailsPhone(number: FactsWording.phone(phone, words) ?? phone))))
        }
        if let wheelchair = facts.wheelchair {
            let said: String
            switch wheelchair.lowercased() {
            case "yes", "designated": said = say(.detailsWheelchairYes)
            case "limited": said = say(.detailsWheelchairLimited)
            case "no": said = say(.detailsWheelchairNo)
            default: said = say(.detailsWheelchairAsMapped(value: wheelchair))
            }
            parts.append(DetailPart(whole: said))
        }
        if let website = facts.website {
            let address = all ? FactsWording.website(website) : FactsWording.site(website)
            parts.append(DetailPart(whole: say(.detailsWebsite(address: address))))
        }
        return parts
    }

    /// `heading` then the parts: all of them with `all`; otherwise as many as fit in
    /// `detailsWordLimit` words, in order, each whole or else short, and when the whole does
    /// not fit, "details all for more" at the end, so that nothing is lost unsaid.
    func fitted(_ heading: String, _ parts: [DetailPart], all: Bool) -> String {
        func count(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }
        let whole = ([heading] + parts.map(\.whole)).joined(separator: " ")
        if all || count(whole) <= Self.detailsWordLimit { return whole }
        let more = say(.detailsMore(all: words.text(.filterAll)))
        var said = [heading]
        var used = count(heading) + count(more)
        // Each part whole when the parts after it still fit in their shortest forms, else short:
        // so that "open now" is not crowded out by the week's hours.
        let shortest = parts.map { part in [part.whole, part.short].compactMap { $0 }.map(count).min() ?? 0 }
        for (index, part) in parts.enumerated() {
            let after = shortest[(index + 1)...].reduce(0, +)
            if used + count(part.whole) + after <= Self.detailsWordLimit {
                said.append(part.whole)
                used += count(part.whole)
            } else if let short = part.short ?? (used + count(part.whole) <= Self.detailsWordLimit ? part.whole : nil),
                used + count(short) <= Self.detailsWordLimit
            {
                said.append(short)
                used += count(short)
            }
        }
        return (said + [more]).joined(separator: " ")
    }
}
