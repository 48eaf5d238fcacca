import Foundation
import PlaceData

/// The GeoJSON places loader: any bytes give every place or one problem, never a crash; the
/// places it gives have finite coordinates in range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let loaded = try PlacesFile.load(data, file: "fuzz.geojson", as: .geoJSON)
        for place in loaded.places {
            let (latitude, longitude) = (place.coordinate.latitude, place.coordinate.longitude)
            violated(latitude.isFinite && abs(latitude) <= 90, "latitude \(latitude) of \(place.name)")
            violated(longitude.isFinite && abs(longitude) <= 180, "longitude \(longitude) of \(place.name)")
        }
    } catch {
        violated(error.description.hasPrefix("fuzz.geojson"), "a problem that does not name its file: \(error)")
    }
    return 0
}
