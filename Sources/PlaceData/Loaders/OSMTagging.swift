/// What an OpenStreetMap object's tags make of it: whether it is a place people walk to, its
/// kind, its facts and its names in the session's languages. The one rule, used by the import
/// (PlaceStore, through libosmium) and by the independent check's reader in the tests.
package enum OSMTagging {
    /// The keys any value of which makes a named object a place, in the order they give its kind.
    package static let anyValueKeys = [
        "amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic",
    ]

    /// The keys that make a place only with some values, tried after `anyValueKeys`: the stops
    /// and stations of public transport, and their parts. Of these, the first that matches
    /// gives the kind, in `transitKind`'s order.
    package static let someValueKeys: [(key: String, values: Set<String>)] = [
        ("railway", ["station", "halt", "tram_stop", "subway_entrance"]),
        ("public_transport", ["station", "platform"]),
        ("highway", ["bus_stop"]),
    ]

    /// The languages whose `name:LANG` is kept: the session's.
    package static let languages = ["en", "es", "pt"]

    /// The tag that gives a named object its kind: the first of `anyValueKeys`, then the
    /// transit kind (`transitKind`); nil when the tags make no place.
    package static func kindTag(_ tags: [String: String]) -> (key: String, value: String)? {
        guard let name = tags["name"], !name.isEmpty else { return nil }
        for key in anyValueKeys {
            if let value = tags[key] { return (key, value) }
        }
        return transitKind(tags)?.tag
    }

    /// The kind of a stop or station, the first of: `highway=bus_stop`, a platform for buses
    /// (`bus=yes` or `trolleybus=yes`: a bus stop), `railway=tram_stop`, a platform for trams
    /// (`tram=yes`: a tram stop), `railway=station`, `railway=halt`, `public_transport=station`,
    /// `railway=subway_entrance`, and last the platform that says nothing of what stops at it.
    /// Its rank is that order (0 first): of the parts of one stop, the first ranked is the stop.
    package static func transitKind(_ tags: [String: String]) -> (tag: (key: String, value: String), rank: Int)? {
        let platform = tags["public_transport"] == "platform"
        let railway = tags["railway"]
        if tags["highway"] == "bus_stop" { return (("highway", "bus_stop"), 0) }
        if platform && (tags["bus"] == "yes" || tags["trolleybus"] == "yes") { return (("highway", "bus_stop"), 1) }
        if railway == "tram_stop" { return (("railway", "tram_stop"), 2) }
        if platform && tags["tram"] == "yes" { return (("railway", "tram_stop"), 3) }
        if railway == "station" { return (("railway", "station"), 4) }
        if railway == "halt" { return (("railway", "halt"), 5) }
        if tags["public_transport"] == "station" { return (("public_transport", "station"), 6) }
        if railway == "subway_entrance" { return (("railway", "subway_entrance"), 7) }
        if platform { return (("public_transport", "platform"), 8) }
        return nil
    }

    /// Whether the tags are a stop's position on the road or track (`public_transport=
    /// stop_position`, named): a part of a stop, never a place alone.
    package static func isStopPosition(_ tags: [String: String]) -> Bool {
        tags["public_transport"] == "stop_position" && !(tags["name"] ?? "").isEmpty
    }

    /// The kind's English word for a tag, as the store keeps it: `OSMKinds.word(key:value:)`
    /// (`office=yes` is "Office"; an empty value, the key's own kind).
    package static func kind(key: String, value: String) -> String {
        PlaceBuilder.cleaned(OSMKinds.word(key: key, value: value)) ?? OSMKinds.word(key: key, value: "yes")
    }

    /// The place an object's tags make, at `latitude`, `longitude`, with `id` ("node/1",
    /// "way/2"); nil when they make none or its name is nothing once cleaned.
    package static func place(id: String, latitude: Double, longitude: Double, tags: [String: String]) -> Place? {
        var kinds = KindWords()
        return place(id: id, latitude: latitude, longitude: longitude, tags: tags, kinds: &kinds)
    }

    /// The same, with the kinds' words kept in `kinds` from one place to the next: an import
    /// asks for the same few kinds millions of times.
    package static func place(
        id: String, latitude: Double, longitude: Double, tags: [String: String], kinds: inout KindWords
    ) -> Place? {
        guard let tag = kindTag(tags), let name = PlaceBuilder.cleaned(tags["name"]!) else { return nil }
        return Place(
            id: id, name: name, kind: kinds.kind(key: tag.key, value: tag.value), symbol: "mappin",
            latitude: latitude, longitude: longitude, facts: facts(tags))
    }

    /// `kind(key:value:)`'s words, each worked out once.
    package struct KindWords {
        private var words: [String: [String: String]] = [:]

        package init() {}

        package mutating func kind(key: String, value: String) -> String {
            if let word = words[key]?[value] { return word }
            let word = OSMTagging.kind(key: key, value: value)
            words[key, default: [:]][value] = word
            return word
        }
    }

    /// The facts the tags give: the address, opening hours, phone, website and wheelchair
    /// access (`contact:phone` and `contact:website` when the plain tags are missing).
    package static func facts(_ tags: [String: String]) -> Place.Facts {
        // Called for millions of objects by an import: no array of keys a fact.
        func value(_ key: String) -> String? { tags[key].flatMap(PlaceBuilder.cleaned) }
        return Place.Facts(
            street: value("addr:street"), houseNumber: value("addr:housenumber"), city: value("addr:city"),
            openingHours: value("opening_hours"), phone: value("phone") ?? value("contact:phone"),
            website: value("website") ?? value("contact:website"), wheelchair: value("wheelchair"))
    }

    /// The object's names in the session's languages (`name:en`, `name:es`, `name:pt`), by code.
    package static func names(_ tags: [String: String]) -> [String: String] {
        var names: [String: String] = [:]
        for (language, key) in nameKeys {
            if let name = tags[key].flatMap(PlaceBuilder.cleaned) { names[language] = name }
        }
        return names
    }

    /// Each of `languages` with its tag: ("en", "name:en")...
    private static let nameKeys = languages.map { ($0, "name:\($0)") }

    /// Text from the data as every loader cleans it: no control, zero-width or bidirectional
    /// characters, no spaces at either end, at most 200 bytes; nil when nothing is left.
    package static func cleaned(_ text: String) -> String? { PlaceBuilder.cleaned(text) }
}
