import Foundation

/// A named place of a real OpenStreetMap extract: its name, its tag, where it is.
struct RealPlace {
    var name: String
    var key: String
    var value: String
    var latitude: Double
    var longitude: Double

    /// The lines of `scripts/bench-osm-places`: "name<TAB>key=value<TAB>latitude<TAB>longitude".
    static func read(_ path: String) -> [RealPlace]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let places = text.split(separator: "\n").compactMap { line -> RealPlace? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let equals = fields[1].firstIndex(of: "="), let latitude = Double(fields[2]),
                let longitude = Double(fields[3])
            else { return nil }
            return RealPlace(
                name: String(fields[0]), key: String(fields[1][..<equals]),
                value: String(fields[1][fields[1].index(after: equals)...]), latitude: latitude, longitude: longitude)
        }
        return places.isEmpty ? nil : places
    }
}

/// SplitMix64: a small seeded generator, so that every run of the benchmark reads the same data.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Realistic place names in many languages and scripts (accents, letters like ł ø ß đ þ ı,
/// apostrophes of several kinds, hyphens), with OpenStreetMap tags for their kinds, written as
/// a GeoJSON FeatureCollection the size of a city or a country's export.
enum Generator {
    /// The OpenStreetMap tags of the kinds, in the order of every language's `kinds`.
    static let tags: [(key: String, value: String)] = [
        ("amenity", "cafe"), ("amenity", "restaurant"), ("amenity", "bar"), ("amenity", "pharmacy"),
        ("shop", "bakery"), ("shop", "supermarket"), ("shop", "books"), ("tourism", "museum"),
        ("tourism", "hotel"), ("leisure", "park"), ("amenity", "fast_food"), ("shop", "butcher"),
        ("shop", "florist"), ("amenity", "bank"), ("amenity", "pub"), ("leisure", "playground"),
    ]

    struct Language {
        /// How many of every 100 names are in this language.
        var weight: Int
        var kinds: [String]
        var names: [String]
        var districts: [String]
        /// Words joined without spaces (Chinese, Japanese).
        var joined = false
        /// The kind word after the proper name ("Müller Bäckerei" rather than "Bäckerei Müller").
        var kindLast = false
    }

