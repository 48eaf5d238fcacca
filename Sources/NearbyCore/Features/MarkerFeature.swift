import PlaceData
import Words

/// Markers (issue 40): places the user keeps ("Front door", a bench, a bus stop), from one
/// session to the next. `mark` marks the selected place, or where you are; `mark NAME` names
/// it, and renames a marker; `markers` lists them nearest first; `unmark` removes the selected
/// marker and `undo` brings it back. A marker is a place among the places (kind "Marker", id
/// "marker/N"), so `select`, `find`, `next`, `details`, `walk`, `route to` and the beacon take
/// it as they take any place, and it is called out before places (`CalloutCategory.markers`).
///
/// The shell keeps them in a GPX file (MarkerStore, docs/markers.md). A change is said only once
/// the shell has it on disk (`Effect.saveMarkers`, then `Report.markersSaved`), so that what was
/// said to be saved is saved, whenever the program is killed.
extension NearbyState {
    /// A marker as the session holds it: plain values, with the id it has among the places.
    public struct MarkedPlace: Equatable, Sendable {
        /// "marker/N": numbered as the session loads or makes them, never kept in the file.
        public var id: String
        public var name: String
        public var coordinate: Coordinate
        /// What the user or another app wrote of it (GPX `<desc>`).
        public var note: String?
        /// When it was made, seconds since 1970 (UTC).
        public var time: Double
        /// The place it was marked from ("node/123"), when it was one.
        public var placeID: String?

        public init(
            id: String, name: String, coordinate: Coordinate, note: String? = nil, time: Double, placeID: String? = nil
        ) {
            self.id = id
            self.name = name
            self.coordinate = coordinate
            self.note = note
            self.time = time
            self.placeID = placeID
        }

        /// The kind a marker has among the places, as the places spell kinds; said in the
        /// session's words (`marker.kind`).
        public static let kind = "Marker"

        /// The place it is on the map.
        var place: Place {
            Place(
                id: id, name: name, kind: Self.kind, symbol: "mappin.and.ellipse", latitude: coordinate.latitude,
                longitude: coordinate.longitude)
        }

        /// Whether a place's id is a marker's.
        static func isMarker(_ id: String) -> Bool { id.hasPrefix("marker/") }
    }

    /// A marker `unmark` removed, and where it was among the markers.
    struct RemovedMarker: Equatable, Sendable {
        var marker: MarkedPlace
        var at: Int
    }

    /// What a save that the shell carried out changed, to be said once it is on disk.
    public enum MarkerChange: Equatable, Sendable {
        case marked(name: String)
        case renamed(from: String, to: String)
        case unmarked(name: String)
        case restored(name: String)
        case imported(path: String, added: Int, merged: Int)
        case routeMade(name: String)
        case waypointAdded(name: String, route: String, number: Int)
        case waypointRemoved(name: String, route: String, number: Int)
        case routeDeleted(name: String)
        case routeFromFile(name: String, path: String, count: Int, length: Double)
    }

    /// Whether a place is the user's own, not the places file's or store's: a marker, or the
    /// waypoint walked to.
    static func isOwnPlace(_ place: Place) -> Bool { MarkedPlace.isMarker(place.id) || isWaypoint(place.id) }

    /// `places` with the markers and the waypoint walked to among them (the old ones out
    /// first): what the map holds.
    func withMarkers(_ places: Places) -> Places {
        let isOwn = Self.isOwnPlace
        let own = places.all.contains(where: isOwn) ? places.all.filter { !isOwn($0) } : places.all
        let waypoint = waypointPlace(among: own).map { [$0] } ?? []
        guard !markers.isEmpty || !waypoint.isEmpty || own.count != places.count else { return places }
        var all = own
        all.reserveCapacity(own.count + markers.count + waypoint.count)
        for marker in markers { all.append(marker.place) }
        all += waypoint
        return Places(all, source: places.source, isWindow: places.isWindow, indexing: .whenAsked)
    }

    /// The markers changed: the places hold them now; the search, the filter, the selection and
    /// the focus stay where they can (as when a store's window moves), and so does a store's
    /// window still being read.
    mutating func markersChanged() {
        let waiting = (placesToCome, listedToCome, windowPart)
        _ = windowMoved(places)
        (placesToCome, listedToCome, windowPart) = waiting
    }

    /// The next marker's id.
    mutating func nextMarkerID() -> String {
        markerNumber += 1
        return "marker/\(markerNumber)"
    }

    /// The shell read the markers file at the start (`notice`: what it has to say of it, a
    /// damaged file kept aside, or another session holding it).
    mutating func markersLoaded(_ loaded: [MarkedPlace], routes: [KeptRoute], notice: String?) -> Reaction {
        keptRoutes = routes
        guard !loaded.isEmpty || notice != nil else { return Reaction() }
        markers = loaded.map { marker in
            var numbered = marker
            numbered.id = nextMarkerID()
            return numbered
        }
        markersChanged()
        findGoneMarkerPlaces()
        return Reaction(notice.map { [Announcement($0, kind: .notice)] } ?? [])
    }

