import Foundation
import Testing

@testable import PlaceData

/// Loads `text` as the file `file`; the problem's full message when it fails.
private func load(_ text: String, file: String) -> Result<PlacesFile.Loaded, PlacesFile.Problem> {
    Result { () throws(PlacesFile.Problem) in try PlacesFile.load(Data(text.utf8), file: file) }
}

private func problem(_ text: String, file: String) -> String? {
    if case .failure(let problem) = load(text, file: file) { return problem.description }
    return nil
}

private func places(_ text: String, file: String) -> [Place] {
    (try? load(text, file: file).get())?.places ?? []
}

@Suite("Places files: GeoJSON")
struct GeoJSONLoaderTests {
    static let sample = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": 101, "geometry": {"type": "Point", "coordinates": [-9.1422, 38.7109]},
           "properties": {"name": "Caf\\u00e9 \\"Nata\\"", "amenity": "cafe", "opening_hours": "Mo-Su 08:00-20:00", "tags": {"x": [1, 2]}}},
          {"type": "Feature", "properties": {"id": "way/7", "name": "Rua Augusta", "highway": "pedestrian"},
           "geometry": {"type": "LineString", "coordinates": [[-9.13, 38.71], [-9.14, 38.72]]}},
          {"properties": {"name": "Livraria Bertrand", "shop": "books", "symbol": "book.fill", "id": "node/2"},
           "geometry": {"coordinates": [-9.1420, 38.7107, 42.5], "type": "Point"}, "type": "Feature"},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {}},
          {"type": "Feature", "geometry": null, "properties": {"name": "Nowhere"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.13, 38.70]},
           "properties": {"name": "Bar\\u0007Azul\\u0000", "kind": "Bar", "amenity": "pub"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.13, 38.70]},
           "properties": {"name": "Jardim", "leisure": "park"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.13, 38.70]},
           "properties": {"name": "Oficina", "amenity": "bicycle_repair_station;bar"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.13, 38.70]},
           "properties": {"name": "Miradouro", "category": "Viewpoint", "tourism": "viewpoint", "name:en": null}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.13, 38.70]},
           "properties": {"name": "Sem nome de tipo"}}
        ]}
        """

    @Test func pointsLoadWithTheirKindsIdsAndSymbols() throws {
        let loaded = try load(Self.sample, file: "lisbon.geojson").get()
        #expect(loaded.skippedFeatures == 3)
        #expect(
            loaded.places.map(\.name) == [
                "Café \"Nata\"", "Livraria Bertrand", "Bar Azul", "Jardim", "Oficina", "Miradouro", "Sem nome de tipo",
            ])
        #expect(
            loaded.places.map(\.kind) == [
                "Café", "Bookshop", "Bar", "Park", "Bicycle repair tool stand", "Viewpoint", "Place",
            ])
        #expect(loaded.places.map(\.id) == ["101", "node/2", "place-3", "place-4", "place-5", "place-6", "place-7"])
        #expect(
            loaded.places[0]
                == Place(
                    id: "101", name: "Café \"Nata\"", kind: "Café", symbol: "mappin", latitude: 38.7109,
                    longitude: -9.1422, facts: Place.Facts(openingHours: "Mo-Su 08:00-20:00")))
        #expect(loaded.places[1].symbol == "book.fill")
        #expect(loaded.places[1].coordinate == Coordinate(latitude: 38.7107, longitude: -9.1420))
    }

    @Test(arguments: [
        ("amenity=cafe", "Café"), ("amenity=fast_food", "Fast food"), ("shop=books", "Bookshop"),
        ("tourism=museum", "Museum"), ("leisure=park", "Park"), ("shop=convenience", "Convenience store"),
        ("amenity=ice_cream", "Ice cream"), ("amenity=bicycle_repair_station", "Bicycle repair tool stand"),
        ("amenity=cafe;bar", "Café"), ("amenity=Pharmacy", "Pharmacy"), ("highway=bus_stop", "Bus stop"),
        ("shop=bag", "Bag or luggage store"), ("shop=xyz_abc", "Xyz abc shop"), ("craft=xyz_abc", "Xyz abc craft"),
        ("office=ngo", "NGO office"), ("office=yes", "Office"), ("amenity=yes", "Amenity"),
    ])
    func openStreetMapTagsBecomeWords(_ tag: String, _ word: String) {
        let (key, value) = (String(tag.prefix { $0 != "=" }), String(tag.drop { $0 != "=" }.dropFirst()))
        #expect(OSMKinds.word(key: key, value: value) == word)
    }

    static func feature(_ properties: String, _ geometry: String = #"{"type": "Point", "coordinates": [10, 20]}"#)
        -> String
    {
        #"{"type": "Feature", "geometry": \#(geometry), "properties": \#(properties)}"#
    }

    static func collection(_ features: String...) -> String {
        "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    @Test(arguments: [
        ("hello", #"f.geojson:1:1: expected a GeoJSON object ("{"), found "h"."#),
        ("", #"f.geojson:1:1: expected a GeoJSON object ("{"), found the end of the file."#),
        (
            #"{"type": "Feature", "features": []}"#,
            #"f.geojson:1:10: type: expected "FeatureCollection", found "Feature"."#
        ),
        (
            #"{"type": "FeatureCollection"}"#,
            #"f.geojson:1:1: features: missing: a FeatureCollection needs a "features" array."#
        ),
        (#"{"type": "FeatureCollection", "features": []}"#, "f.geojson:1:1: features: no features."),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Polygon", "coordinates": []}"#)),
            "f.geojson:1:1: features: no Point features (1 of another kind)."
        ),
        (
            collection(feature(#"{"name": "A"}"#), feature(#"{"kind": "Café"}"#)),
            "f.geojson:3:91: feature 2 name: missing from the properties."
        ),
        (collection(feature(#"{"name": "  \t "}"#)), "f.geojson:2:100: feature 1 name: empty."),
        (collection(feature(#"{"name": 7}"#)), "f.geojson:2:100: feature 1 name: expected a string, found a number."),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Point", "coordinates": [10, 91.5]}"#)),
            "f.geojson:2:71: feature 1 latitude: 91.5 is out of range (-90 to 90)."
        ),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Point", "coordinates": [-180.5, 0]}"#)),
            "f.geojson:2:67: feature 1 longitude: -180.5 is out of range (-180 to 180)."
        ),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Point", "coordinates": ["10", 20]}"#)),
            "f.geojson:2:67: feature 1 coordinates: expected a number, found a string."
        ),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Point", "coordinates": [10]}"#)),
            "f.geojson:2:66: feature 1 coordinates: expected [longitude, latitude], found 1 number."
        ),
        (
            collection(feature(#"{"name": "A"}"#, #"{"type": "Point"}"#)),
            "f.geojson:2:1: feature 1 coordinates: missing from the Point geometry."
        ),
        (
            collection(
                feature(#"{"name": "A", "id": "n1"}"#), feature(#"{"name": "B", "id": "n2"}"#),
                feature(#"{"name": "C", "id": "n1"}"#)),
            #"f.geojson:4:111: feature 3 id: duplicate id "n1" (first at line 2)."#
        ),
        (
            collection(feature(#"{"name": "A", "id": true}"#)),
            "f.geojson:2:111: feature 1 id: expected a string or a number, found a boolean."
        ),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature""#,
            #"f.geojson:1:62: feature 1: expected "," or "}", found the end of the file."#
        ),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "a\qb"}}]}"#,
            #"f.geojson:1:89: feature 1 name: unknown escape "\q" in a string."#
        ),
        (
            #"{"type": "FeatureCollection", "features": []} x"#,
            #"f.geojson:1:47: unexpected "x" after the end of the JSON value."#
        ),
        (
            collection(feature(#"{"name": "Café", "bad": [1, 2,]}"#)),
            #"f.geojson:2:121: feature 1 properties: expected a value, found "]"."#
        ),
    ])
    func problemsNameTheFileLineColumnAndField(_ text: String, _ message: String) {
        #expect(problem(text, file: "f.geojson") == message)
    }
}

@Suite("Places files: JSON arrays in the seed's shape")
struct JSONPlacesLoaderTests {
    @Test func placesLoadWithDefaults() throws {
        let loaded = try load(
            """
            [
              {"id": "coffee", "name": "Harbor Coffee", "kind": "Café", "symbol": "cup.and.saucer.fill", "latitude": 38.7109, "longitude": -9.1422},
              {"name": "Sem id", "kind": "Park", "latitude": -1e-2, "longitude": 1.5E1, "rating": {"stars": 4}},
              {"id": 42, "name": "Número", "kind": "Shop", "latitude": 0, "longitude": 180}
            ]
            """, file: "places.json"
        ).get()
        #expect(loaded.skippedFeatures == 0)
        #expect(
            loaded.places == [
                Place(
                    id: "coffee", name: "Harbor Coffee", kind: "Café", symbol: "cup.and.saucer.fill", latitude: 38.7109,
                    longitude: -9.1422),
                Place(id: "place-2", name: "Sem id", kind: "Park", symbol: "mappin", latitude: -0.01, longitude: 15),
                Place(id: "42", name: "Número", kind: "Shop", symbol: "mappin", latitude: 0, longitude: 180),
            ])
    }

    @Test(arguments: [
        ("", #"f.json:1:1: expected a JSON array of places ("["), found the end of the file."#),
        ("[]", "f.json:1:1: holds no places."),
        ("[\n  {\"name\": \"A\", \"kind\": \"K\", \"longitude\": 1}\n]", "f.json:2:3: place 1 latitude: missing."),
        (
            "[{\"name\": \"A\", \"kind\": \"K\", \"latitude\": \"38.7\", \"longitude\": 1}]",
            "f.json:1:41: place 1 latitude: expected a number, found a string."
        ),
        (
            "[{\"name\": \"A\", \"kind\": \"K\", \"latitude\": true, \"longitude\": 1}]",
            "f.json:1:41: place 1 latitude: expected a number, found a boolean."
        ),
        (
            "[{\"name\": \"A\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 1.}]",
            "f.json:1:57: place 1 longitude: a malformed number."
        ),
        (
            "[{\"name\": \"A\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 200}]",
            "f.json:1:57: place 1 longitude: 200 is out of range (-180 to 180)."
        ),
        (
            "[{\"name\": \"A\", \"kind\": 3, \"latitude\": 1, \"longitude\": 2}]",
            "f.json:1:24: place 1 kind: expected a string, found a number."
        ),
        (
            "[{\"name\": \"A\", \"kind\": \"\\u001b\", \"latitude\": 1, \"longitude\": 2}]",
            "f.json:1:24: place 1 kind: empty."
        ),
        (
            "[{\"id\": \"a\", \"name\": \"A\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 2},\n {\"id\": \"a\", \"name\": \"B\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 2}]",
            #"f.json:2:9: place 2 id: duplicate id "a" (first at line 1)."#
        ),
        (
            "[{\"name\": \"A\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 2}",
            #"f.json:1:59: expected "," or "]", found the end of the file."#
        ),
        (
            "[{\"name\": \"A\nB\", \"kind\": \"K\", \"latitude\": 1, \"longitude\": 2}]",
            "f.json:1:13: place 1 name: a control character inside a string (write it as an escape)."
        ),
    ])
    func problemsNameTheFileLineColumnAndField(_ text: String, _ message: String) {
        #expect(problem(text, file: "f.json") == message)
    }
}

@Suite("Places files: CSV")
struct CSVLoaderTests {
    @Test func quotedFieldsCRLFAndAByteOrderMarkLoad() throws {
        let text =
            "\u{FEFF}Name,LAT,Longitude,Category,Address,id\r\n"
            + "\"Café, \"\"Nata\"\"\",38.7109,-9.1422,Café,\"Rua Augusta 1,\r\nLisboa\",c1\r\n"
            + "Livraria Bertrand, 38.7107 ,-9.142,Bookshop,,\r\n"
            + "\r\n"
            + "\"Bar\u{7}Azul\",0,0,Bar,,b1\r\n\r\n"
        let loaded = try load(text, file: "places.csv").get()
        #expect(
            loaded.places == [
                Place(
                    id: "c1", name: "Café, \"Nata\"", kind: "Café", symbol: "mappin", latitude: 38.7109,
                    longitude: -9.1422,
                    details: [Place.Detail(label: "Address", value: "Rua Augusta 1, Lisboa")]),
                Place(
                    id: "place-2", name: "Livraria Bertrand", kind: "Bookshop", symbol: "mappin", latitude: 38.7107,
                    longitude: -9.142),
                Place(id: "b1", name: "Bar Azul", kind: "Bar", symbol: "mappin", latitude: 0, longitude: 0),
            ])
    }

    @Test func lfLinesAndOtherColumnNamesLoad() throws {
        let loaded = try load("symbol,lng,lat,kind,name\nfork.knife,2.35,48.85,Restaurant,Chez Łucja\n", file: "p.csv")
            .get()
        #expect(
            loaded.places == [
                Place(
                    id: "place-1", name: "Chez Łucja", kind: "Restaurant", symbol: "fork.knife", latitude: 48.85,
                    longitude: 2.35)
            ])
    }

    @Test(arguments: [
        ("", "f.csv:1:1: header: missing: the first line must name the columns."),
        ("name,kind,lon\nA,K,1\n", "f.csv:1:1: header: no latitude column (latitude or lat)."),
        ("name,lat,lon\nA,1,1\n", "f.csv:1:1: header: no kind column (kind or category)."),
        ("name,kind,lat,latitude,lon\n", #"f.csv:1:15: header: two latitude columns ("lat" and "latitude")."#),
        ("name,kind,lat,lon\n", "f.csv:1:1: no places after the header."),
        ("name,kind,lat,lon\nA,K,1,1\nB,K,1\n", "f.csv:3:1: row 2: 3 fields, but the header has 4."),
        ("name,kind,lat,lon\nA,K,north,1\n", #"f.csv:2:5: lat: "north" is not a number."#),
        ("name,kind,lat,lon\nA,K,nan,1\n", #"f.csv:2:5: lat: "nan" is not a number."#),
        ("name,kind,lat,lon\nA,K,,1\n", "f.csv:2:5: lat: empty."),
        ("name,kind,lat,lon\nA,K,95,1\n", "f.csv:2:5: lat: 95 is out of range (-90 to 90)."),
        ("name,kind,lat,lon\nA,K,5,-181\n", "f.csv:2:7: lon: -181 is out of range (-180 to 180)."),
        ("name,kind,lat,lon\n\"A,K,1,1\n", "f.csv:2:1: name: a quoted field is not closed."),
        (
            "name,kind,lat,lon\nA \"B\",K,1,1\n",
            "f.csv:2:3: name: a quote inside an unquoted field (quote the whole field and double the quote)."
        ),
        (
            "name,kind,lat,lon\n\"A\"B,K,1,1\n",
            "f.csv:2:4: name: text after a closing quote (a field is either quoted as a whole or not)."
        ),
        ("name,kind,lat,lon\n  ,K,1,1\n", "f.csv:2:1: name: empty."),
        (
            "id,name,kind,lat,lon\nx,A,K,1,1\ny,B,K,1,1\n\"x\",C,K,1,1\n",
            #"f.csv:4:1: id: duplicate id "x" (first at line 2)."#
        ),
    ])
    func problemsNameTheFileLineColumnAndField(_ text: String, _ message: String) {
        #expect(problem(text, file: "f.csv") == message)
    }
}

@Suite("Places files: the format")
struct PlacesFormatTests {
    @Test(arguments: [
        ("a.geojson", "[]", PlacesFile.Format.geoJSON), ("a.GeoJSON", "", .geoJSON), ("a.csv", "{", .csv),
        ("a.json", "[{}]", .json), ("a.json", "\u{FEFF}  {\"type\": 1}", .geoJSON), ("a.txt", "\n [", .json),
        ("a.txt", "name,kind", .csv), ("a.json", "", .json), ("places", "", .csv),
    ])
    func chosenByExtensionThenByFirstCharacter(_ file: String, _ text: String, _ format: PlacesFile.Format) {
        #expect(PlacesFile.format(of: Data(text.utf8), file: file) == format)
    }

    @Test(arguments: [
        ("walk.csv", "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>", "placesFileGpx"),
        ("walk.gpx", "\u{FEFF} <GPX>", "placesFileGpx"), ("a.geojson", "<kml></kml>", "placesFileXml"),
    ])
    func anXMLFileIsToldForWhatItIs(_ file: String, _ text: String, _ expected: String) {
        #expect(throws: PlacesFile.Problem.self) { try PlacesFile.load(Data(text.utf8), file: file) }
        do {
            _ = try PlacesFile.load(Data(text.utf8), file: file)
        } catch {
            let said = error.text(.builtIn(.english))
            #expect(
                said.contains(expected == "placesFileGpx" ? "this is a GPX track" : "this is an XML file"), "\(said)")
            #expect(error.line == nil)
        }
        // Not XML: a CSV is still read as a CSV.
        #expect(throws: Never.self) {
            try PlacesFile.load(Data("name,kind,latitude,longitude\nA,Café,1,2\n".utf8), file: "a.csv")
        }
    }

    @Test func theSameFileInEveryFormatGivesTheSamePlaces() throws {
        let json = #"[{"id": "a", "name": "Łódź Café", "kind": "Café", "latitude": 51.77, "longitude": 19.46}]"#
        let geoJSON =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "properties": {"name": "Łódź Café", "amenity": "cafe"}, "geometry": {"type": "Point", "coordinates": [19.46, 51.77]}}]}"#
        let csv = "id,name,kind,latitude,longitude\na,Łódź Café,Café,51.77,19.46\n"
        let expected = [
            Place(id: "a", name: "Łódź Café", kind: "Café", symbol: "mappin", latitude: 51.77, longitude: 19.46)
        ]
        #expect(places(json, file: "p.json") == expected)
        #expect(places(geoJSON, file: "p.geojson") == expected)
        #expect(places(csv, file: "p.csv") == expected)
    }

    @Test(arguments: [
        ("38.7109", 38.7109), ("-9.1422", -9.1422), ("0", 0), ("-0.0", 0), ("1e2", 100), ("1.5E-3", 0.0015),
        ("12345678901234567890", 12_345_678_901_234_567_890), ("0.1000000000000000055511151231257827", 0.1),
        ("179.99999999999997", 179.99999999999997), ("4.9e-324", 4.9e-324),
    ])
    func numbersAreReadExactly(_ text: String, _ value: Double) throws {
        let bytes = Array(text.utf8)
        let read = try bytes.withUnsafeBufferPointer { buffer throws(PlacesFile.Problem) in
            var scanner = JSONScanner(buffer, file: "n")
            return try scanner.number(field: nil)
        }
        #expect(read == value)
    }
}