    static let languages: [Language] = [
        Language(
            weight: 16,
            kinds: [
                "Café", "Restaurante", "Bar", "Farmácia", "Padaria", "Supermercado", "Livraria", "Museu", "Hotel",
                "Jardim", "Snack-Bar", "Talho", "Florista", "Banco", "Taberna", "Parque Infantil",
            ],
            names: [
                "São Pedro", "da Estrela", "d’Alfama", "Conceição", "João", "Açores", "Graça", "Belém", "Chiado",
                "Santa Luzia", "Ribeira", "Camões", "Príncipe Real", "Intendente",
            ],
            districts: ["Lisboa", "Porto", "Coimbra", "Évora", "Faro", "Sintra"]),
        Language(
            weight: 12,
            kinds: [
                "Cafetería", "Restaurante", "Bar", "Farmacia", "Panadería", "Supermercado", "Librería", "Museo",
                "Hotel", "Parque", "Comida Rápida", "Carnicería", "Floristería", "Banco", "Taberna", "Parque Infantil",
            ],
            names: [
                "El Niño", "La Peña", "Núñez", "San Martín", "Doña Inés", "Ibáñez", "Los Álamos", "Santa Lucía",
                "Peñalver", "Cibeles", "Begoña", "Ordóñez",
            ],
            districts: ["Madrid", "Sevilla", "Málaga", "Bilbao", "A Coruña", "León"]),
        Language(
            weight: 12,
            kinds: [
                "Café", "Restaurant", "Bar", "Pharmacie", "Boulangerie", "Supermarché", "Librairie", "Musée", "Hôtel",
                "Jardin", "Snack", "Boucherie", "Fleuriste", "Banque", "Brasserie", "Aire de jeux",
            ],
            names: [
                "de l’Opéra", "Saint-Éloi", "du Château", "Côte-d’Or", "Sainte-Geneviève", "des Deux Magots",
                "Crème Brûlée", "L’Étoile", "Gare de l’Est", "Notre-Dame", "Saint-Germain-des-Prés", "Bon Appétit",
            ],
            districts: ["Paris", "Lyon", "Nîmes", "Orléans", "Besançon", "Montréal"]),
        Language(
            weight: 12,
            kinds: [
                "Café", "Restaurant", "Kneipe", "Apotheke", "Bäckerei", "Supermarkt", "Buchhandlung", "Museum", "Hotel",
                "Park", "Imbiss", "Metzgerei", "Blumenladen", "Bank", "Bierstube", "Spielplatz",
            ],
            names: [
                "Müller", "Königsberg", "Schäfer", "Größe", "Straße des 17. Juni", "Jäger", "Schönbrunn",
                "Zum Goldenen Löwen", "Fröhlich", "Weiß", "Grün", "Kühn", "Bürger", "Hölderlin",
            ],
            districts: ["München", "Köln", "Düsseldorf", "Zürich", "Lübeck", "Göttingen"], kindLast: false),
        Language(
            weight: 6,
            kinds: [
                "Kawiarnia", "Restauracja", "Bar", "Apteka", "Piekarnia", "Supermarket", "Księgarnia", "Muzeum",
                "Hotel", "Park", "Bar Mleczny", "Mięsny", "Kwiaciarnia", "Bank", "Pub", "Plac Zabaw",
            ],
            names: [
                "Łódź", "Żółta", "Wrocławska", "Gdańsk", "Świętokrzyska", "Pod Łabędziem", "Różana", "Źródło", "Kraków",
                "Mały Książę",
            ],
            districts: ["Łódź", "Poznań", "Kraków", "Białystok"]),
        Language(
            weight: 6,
            kinds: [
                "Kaffebar", "Restaurant", "Bar", "Apotek", "Bageri", "Supermarked", "Boghandel", "Museum", "Hotel",
                "Park", "Grillbar", "Slagter", "Blomster", "Bank", "Kro", "Legeplads",
            ],
            names: [
                "Ørsted", "Ærø", "Søndre", "Nørrebro", "Bjørn", "Skovbær", "Rødhætte", "Østerbro", "Hvidøre", "Tårnby",
            ],
            districts: ["København", "Aarhus", "Tromsø", "Bergen"], kindLast: true),
        Language(
            weight: 5,
            kinds: [
                "Kahvesi", "Lokantası", "Bar", "Eczanesi", "Fırını", "Marketi", "Kitabevi", "Müzesi", "Oteli", "Parkı",
                "Büfe", "Kasabı", "Çiçekçisi", "Bankası", "Meyhanesi", "Oyun Parkı",
            ],
            names: ["Kadıköy", "Çamlıca", "Beşiktaş", "Ağaoğlu", "Işık", "Şişli", "Üsküdar", "Gümüş", "Eyüp", "Ilıca"],
            districts: ["İstanbul", "İzmir", "Muğla"], kindLast: true),
        Language(
            weight: 4,
            kinds: [
                "Cà Phê", "Nhà Hàng", "Quán Bia", "Nhà Thuốc", "Tiệm Bánh", "Siêu Thị", "Nhà Sách", "Bảo Tàng",
                "Khách Sạn", "Công Viên", "Phở", "Tiệm Thịt", "Tiệm Hoa", "Ngân Hàng", "Quán Nhậu", "Sân Chơi",
            ],
            names: [
                "Đà Nẵng", "Sài Gòn", "Hà Nội", "Huế", "Đông Du", "Bến Thành", "Hội An", "Phú Quốc", "Cần Thơ",
                "Đồng Khởi",
            ],
            districts: ["Quận 1", "Quận 3", "Hoàn Kiếm"]),
        Language(
            weight: 3,
            kinds: [
                "Kaffihús", "Veitingahús", "Bar", "Apótek", "Bakarí", "Matvöruverslun", "Bókabúð", "Safn", "Hótel",
                "Garður", "Skyndibiti", "Kjötbúð", "Blómabúð", "Banki", "Krá", "Leikvöllur",
            ],
            names: [
                "Þingholt", "Eyjafjörður", "Ísafjörður", "Þórsmörk", "Hafnarfjörður", "Sólheimar", "Dalvík", "Höfði",
            ],
            districts: ["Reykjavík", "Akureyri"]),
        Language(
            weight: 10,
            kinds: [
                "Coffee", "Kitchen", "Bar", "Pharmacy", "Bakery", "Market", "Books", "Museum", "Hotel", "Gardens",
                "Takeaway", "Butchers", "Flowers", "Bank", "Pub", "Playground",
            ],
            names: [
                "O’Brien’s", "St. Mary's", "Harbour-side", "Riverside", "Tram Stop", "Blue Door", "Old Town",
                "Fisherman's", "Kings-Cross", "Queen’s Head", "Golden Crust", "Rose & Crown", "Ye Olde", "McDonagh's",
            ],
            districts: ["Dublin", "Galway", "Cork", "London", "Leeds"], kindLast: true),
        Language(
            weight: 4,
            kinds: [
                "Καφενείο", "Εστιατόριο", "Μπαρ", "Φαρμακείο", "Φούρνος", "Σούπερ Μάρκετ", "Βιβλιοπωλείο", "Μουσείο",
                "Ξενοδοχείο", "Πάρκο", "Σουβλατζίδικο", "Κρεοπωλείο", "Ανθοπωλείο", "Τράπεζα", "Ταβέρνα",
                "Παιδική Χαρά",
            ],
            names: ["Ωραίο", "Πλάκα", "Ακρόπολη", "Θησείο", "Μοναστηράκι", "Ψυρρή", "Κολωνάκι", "Άγιος Νικόλαος"],
            districts: ["Αθήνα", "Θεσσαλονίκη"]),
        Language(
            weight: 5,
            kinds: [
                "Кафе", "Ресторан", "Бар", "Аптека", "Пекарня", "Супермаркет", "Книжный", "Музей", "Гостиница", "Парк",
                "Шаурма", "Мясная лавка", "Цветы", "Банк", "Пивная", "Детская площадка",
            ],
            names: [
                "Пушкин", "Ёлка", "Белые ночи", "Арбат", "Невский", "Южный", "Тёплый стан", "Жуковский", "Чайковский",
            ],
            districts: ["Москва", "Санкт-Петербург", "Казань"]),
        Language(
            weight: 2,
            kinds: [
                "喫茶", "食堂", "バー", "薬局", "パン屋", "スーパー", "書店", "博物館", "ホテル", "公園", "ラーメン", "肉屋", "花屋", "銀行", "居酒屋", "遊び場",
            ],
            names: ["東京", "さくら", "富士", "京都", "月見", "浅草", "大阪", "みどり"],
            districts: ["新宿", "渋谷"], joined: true, kindLast: true),
        Language(
            weight: 1,
            kinds: [
                "咖啡馆", "餐厅", "酒吧", "药店", "面包店", "超市", "书店", "博物馆", "酒店", "公园", "快餐", "肉店", "花店", "银行", "酒馆", "游乐场",
            ],
            names: ["北京", "长城", "东方", "黄河", "金龙", "和平"],
            districts: ["朝阳", "海淀"], joined: true, kindLast: true),
        Language(
            weight: 1,
            kinds: [
                "مقهى", "مطعم", "بار", "صيدلية", "مخبز", "سوبرماركت", "مكتبة", "متحف", "فندق", "حديقة", "مطعم سريع",
                "ملحمة", "محل زهور", "بنك", "حانة", "ملعب",
            ],
            names: ["النخيل", "القاهرة", "الشام", "الأندلس", "البحر"],
            districts: ["دبي", "عمّان"]),
        Language(
            weight: 1,
            kinds: [
                "카페", "식당", "바", "약국", "빵집", "슈퍼마켓", "서점", "박물관", "호텔", "공원", "분식", "정육점", "꽃집", "은행", "주점", "놀이터",
            ],
            names: ["서울", "한강", "남산", "부산", "하늘"],
            districts: ["강남", "종로"], kindLast: true),
    ]

