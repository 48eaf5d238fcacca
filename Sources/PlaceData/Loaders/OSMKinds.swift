/// OpenStreetMap's `amenity`, `shop`, `tourism` and `leisure` tags as the words people say:
/// `cafe` is "Café". A value not in the table is capitalised, its underscores read as spaces
/// (`bicycle_repair_station` is "Bicycle repair station"); of a list (`cafe;bar`) the first counts.
enum OSMKinds {
    /// The tags that name a kind, in the order they are tried.
    static let tags = ["amenity", "shop", "tourism", "leisure"]

    static func word(for value: String) -> String {
        let first = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let key = first.trimmingSpaces.lowercased()
        if let word = words[key] { return word }
        let spaced = key.replacingUnderscores
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    static let words: [String: String] = [
        // amenity
        "cafe": "Café", "restaurant": "Restaurant", "fast_food": "Fast food", "bar": "Bar", "pub": "Pub",
        "biergarten": "Beer garden", "ice_cream": "Ice cream", "food_court": "Food court",
        "pharmacy": "Pharmacy", "bank": "Bank", "atm": "Cash machine", "bureau_de_change": "Bureau de change",
        "fuel": "Fuel station", "charging_station": "Charging station", "parking": "Parking",
        "bicycle_parking": "Bicycle parking", "bicycle_rental": "Bicycle rental", "car_rental": "Car rental",
        "taxi": "Taxi rank", "bus_station": "Bus station", "ferry_terminal": "Ferry terminal",
        "school": "School", "kindergarten": "Kindergarten", "college": "College", "university": "University",
        "library": "Library", "hospital": "Hospital", "clinic": "Clinic", "doctors": "Doctor",
        "dentist": "Dentist", "veterinary": "Vet", "post_office": "Post office", "post_box": "Post box",
        "police": "Police", "fire_station": "Fire station", "townhall": "Town hall",
        "courthouse": "Courthouse", "place_of_worship": "Place of worship", "toilets": "Toilets",
        "drinking_water": "Drinking water", "bench": "Bench", "shelter": "Shelter",
        "cinema": "Cinema", "theatre": "Theatre", "arts_centre": "Arts centre", "nightclub": "Nightclub",
        "community_centre": "Community centre", "marketplace": "Market", "recycling": "Recycling",
        "waste_basket": "Litter bin", "telephone": "Telephone", "fountain": "Fountain",
        // shop
        "bakery": "Bakery", "supermarket": "Supermarket", "convenience": "Convenience store",
        "books": "Bookshop", "clothes": "Clothes shop", "shoes": "Shoe shop", "butcher": "Butcher",
        "greengrocer": "Greengrocer", "seafood": "Fishmonger", "deli": "Deli", "pastry": "Pastry shop",
        "confectionery": "Sweet shop", "chocolate": "Chocolate shop", "coffee": "Coffee shop",
        "tea": "Tea shop", "wine": "Wine shop", "alcohol": "Off-licence", "beverages": "Drinks shop",
        "hairdresser": "Hairdresser", "beauty": "Beauty salon", "florist": "Florist", "kiosk": "Kiosk",
        "newsagent": "Newsagent", "tobacco": "Tobacconist", "chemist": "Chemist", "optician": "Optician",
        "hardware": "Hardware shop", "doityourself": "DIY store", "furniture": "Furniture shop",
        "electronics": "Electronics shop", "mobile_phone": "Mobile phone shop", "computer": "Computer shop",
        "jewelry": "Jeweller", "gift": "Gift shop", "toys": "Toy shop", "sports": "Sports shop",
        "bicycle": "Bicycle shop", "car": "Car dealer", "car_repair": "Car repair", "laundry": "Launderette",
        "dry_cleaning": "Dry cleaner", "department_store": "Department store", "mall": "Shopping centre",
        "travel_agency": "Travel agency", "stationery": "Stationer", "music": "Music shop",
        "pet": "Pet shop", "variety_store": "Variety store", "second_hand": "Second-hand shop",
        // tourism
        "museum": "Museum", "gallery": "Gallery", "hotel": "Hotel", "hostel": "Hostel", "motel": "Motel",
        "guest_house": "Guest house", "apartment": "Holiday flat", "camp_site": "Campsite",
        "caravan_site": "Caravan site", "attraction": "Attraction", "viewpoint": "Viewpoint",
        "artwork": "Artwork", "information": "Tourist information", "picnic_site": "Picnic site",
        "zoo": "Zoo", "aquarium": "Aquarium", "theme_park": "Theme park",
        // leisure
        "park": "Park", "garden": "Garden", "playground": "Playground", "sports_centre": "Sports centre",
        "fitness_centre": "Gym", "swimming_pool": "Swimming pool", "pitch": "Sports pitch",
        "stadium": "Stadium", "nature_reserve": "Nature reserve", "marina": "Marina", "dog_park": "Dog park",
        "golf_course": "Golf course", "water_park": "Water park", "picnic_table": "Picnic table",
        "ice_rink": "Ice rink", "bowling_alley": "Bowling alley", "dance": "Dance hall", "sauna": "Sauna",
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
