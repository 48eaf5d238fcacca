import Foundation

/// Issue 23's import rows: `nearby-voice import` of a real OpenStreetMap extract (central
/// Helsinki, Tests/Fixtures/osm) against GDAL's `ogr2ogr -f GPKG` (OSM PBF into SQLite with a
/// spatial index, the work a user would otherwise reach for: its named points), in places a
/// second; and `osmium tags-filter | osmium export` beside them, reading and filtering alone,
/// the floor of the work. Medians of `runs` runs, each its own process, alternately.
enum ImportBench {
    /// GDAL's import of what nearby-voice keeps (issue 36: points and lines, now that the
    /// walking network is kept): the named points and the nodes with a `highway` tag (crossings,
    /// stops), and the named lines and the `highway` lines (streets and footways, named or not).
    static func ogr2ogr(_ extract: String, into geoPackage: String) -> [String] {
        [
            "ogr2ogr", "-f", "GPKG", geoPackage, extract, "points", "lines", "-where",
            "name IS NOT NULL OR highway IS NOT NULL",
        ]
    }

    /// The features of each layer ("points", "lines") of a GeoPackage ogr2ogr wrote (ogrinfo).
    static func featureCounts(_ geoPackage: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for layer in ["points", "lines"] {
            let info = Measure.run(["ogrinfo", "-so", geoPackage, layer]).output
            if let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Feature Count:") }),
                let count = Int(line.split(separator: " ").last ?? "")
            {
                counts[layer] = count
            }
        }
        return counts
    }

    static func rows(app: String, folder: String, runs: Int) -> [Row] {
        // The place store at 10M (StoreBench.swift): its size, start-up, memory and queries.
        helsinkiRows(app: app, folder: folder, runs: runs) + StoreBench.rows(app: app, folder: folder, runs: runs)
    }

    /// The import of central Helsinki against ogr2ogr and osmium, and its peak RSS.
    static func helsinkiRows(app: String, folder: String, runs: Int) -> [Row] {
        let extract = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/osm/Helsinki.osm.pbf"
        let store = "\(folder)/helsinki.places"
        let geoPackage = "\(folder)/helsinki.gpkg"
        let hasGDAL = Measure.available("ogr2ogr") && Measure.available("ogrinfo")
        let hasOsmium = Measure.available("osmium")
        var ours: [Measure.Child] = []
        var gdal: [Double] = []
        var floor: [Double] = []
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: store)
            ours.append(Measure.run([app, "import", extract, "--output", store]))
            if hasGDAL {
                try? FileManager.default.removeItem(atPath: geoPackage)
                gdal.append(Measure.run(ogr2ogr(extract, into: geoPackage)).seconds)
            }
            if hasOsmium {
                floor.append(
                    Measure.run([
                        "sh", "-c",
                        "osmium tags-filter '\(extract)' nwr/amenity,shop,tourism,leisure,healthcare,office,craft,historic"
                            + " nwr/railway=station,halt,tram_stop,subway_entrance nwr/public_transport=station,platform"
                            + " n/highway=bus_stop -o '\(folder)/filtered.pbf' --overwrite"
                            + " && osmium export '\(folder)/filtered.pbf' -f geojsonseq -o '\(folder)/filtered.geojsonseq'"
                            + " --overwrite",
                    ]).seconds)
            }
        }
        // "Imported 1,612 places and …": the places the import kept.
        let output = ours.last?.output ?? ""
        let words = output.split(separator: " ")
        let places = words.count > 1 ? Double(words[1].filter(\.isNumber)) ?? .nan : .nan
        let ourSeconds = Measure.median(ours.map(\.seconds))
        let ourRate = places / ourSeconds
        var gdalCounts: [String] = []
        if hasGDAL {
            let features = featureCounts(geoPackage)
            for layer in ["points", "lines"] {
                if let count = features[layer] { gdalCounts.append("\(count) \(layer)") }
            }
        }
        let gdalSeconds = Measure.median(gdal)
        let imported = ours.allSatisfy { $0.status == 0 }
        func rate(_ value: Double) -> String { value.isNaN ? "n/a" : String(format: "%.0f places/s", value) }
        // Both read the same extract and keep its places and its walking ways: judged on the wall
        // time of the whole import (issue 36; GDAL's features are not our places).
        let helsinki = [
            Row(
                figure: "import Helsinki.osm.pbf with its network (\(Int(places.isNaN ? 0 : places)) places), wall"
                    + (imported ? "" : " (exit not 0)"),
                ours: "\(seconds(ourSeconds)) (\(rate(ourRate)))",
                baseline: hasGDAL
                    ? "ogr2ogr -f GPKG, points and lines (\(gdalCounts.joined(separator: ", "))): \(seconds(gdalSeconds))"
                    : "n/a (no ogr2ogr)",
                ratio: times(gdalSeconds / ourSeconds), target: ">= 1x",
                verdict: hasGDAL ? (imported && gdalSeconds >= ourSeconds ? "yes" : "NO") : "-"),
            Row(
                figure: "import Helsinki.osm.pbf: the whole import, against reading and filtering alone",
                ours: seconds(ourSeconds),
                baseline: hasOsmium ? "osmium tags-filter | osmium export \(seconds(Measure.median(floor)))" : "n/a",
                ratio: hasOsmium ? times(Measure.median(floor) / ourSeconds) : "n/a", target: "report", verdict: "-"),
            Row(
                figure: "import Helsinki.osm.pbf: peak RSS", ours: megabytes(ours.map(\.peakKB).max() ?? 0),
                baseline: "-", ratio: "-", target: "report", verdict: "-"),
        ]
        return helsinki
    }
}