    /// Whether an id is an OpenStreetMap object's ("node/123", "way/45", "relation/6").
    public static func isOpenStreetMapID(_ id: String) -> Bool {
        // The first letter first: a marker's id ("marker/3") is none of them, and 10,000
        // markers' places are asked at the start.
        switch id.utf8.first {
        case UInt8(ascii: "n"): id.hasPrefix("node/")
        case UInt8(ascii: "w"): id.hasPrefix("way/")
        case UInt8(ascii: "r"): id.hasPrefix("relation/")
        default: false
        }
    }

    /// The markers' places that places held whole no longer hold: a marker made from an
    /// OpenStreetMap place whose id is not among places that are OpenStreetMap's, though the
    /// marker lies within them (their bounds). A place store's window is not whole: the shell
    /// asks the store instead (`Report.markerPlacesGone`).
    mutating func findGoneMarkerPlaces() {
        guard !places.isWindow else { return }
        goneMarkerPlaces = []
        var ids = Set<String>()
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        for place in places.all where Self.isOpenStreetMapID(place.id) {
            ids.insert(place.id)
            south = min(south, place.coordinate.latitude)
            north = max(north, place.coordinate.latitude)
            west = min(west, place.coordinate.longitude)
            east = max(east, place.coordinate.longitude)
        }
        // No OpenStreetMap places (the built-in places): no marker's place is gone.
        guard !ids.isEmpty else { return }
        for marker in markers {
            guard let id = marker.placeID, Self.isOpenStreetMapID(id), !ids.contains(id),
                (south...north).contains(marker.coordinate.latitude),
                (west...east).contains(marker.coordinate.longitude)
            else { continue }
            goneMarkerPlaces.insert(id)
        }
    }

    /// The shell asked the place store about the markers' places: those it no longer holds.
    mutating func markerPlacesGone(_ gone: [String]) -> Reaction {
        goneMarkerPlaces = Set(gone)
        return Reaction()
    }

    /// Whether the marker at `index` among the places was made from a place the map data no
    /// longer holds.
    func isMarkerPlaceGone(at index: Int) -> Bool {
        let id = places.all[index].id
        guard MarkedPlace.isMarker(id), !goneMarkerPlaces.isEmpty,
            let placeID = markers.first(where: { $0.id == id })?.placeID
        else { return false }
        return goneMarkerPlaces.contains(placeID)
    }

    /// `mark` and `mark NAME`: the selected place marked (a marker selected is renamed), or
    /// where you are when nothing is selected. Said once saved.
    mutating func mark(_ name: String?) -> Reaction {
        let name = name.flatMap(OSMTagging.cleaned)
        if let index = selectedIndex {
            let place = places.all[index]
            if let at = markers.firstIndex(where: { $0.id == place.id || $0.placeID == place.id }) {
                guard let name, name != markers[at].name else {
                    return Reaction([
                        Announcement(say(.markAlready(name: markers[at].name)), kind: .error, earcon: .error)
                    ])
                }
                let old = markers[at].name
                markers[at].name = name
                markersChanged()
                return save(.renamed(from: old, to: name))
            }
            markers.append(
                MarkedPlace(
                    id: nextMarkerID(), name: name ?? place.name, coordinate: place.coordinate, time: wallClock ?? 0,
                    placeID: place.id))
            markersChanged()
            return save(.marked(name: name ?? place.name))
        }
        let named = name ?? say(.markerDefaultName(number: grouped(markers.count + 1)))
        markers.append(MarkedPlace(id: nextMarkerID(), name: named, coordinate: settings.origin, time: wallClock ?? 0))
        markersChanged()
        // Recording, the track's point here takes the marker's name.
        var reaction = save(.marked(name: named))
        reaction.effects = recordedPoint(settings.origin, name: named) + reaction.effects
        return reaction
    }

    /// `unmark`: the selected marker removed (`undo` brings it back, in this session).
    mutating func unmark() -> Reaction {
        guard let selection, let at = markers.firstIndex(where: { $0.id == selection }) else {
            return Reaction([Announcement(say(.unmarkNoMarker), kind: .error, earcon: .error)])
        }
        let removed = markers.remove(at: at)
        unmarked = RemovedMarker(marker: removed, at: at)
        self.selection = nil
        markersChanged()
        return save(.unmarked(name: removed.name))
    }

    /// `undo`: the marker `unmark` removed, back where it was.
    mutating func undoUnmark() -> Reaction {
        guard let removed = unmarked else {
            return Reaction([Announcement(say(.undoNothing), kind: .error, earcon: .error)])
        }
        let marker = removed.marker
        unmarked = nil
        markers.insert(marker, at: min(removed.at, markers.count))
        markersChanged()
        return save(.restored(name: marker.name))
    }

