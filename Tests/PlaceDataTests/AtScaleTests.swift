import Foundation
import Glibc
import Testing

@testable import PlaceData

/// SplitMix64, so that every run builds the same data and asks the same queries.
struct TestRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Real place names and kind words of many languages and scripts, the pieces generated names
/// are made of.
enum NamePieces {
    static let words = [
        "São", "Pedro", "Alfama", "d’Estrela", "Conceição", "Açores", "Belém", "Chiado", "Niño", "Peña", "Núñez",
        "Martín", "Ibáñez", "Saint-Éloi", "Château", "Côte-d’Or", "Geneviève", "Opéra", "Müller", "Königsberg",
        "Schäfer", "Größe", "Straße", "Jäger", "Löwen", "Łódź", "Żółta", "Gdańsk", "Kraków", "Źródło", "Ørsted",
        "Ærø", "Nørrebro", "Tromsø", "Kadıköy", "Çamlıca", "Beşiktaş", "Işık", "Üsküdar", "İstanbul", "Đà", "Nẵng",
        "Sài", "Gòn", "Huế", "Þingholt", "Ísafjörður", "Reykjavík", "O’Brien’s", "St.", "Mary's", "Harbour-side",
        "Queen’s", "Rose", "Crown", "Πλάκα", "Ακρόπολη", "Θησείο", "Пушкин", "Ёлка", "Арбат", "Невский", "東京",
        "さくら", "京都", "北京", "长城", "القاهرة", "الشام", "서울", "한강", "Zürich", "Lübeck", "Göttingen", "Bergen",
        "Aarhus", "Évora", "Sintra", "Montréal", "Nîmes", "León", "Coruña", "Sevilla", "Dublin", "Galway", "Cork",
    ]
    static let kinds = [
        "Café", "Restaurante", "Bar", "Farmácia", "Bäckerei", "Boulangerie", "Księgarnia", "Museum", "Hôtel", "Parque",
        "Kahvesi", "Nhà Hàng", "Kaffihús", "Καφενείο", "Кафе", "喫茶", "咖啡馆", "مقهى", "카페", "Place",
    ]

    static func name(_ random: inout TestRandom) -> String {
        (0..<(1 + Int(random.next() % 3))).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(
            separator: " ")
    }
}

@Suite("At the sizes that matter: two-thread loading, the trigram table")
struct AtScaleTests {
    /// A GeoJSON FeatureCollection of `count` features with names of many scripts, escapes,
    /// numeric and string ids, a LineString now and then (skipped), in several layouts.
    static func geoJSON(count: Int, seed: UInt64) -> String {
        var random = TestRandom(state: seed)
        var out = "{\"type\": \"FeatureCollection\",\n \"features\": [\n"
        for index in 0..<count {
            if index > 0 { out += index % 7 == 0 ? ",\n\n  " : "," }
            var name = NamePieces.name(&random)
            if index % 13 == 0 { name += " \\\"quoted\\\" \\u00e9\\n" }
            let kind = NamePieces.kinds[Int(random.next() % UInt64(NamePieces.kinds.count))]
            let latitude = 38.7 + Double(random.next() % 100_000) / 1e6
            let longitude = -9.1 - Double(random.next() % 100_000) / 1e6
            let id = index % 3 == 0 ? "\(index + 1)" : "\"node/\(index + 1)\""
            if index % 97 == 50 {
                out +=
                    "{\"type\":\"Feature\",\"id\":\(id),\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[\(longitude),\(latitude)],[\(longitude + 0.001),\(latitude)]]},\"properties\":{\"name\":\"\(name)\"}}"
            } else {
                out +=
                    "{\"type\":\"Feature\", \"id\":\(id), \"geometry\": {\"type\":\"Point\",\"coordinates\":[\(longitude), \(latitude)]},"
                    + " \"properties\": {\"name\":\"\(name)\",\"kind\":\"\(kind)\",\"opening_hours\":\"Mo-Fr 08:00-19:00\"}}"
            }
        }
        return out + "\n]}\n"
    }

