/// The built-in places: the Map Search Sheet seed's seven, exactly as given there, and fourteen
/// more in the same streets of Lisbon's Baixa and Chiado, so that every filter pill has places.
public enum BuiltInPlaces {
    /// Where the user stands when `--at` is not given: the middle of the seed's places.
    public static let defaultOrigin = Coordinate(latitude: 38.7115, longitude: -9.1390)

    public static let lisbon: [Place] = seed + neighbourhood

    /// The seed's `MapSearchSheetDemo.places`, field for field.
    static let seed: [Place] = [
        Place(
            id: "coffee", name: "Harbor Coffee", kind: "Café", symbol: "cup.and.saucer.fill", latitude: 38.7109,
            longitude: -9.1422),
        Place(
            id: "bakery", name: "Blue Door Bakery", kind: "Bakery", symbol: "birthday.cake.fill", latitude: 38.7139,
            longitude: -9.1389),
        Place(
            id: "books", name: "Old Town Books", kind: "Bookshop", symbol: "book.fill", latitude: 38.7118,
            longitude: -9.1331),
        Place(
            id: "park", name: "Riverside Garden", kind: "Park", symbol: "tree.fill", latitude: 38.7076,
            longitude: -9.1362),
        Place(
            id: "market", name: "Corner Market", kind: "Grocery", symbol: "cart.fill", latitude: 38.7163,
            longitude: -9.1432),
        Place(
            id: "museum", name: "Tile Museum Café", kind: "Café", symbol: "cup.and.saucer.fill", latitude: 38.7157,
            longitude: -9.1338),
        Place(
            id: "diner", name: "Tram Stop Diner", kind: "Restaurant", symbol: "fork.knife", latitude: 38.7095,
            longitude: -9.1301),
    ]

    /// More places in the seed's style: accents, an apostrophe and an ampersand included, as
    /// real names have them.
    static let neighbourhood: [Place] = [
        Place(
            id: "espresso", name: "Rossio Espresso Bar", kind: "Café", symbol: "cup.and.saucer.fill", latitude: 38.7138,
            longitude: -9.1402),
        Place(
            id: "crust", name: "Golden Crust Bakery", kind: "Bakery", symbol: "birthday.cake.fill", latitude: 38.7102,
            longitude: -9.1365),
        Place(
            id: "custard", name: "Custard Corner", kind: "Bakery", symbol: "birthday.cake.fill", latitude: 38.7128,
            longitude: -9.1412),
        Place(
            id: "paperink", name: "Paper & Ink", kind: "Bookshop", symbol: "book.fill", latitude: 38.7108,
            longitude: -9.1409),
        Place(
            id: "terrace", name: "Miradouro Terrace", kind: "Park", symbol: "tree.fill", latitude: 38.7150,
            longitude: -9.1355),
        Place(
            id: "saopedro", name: "Jardim São Pedro", kind: "Park", symbol: "tree.fill", latitude: 38.7152,
            longitude: -9.1445),
        Place(
            id: "fresh", name: "Fresh Fields Grocer", kind: "Grocery", symbol: "cart.fill", latitude: 38.7085,
            longitude: -9.1395),
        Place(
            id: "acores", name: "Açores Deli", kind: "Grocery", symbol: "cart.fill", latitude: 38.7121,
            longitude: -9.1352),
        Place(
            id: "sardine", name: "Sardine Grill", kind: "Restaurant", symbol: "fork.knife", latitude: 38.7098,
            longitude: -9.1378),
        Place(
            id: "taberna", name: "Taberna d'Alfama", kind: "Restaurant", symbol: "fork.knife", latitude: 38.7110,
            longitude: -9.1310),
        Place(
            id: "farmacia", name: "Farmácia Central", kind: "Pharmacy", symbol: "cross.case.fill", latitude: 38.7125,
            longitude: -9.1372),
        Place(
            id: "riverpharm", name: "Riverside Pharmacy", kind: "Pharmacy", symbol: "cross.case.fill",
            latitude: 38.7080, longitude: -9.1350),
        Place(
            id: "design", name: "Design Museum", kind: "Museum", symbol: "building.columns.fill", latitude: 38.7090,
            longitude: -9.1360),
        Place(
            id: "azulejo", name: "Azulejo Gallery", kind: "Museum", symbol: "building.columns.fill", latitude: 38.7135,
            longitude: -9.1320),
    ]
}