    /// `markers`: how many, then each nearest first with its distance and direction.
    ///
    /// Worded only as far as it can be said: the shell says and shows at most
    /// `SafeText.answerLength` characters of an answer and cuts the rest, so the list stops
    /// once its markers hold more characters than that which the shell is sure to keep
    /// (`SafeText.surelyKept`), and what is said and shown is the same as if every marker had
    /// been worded (10,000 markers: 450,000 characters and 50 ms, of which 20,000 were said).
    /// `inFull`: every marker worded (for the tests that compare).
    func markersPhrase(inFull: Bool = false) -> Announcement {
        guard !markers.isEmpty else { return Announcement(say(.markersNone), kind: .results) }
        let members = places.all.indices.filter { MarkedPlace.isMarker(places.all[$0].id) }.map { Int32($0) }
        let nearest = NearestFirst(members: members, distances: distances)
        func list(cut: Bool) -> String {
            var items: [String] = []
            var kept = 0
            for index in nearest {
                let name = places.all[index].name
                let place = distanceAndDirection(of: index)
                let item = say(
                    isMarkerPlaceGone(at: index)
                        ? .markersItemGone(name: name, where: place) : .markersItem(name: name, where: place))
                items.append(item)
                kept += SafeText.surelyKept(item) ?? 0
                if cut && kept > SafeText.answerLength { break }
            }
            let text = say(
                .markersList(
                    count: grouped(nearest.count), items: items.joined(separator: say(.listItemSeparator)),
                    plural: nearest.count))
            // Cut short where an escape sequence (which the shell removes, and which can take
            // what follows it along) would make the count wrong: every marker worded.
            if items.count < nearest.count && SafeText.surelyKept(text) == nil { return list(cut: false) }
            return text
        }
        return Announcement(list(cut: !inFull), kind: .results)
    }

    /// The markers imported from a GPX file the shell read: each within `duplicateReach` of a
    /// marker of the same name (letters folded) is that marker; the others are added. Said once
    /// saved, with both counts.
    mutating func markersImported(path: String, _ imported: [MarkedPlace]) -> Reaction {
        var added = 0
        var merged = 0
        for marker in imported {
            let name = TextFolding.fold(marker.name)
            if markers.contains(where: {
                TextFolding.fold($0.name) == name
                    && $0.coordinate.distance(to: marker.coordinate) <= Self.duplicateReach
            }) {
                merged += 1
                continue
            }
            var numbered = marker
            numbered.id = nextMarkerID()
            markers.append(numbered)
            added += 1
        }
        markersChanged()
        return save(.imported(path: path, added: added, merged: merged))
    }

    /// Within this distance, in metres, an imported marker of the same name is one already kept.
    public static let duplicateReach = 5.0

    /// The markers as they are now, for the shell to keep; `change` said once they are.
    func save(_ change: MarkerChange) -> Reaction {
        Reaction(effects: [.saveMarkers(markers, routes: keptRoutes, change: change)])
    }

    /// The shell kept the markers (`failure` nil) or could not: the change said, or why it is
    /// kept for this session only.
    func markersSaved(_ change: MarkerChange, failure: String?) -> Reaction {
        if let failure {
            return Reaction([Announcement(say(.markersNotSaved(reason: failure)), kind: .error, earcon: .error)])
        }
        let text =
            switch change {
            case .marked(let name): say(.markDone(name: name))
            case .renamed(let old, let new): say(.markRenamed(old: old, new: new))
            case .unmarked(let name): say(.unmarkDone(name: name))
            case .restored(let name): say(.undoDone(name: name))
            case .imported(let path, let added, let merged):
                say(.markersImportedCounts(added: grouped(added), path: path, merged: grouped(merged), plural: added))
            case .routeMade(let name): say(.routeMade(name: name))
            case .waypointAdded(let name, let route, let number):
                say(.waypointAdded(name: name, route: route, number: grouped(number)))
            case .waypointRemoved(let name, let route, let number):
                say(.waypointRemoved(number: grouped(number), name: name, route: route))
            case .routeDeleted(let name): say(.routeDeleted(name: name))
            case .routeFromFile(let name, let path, let count, let length):
                say(
                    .routeFromMade(
                        name: name, path: path, count: grouped(count), length: distancePhrase(length), plural: count))
            }
        return Reaction([Announcement(text, kind: .notice)])
    }

    /// The shell wrote the markers' GPX file, or could not.
    func markersExported(path: String, count: Int, failure: String?) -> Reaction {
        if let failure { return markersFailed(.markersExportFailed(path: path, reason: failure)) }
        return Reaction([
            Announcement(say(.markersExported(count: grouped(count), path: path, plural: count)), kind: .notice)
        ])
    }

    /// A markers file that could not be read or written, said as an error.
    func markersFailed(_ phrase: Phrase) -> Reaction {
        Reaction([Announcement(say(phrase), kind: .error, earcon: .error)])
    }
}