    /// Every language, repeated by its weight: picking from it picks by weight.
    static let weighted: [Int] = languages.indices.flatMap { Array(repeating: $0, count: languages[$0].weight) }

    /// One name and the index of its kind.
    static func name(_ random: inout SeededGenerator) -> (name: String, kind: Int) {
        let language = languages[weighted[Int(random.next() % UInt64(weighted.count))]]
        let kind = Int(random.next() % UInt64(tags.count))
        let word = language.kinds[kind]
        let proper = language.names[Int(random.next() % UInt64(language.names.count))]
        let separator = language.joined ? "" : " "
        var name = language.kindLast ? proper + separator + word : word + separator + proper
        switch random.next() % 10 {
        case 0, 1, 2: name += separator + language.districts[Int(random.next() % UInt64(language.districts.count))]
        case 3: name += separator + "\(2 + random.next() % 98)"
        default: break
        }
        return (name, kind)
    }

    /// A number with seven decimals (about a centimetre), as OpenStreetMap exports write them.
    static func fixed(_ value: Double) -> String {
        let scaled = Int((abs(value) * 10_000_000).rounded())
        let fraction = String(scaled % 10_000_000)
        return (value < 0 ? "-" : "") + "\(scaled / 10_000_000)." + String(repeating: "0", count: 7 - fraction.count)
            + fraction
    }

    /// JSON string contents for `text` (quotes and backslashes escaped; the names have no controls).
    static func escaped(_ text: String) -> String {
        text.contains(where: { $0 == "\"" || $0 == "\\" })
            ? text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") : text
    }