    @Test func aTwoMegabyteGeoJSONLoadsTheSameOnTwoThreadsAndOnOne() throws {
        let text = Self.geoJSON(count: 12_000, seed: 3)
        let bytes = Array(text.utf8)
        #expect(bytes.count >= 2_000_000, "\(bytes.count) bytes")
        try bytes.withUnsafeBufferPointer { buffer in
            let twoThreads = try #require(
                GeoJSONLoader.quickly(buffer, file: "big.geojson"), "the two-thread read gave up")
            let oneThread = try GeoJSONLoader.load(buffer, file: "big.geojson", parallel: false)
            let usual = try GeoJSONLoader.load(buffer, file: "big.geojson")
            #expect(oneThread.places.count > 11_000)
            #expect(oneThread.skippedFeatures > 100)
            #expect(twoThreads == oneThread)
            #expect(usual == oneThread)
        }
    }

    @Test func aDuplicateIdInTheSecondHalfIsReportedAsOnOneThread() throws {
        // The second reader's half holds an id of the first half's: the two-thread read gives
        // up and the message is the one-thread read's.
        var text = Self.geoJSON(count: 12_000, seed: 4)
        let late = try #require(text.range(of: "\"node/11000\""))
        text.replaceSubrange(late, with: "\"node/2\"")
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(GeoJSONLoader.quickly(buffer, file: "dup.geojson") == nil)
            var usual: String?
            var oneThread: String?
            do throws(PlacesFile.Problem) { _ = try GeoJSONLoader.load(buffer, file: "dup.geojson") } catch {
                usual = error.description
            }
            do throws(PlacesFile.Problem) {
                _ = try GeoJSONLoader.load(buffer, file: "dup.geojson", parallel: false)
            } catch {
                oneThread = error.description
            }
            #expect(usual != nil)
            #expect(usual == oneThread)
        }
    }

    /// The index's rule, by a linear scan: every word of the query, in any of its search forms,
    /// is in one of the place's name forms or its kind's. Every place's forms are in one C
    /// string (forms joined by 0x01, places by 0x02: no folded form holds either), searched
    /// with `strstr` from each match to the next place.
    struct LinearScan {
        let text: [CChar]
        /// Where each place's forms start in `text`, and where the last ends.
        let starts: [Int]

        init(_ places: [Place]) {
            var text: [CChar] = []
            var starts: [Int] = []
            for place in places {
                starts.append(text.count)
                let forms = TextFolding.searchForms(place.name) + TextFolding.searchForms(place.kind)
                text += forms.joined(separator: [1]).map { CChar(bitPattern: $0) } + [2]
            }
            starts.append(text.count)
            self.text = text + [0]
            self.starts = starts
        }

        /// The places holding `form`.
        func places(holding form: [CChar]) -> Set<Int> {
            var found = Set<Int>()
            text.withUnsafeBufferPointer { text in
                let base = text.baseAddress!
                var at = base
                while let hit = strstr(at, form) {
                    let offset = UnsafePointer(hit) - base
                    var low = 0
                    var high = starts.count - 1
                    while low + 1 < high {
                        let middle = (low + high) / 2
                        if starts[middle] <= offset { low = middle } else { high = middle }
                    }
                    found.insert(low)
                    at = base + starts[low + 1]
                }
            }
            return found
        }

        func matches(_ query: String) -> [Int] {
            var result: Set<Int>?
            for word in query.split(whereSeparator: { $0.isWhitespace }) {
                let forms = TextFolding.searchForms(String(word)).filter { !$0.isEmpty }
                if forms.isEmpty { continue }
                let found = forms.reduce(into: Set<Int>()) {
                    $0.formUnion(places(holding: $1.map { CChar(bitPattern: $0) } + [0]))
                }
                result = result.map { $0.intersection(found) } ?? found
            }
            return result.map { $0.sorted() } ?? Array(0..<(starts.count - 1))
        }
    }

    /// The places the linear scan checks at `count`: one in eight, drawn with a fixed seed (so
    /// every bit of the index's bitmaps' words is among them), and every place of the first,
    /// the last and the middle 256, where the two halves of the two-thread build meet.
    static func sample(of count: Int) -> [Int] {
        var random = TestRandom(state: 8)
        let half = count / 2
        let edges = [0..<256, half - 256..<half + 256, count - 256..<count]
        return (0..<count).filter { index in
            random.next() % 8 == 0 || edges.contains { $0.contains(index) }
        }
    }

    @Test func at200kPlacesTheIndexFindsExactlyWhatALinearScanFinds() throws {
        var random = TestRandom(state: 42)
        let places = (0..<200_000).map { index in
            Place(
                id: "\(index)", name: NamePieces.name(&random) + (index % 5 == 0 ? " \(index % 1000)" : ""),
                kind: NamePieces.kinds[Int(random.next() % UInt64(NamePieces.kinds.count))], symbol: "mappin",
                latitude: 38.7, longitude: -9.1)
        }
        // The index is built and searched at full size. The scan, a pass over every name for
        // every query, reads a sample of the places, about 25,000 (it took 20 s for all
        // 200,000): on each, the index's answer and the scan's must agree.
        let indexed = Places(places)
        let sample = Self.sample(of: places.count)
        #expect(sample.count > 24_000 && sample.count < 27_000, "\(sample.count) places in the sample")
        let scan = LinearScan(sample.map { places[$0] })
        // Where each place of the sample is in it.
        var position = [Int?](repeating: nil, count: places.count)
        for (at, place) in sample.enumerated() { position[place] = at }
        // 500 queries: pieces of names (1 to 8 letters, so every gram length), whole words,
        // two words, kinds, numbers, and words no place holds.
        var queries: [String] = []
        for index in 0..<Instrumented.scaled(500) {
            let name = places[Int(random.next() % UInt64(places.count))].name
            let letters = Array(name)
            let length = 1 + Int(random.next() % 8)
            let start = Int(random.next() % UInt64(max(1, letters.count - length + 1)))
            let piece = String(letters[start..<min(letters.count, start + length)])
            switch index % 5 {
            case 0: queries.append(piece)
            case 1:
                queries.append(piece.lowercased() + " " + NamePieces.kinds[index % NamePieces.kinds.count].prefix(3))
            case 2: queries.append(name.split(separator: " ").first.map(String.init) ?? name)
            case 3: queries.append("\(random.next() % 1000)")
            default: queries.append(index % 2 == 0 ? "qzx" + piece : piece.uppercased())
            }
        }
        var mismatches: [String] = []
        for query in queries {
            // Positions in the sample, ascending, on both sides.
            let index = indexed.matchSet(query: query).members.compactMap { position[Int($0)] }
            let linear = scan.matches(query)
            if index != linear { mismatches.append("\"\(query)\": index \(index.count), scan \(linear.count)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(queries.count) differ: \(mismatches.prefix(5))")
    }
}

/// Whether the tests run under a sanitizer: `make check` says so (NEARBY_VOICE_SANITIZED=1),
/// or a sanitizer's runtime is loaded. Under one, the linear scans these tests compare with run
/// hundreds of times slower, so only a few queries are asked; the index is still built at full
/// size, on its two threads.
enum Instrumented {
    static let isOn =
        ProcessInfo.processInfo.environment["NEARBY_VOICE_SANITIZED"] == "1"
        || dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    /// `count`, or 3 under a sanitizer.
    static func scaled(_ count: Int) -> Int { isOn ? min(count, 3) : count }
}
