import Words

/// OpenStreetMap's `amenity`, `shop`, `tourism` and `leisure` tags as the words people say, in
/// the catalog's language: `cafe` is "Café", "Cafetería", "Café" (`osm-kind.cafe`). A value not
/// in the table is capitalised, its underscores read as spaces (`bicycle_repair_station` is
/// "Bicycle repair station"); of a list (`cafe;bar`) the first counts.
public enum OSMKinds {
    /// The tags that name a kind, in the order they are tried.
    public static let tags = ["amenity", "shop", "tourism", "leisure"]

    /// The kind a tag value names, in the words of `words` (English unless told).
    public static func word(for value: String, words: Catalog = .builtIn(.english)) -> String {
        let first = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let key = first.trimmingSpaces.lowercased()
        if values.contains(key) { return words.text(Key(family: "osm-kind", key)) }
        let spaced = key.replacingUnderscores
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The tag values the catalogs have words for (`osm-kind.VALUE`).
    public static let values: Set<String> = [
        "cafe", "restaurant", "fast_food", "bar", "pub", "biergarten", "ice_cream", "food_court", "pharmacy",
        "bank", "atm", "bureau_de_change", "fuel", "charging_station", "parking", "bicycle_parking",
        "bicycle_rental", "car_rental", "taxi", "bus_station", "ferry_terminal", "school", "kindergarten",
        "college", "university", "library", "hospital", "clinic", "doctors", "dentist", "veterinary", "post_office",
        "post_box", "police", "fire_station", "townhall", "courthouse", "place_of_worship", "toilets",
        "drinking_water", "bench", "shelter", "cinema", "theatre", "arts_centre", "nightclub", "community_centre",
        "marketplace", "recycling", "waste_basket", "telephone", "fountain", "bakery", "supermarket", "convenience",
        "books", "clothes", "shoes", "butcher", "greengrocer", "seafood", "deli", "pastry", "confectionery",
        "chocolate", "coffee", "tea", "wine", "alcohol", "beverages", "hairdresser", "beauty", "florist", "kiosk",
        "newsagent", "tobacco", "chemist", "optician", "hardware", "doityourself", "furniture", "electronics",
        "mobile_phone", "computer", "jewelry", "gift", "toys", "sports", "bicycle", "car", "car_repair", "laundry",
        "dry_cleaning", "department_store", "mall", "travel_agency", "stationery", "music", "pet", "variety_store",
        "second_hand", "museum", "gallery", "hotel", "hostel", "motel", "guest_house", "apartment", "camp_site",
        "caravan_site", "attraction", "viewpoint", "artwork", "information", "picnic_site", "zoo", "aquarium",
        "theme_park", "park", "garden", "playground", "sports_centre", "fitness_centre", "swimming_pool", "pitch",
        "stadium", "nature_reserve", "marina", "dog_park", "golf_course", "water_park", "picnic_table", "ice_rink",
        "bowling_alley", "dance", "sauna", "grocery",
    ]
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// Underscores read as spaces.
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