    /// Writes `count` features (one in a hundred a LineString, skipped by the loader) around
    /// Lisbon, and the same names one a line (for grep) beside it.
    /// With `vocabulary`, every name is one of its names (picked at random, seeded) and the
    /// kind an OpenStreetMap tag; without it, the generator's own names.
    ///
    /// With `real` (a real extract's named places, `scripts/bench-osm-places`), every place is
    /// one of them, drawn at random: names and kinds come in the extract's own proportions,
    /// scaled up, around the extract's centre.
    static func write(
        count: Int, seed: UInt64, geoJSON: String, names: String, vocabulary: [String]? = nil,
        real: [RealPlace]? = nil
    ) throws {
        var random = SeededGenerator(seed: seed)
        // Lisbon, or the real places' middle.
        let centre =
            real.map { places in
                (
                    latitude: places.map(\.latitude).reduce(0, +) / Double(places.count),
                    longitude: places.map(\.longitude).reduce(0, +) / Double(places.count)
                )
            } ?? (latitude: 38.7115, longitude: -9.1390)
        _ = FileManager.default.createFile(atPath: geoJSON, contents: nil)
        _ = FileManager.default.createFile(atPath: names, contents: nil)
        let json = try FileHandle(forWritingTo: URL(fileURLWithPath: geoJSON))
        let lines = try FileHandle(forWritingTo: URL(fileURLWithPath: names))
        defer {
            try? json.close()
            try? lines.close()
        }
        var chunk = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        var nameChunk = ""
        let hours = ["Mo-Fr 08:00-19:00", "Mo-Su 09:00-22:00", "Tu-Sa 10:00-18:00", "24/7"]
        let streets = [
            "Rua Augusta", "Calle Mayor", "Rue de Rivoli", "Hauptstraße", "ulica Długa", "Main Street",
            "İstiklal Caddesi",
        ]
        for index in 0..<count {
            let name: String
            let tag: (key: String, value: String)
            if let real {
                let place = real[Int(random.next() % UInt64(real.count))]
                (name, tag) = (place.name, (place.key, place.value))
            } else if let vocabulary {
                name = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
                tag = tags[Int(random.next() % UInt64(tags.count))]
            } else {
                let drawn = Self.name(&random)
                (name, tag) = (drawn.name, tags[drawn.kind])
            }
            let latitude = centre.latitude + (Double(random.next() % 2_000_001) / 1_000_000 - 1) * 0.6
            let longitude = centre.longitude + (Double(random.next() % 2_000_001) / 1_000_000 - 1) * 0.8
            if index > 0 { chunk += ",\n" }
            let coordinates = "[\(fixed(longitude)),\(fixed(latitude))]"
            if index % 100 == 99 {
                chunk +=
                    "{\"type\":\"Feature\",\"id\":\"way/\(index + 1)\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(coordinates),[\(fixed(longitude + 0.001)),\(fixed(latitude))]]},\"properties\":{\"name\":\"\(escaped(name))\",\"highway\":\"footway\"}}"
            } else {
                var properties = "\"name\":\"\(escaped(name))\",\"\(tag.key)\":\"\(tag.value)\""
                if random.next() % 2 == 0 { properties += ",\"opening_hours\":\"\(hours[Int(random.next() % 4)])\"" }
                if random.next() % 3 == 0 {
                    properties +=
                        ",\"addr:street\":\"\(streets[Int(random.next() % 7)])\",\"addr:housenumber\":\"\(1 + random.next() % 200)\""
                }
                chunk +=
                    "{\"type\":\"Feature\",\"id\":\"node/\(index + 1)\",\"geometry\":{\"type\":\"Point\",\"coordinates\":\(coordinates)},\"properties\":{\(properties)}}"
                nameChunk += name + "\n"
            }
            if chunk.utf8.count > 1 << 20 {
                json.write(Data(chunk.utf8))
                lines.write(Data(nameChunk.utf8))
                chunk = ""
                nameChunk = ""
            }
        }
        chunk += "\n]}\n"
        json.write(Data(chunk.utf8))
        lines.write(Data(nameChunk.utf8))
    }

    /// A Zipf vocabulary, when real names cannot be had: `words` made-up words from syllables,
    /// and `count` names of one to three of them, each word drawn with a probability falling
    /// as 1 / rank (a few words are everywhere, most are rare).
    static func zipfNames(count: Int, words: Int = 200_000, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        let syllables = [
            "ka", "lo", "mi", "sa", "ter", "vin", "do", "ré", "an", "bur", "ço", "ul", "ne", "ger", "ha", "pi", "ost",
            "el", "ja", "wy", "ør", "zu", "te", "bra",
        ]
        let vocabulary = (0..<words).map { _ in
            (0..<(1 + Int(random.next() % 3))).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }
                .joined()
        }
        var cumulative: [Double] = []
        cumulative.reserveCapacity(words)
        var total = 0.0
        for rank in 1...words {
            total += 1 / Double(rank)
            cumulative.append(total)
        }
        func draw() -> String {
            let target = Double(random.next() % 1_000_000_000) / 1e9 * total
            var low = 0
            var high = words - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle + 1 } else { high = middle }
            }
            return vocabulary[low].prefix(1).uppercased() + vocabulary[low].dropFirst()
        }
        return (0..<count).map { _ in (0..<(1 + Int(random.next() % 3))).map { _ in draw() }.joined(separator: " ") }
    }
}
