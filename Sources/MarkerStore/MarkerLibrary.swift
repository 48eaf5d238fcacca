import PlaceData

/// Everything the user marked: the markers and the routes, as the markers file holds them
/// (`MarkerFile`) and as GPX files carry them to and from other programs
/// (`gpx(creator:)`, `read(gpx:file:undatedTime:)`). Pure: text in, text out.
public struct MarkerLibrary: Equatable, Sendable {
    public var markers: [Marker]
    public var routes: [MarkedRoute]

    public init(markers: [Marker] = [], routes: [MarkedRoute] = []) {
        self.markers = markers
        self.routes = routes
    }

    /// The XML namespace of our own GPX extensions (a marker's place, a route's time), bound to
    /// the prefix `nv` in the files we write. Other programs keep or skip what they do not know.
    public static let namespace = "https://nearby-voice.invalid/gpx/extensions/1"

    /// Two points closer than this, in metres, with the same name are the same marker.
    public static let sameMarkerDistance = 5.0

    /// How many markers and routes an import added and how many it merged into ones already
    /// there, for the session to say ("12 markers added, 3 already there").
    public struct MergeCount: Equatable, Sendable {
        public var markersAdded = 0
        public var markersMerged = 0
        public var routesAdded = 0
        public var routesMerged = 0

        public init(markersAdded: Int = 0, markersMerged: Int = 0, routesAdded: Int = 0, routesMerged: Int = 0) {
            self.markersAdded = markersAdded
            self.markersMerged = markersMerged
            self.routesAdded = routesAdded
            self.routesMerged = routesMerged
        }

        /// Markers and routes added, together.
        public var added: Int { markersAdded + routesAdded }
        /// Markers and routes merged, together.
        public var merged: Int { markersMerged + routesMerged }
    }

    /// Imports `other` into this library. A marker within 5 m of one here with the same name
    /// (case, accents and quotes aside: `TextFolding.fold`) is merged, not added: the one here
    /// stays as it is, taking only a note or a place it lacked. A route is merged when one here
    /// has the same name and as many waypoints, each within 5 m of its own with the same name.
    /// The rest are added at the end, in `other`'s order; duplicates within `other` merge too.
    @discardableResult
    public mutating func merge(_ other: MarkerLibrary) -> MergeCount {
        var count = MergeCount()
        for marker in other.markers {
            let key = TextFolding.fold(marker.name)
            if let index = markers.firstIndex(where: { Self.isSame($0, marker, key: key) }) {
                if markers[index].note == nil { markers[index].note = marker.note }
                if markers[index].placeID == nil { markers[index].placeID = marker.placeID }
                count.markersMerged += 1
            } else {
                markers.append(marker)
                count.markersAdded += 1
            }
        }
        for route in other.routes {
            let key = TextFolding.fold(route.name)
            let same = routes.contains { mine in
                TextFolding.fold(mine.name) == key && mine.waypoints.count == route.waypoints.count
                    && zip(mine.waypoints, route.waypoints).allSatisfy {
                        Self.isSame($0, $1, key: TextFolding.fold($1.name))
                    }
            }
            if same {
                count.routesMerged += 1
            } else {
                routes.append(route)
                count.routesAdded += 1
            }
        }
        return count
    }

    /// Whether `mine` and `theirs` (whose folded name is `key`) are one marker.
    static func isSame(_ mine: Marker, _ theirs: Marker, key: String) -> Bool {
        mine.coordinate.distance(to: theirs.coordinate) <= sameMarkerDistance && TextFolding.fold(mine.name) == key
    }
}
