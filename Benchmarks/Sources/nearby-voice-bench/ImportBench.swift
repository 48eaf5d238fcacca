import Foundation

/// The import rows: `nearby-voice import` of a real OpenStreetMap extract (central Helsinki,
/// Tests/Fixtures/osm) and of the generated 10M extract, against GDAL's `ogr2ogr -f GPKG` doing
/// the same work (issue 42): its points, lines and multipolygons with the columns our import
/// reads (Benchmarks/osmconf-nearby.ini), only the features our import keeps (ImportWork's
/// `-where`: the places, the named streets, the walkable ways, the crossings and so the parks).
/// Each side's work is counted by the same rules (ImportWork) and printed in the row; counts
/// apart beyond ImportWork's tolerance mark the baseline "not the same work" and the row NO.
/// Beside them, `osmium tags-filter | osmium export` to the same columns (a superset: a filter
/// cannot ask for two tags at once), the floor of reading and filtering. Wall times, medians of
/// `runs` runs, each its own process, alternately.
enum ImportBench {
    /// GDAL's import of what nearby-voice keeps: the three layers, configured and filtered by
    /// ImportWork.
    static func ogr2ogr(_ extract: String, into geoPackage: String) -> [String] {
        [
            "ogr2ogr", "--config", "OSM_CONFIG_FILE", benchFile("osmconf-nearby.ini"), "-f", "GPKG", geoPackage,
            extract, "points", "lines", "multipolygons", "-where", ImportWork.keptWhere,
        ]
    }

    /// osmium's: the objects of the tags our import reads (places by any value of their keys,
    /// every highway way, crossings), then exported with the same columns.
    static func osmium(_ extract: String, folder: String) -> [String] {
        [
            "sh", "-c",
            "osmium tags-filter '\(extract)' nwr/amenity,shop,tourism,leisure,healthcare,office,craft,historic"
                + " nwr/railway=station,halt,tram_stop,subway_entrance"
                + " nwr/public_transport=station,platform,stop_position nwr/highway=bus_stop w/highway"
                + " n/highway=crossing n/crossing -o '\(folder)/filtered.pbf' --overwrite"
                + " && osmium export '\(folder)/filtered.pbf' -c '\(benchFile("osmium-export-nearby.json"))'"
                + " -f geojsonseq -o '\(folder)/filtered.geojsonseq' --overwrite",
        ]
    }

    /// A file of Benchmarks/, run from the repository's root.
    static func benchFile(_ name: String) -> String { FileManager.default.currentDirectoryPath + "/Benchmarks/" + name }

    static func rows(app: String, folder: String, runs: Int) -> [Row] {
        // The place store at 10M (StoreBench.swift): its size, start-up, memory and queries.
        helsinkiRows(app: app, folder: folder, runs: runs) + StoreBench.rows(app: app, folder: folder, runs: runs)
    }

    /// The import against ogr2ogr doing the same work: each side's counts, and the row judged
    /// on the wall times (`>= 1x`) when they did the same work.
    static func compared(
        figure: String, ours: Measure.Child, oursSeconds: Double, store: String, geoPackage: String,
        gdal: (seconds: Double, status: Int32)?, uncompressed: Bool = false
    ) -> Row {
        guard let gdal else {
            return Row(
                figure: figure, ours: seconds(oursSeconds), baseline: "n/a (no ogr2ogr)", ratio: "n/a",
                target: ">= 1x", verdict: "-")
        }
        let theirs = ImportWork.gdal(geoPackage)
        let mine = ImportWork.ours(store: store, printed: ours.output)
        var baseline = "ogr2ogr -f GPKG, points, lines and multipolygons as ours"
        baseline += uncompressed ? " (of the extract uncompressed)" : ""
        baseline += ": \(seconds(gdal.seconds))" + (gdal.status == 0 ? "" : " (exit not 0)")
        var same = false
        if let theirs, let mine {
            let layers = ["points", "lines", "multipolygons"].map { "\(theirs.layers[$0] ?? 0) \($0)" }
            let apart = mine.differences(theirs.work)
            same = apart.isEmpty
            baseline += "; ours / GDAL's: \(mine.summary(theirs.work)); GDAL's \(layers.joined(separator: ", "))"
            if !same { baseline = "not the same work (\(apart.joined(separator: ", ")) apart): " + baseline }
        } else {
            baseline = "not the same work (not counted): " + baseline
        }
        return Row(
            figure: figure + (ours.status == 0 ? "" : " (exit not 0)"), ours: seconds(oursSeconds), baseline: baseline,
            ratio: times(gdal.seconds / oursSeconds), target: ">= 1x",
            verdict: ours.status == 0 && gdal.status == 0 && same && gdal.seconds >= oursSeconds ? "yes" : "NO")
    }

    /// osmium's row beside: its time, features and ratio, reported.
    static func osmiumRow(figure: String, oursSeconds: Double, seconds osmiumSeconds: Double?, folder: String) -> Row {
        guard let osmiumSeconds else {
            return Row(
                figure: figure, ours: seconds(oursSeconds), baseline: "n/a", ratio: "n/a", target: "report",
                verdict: "-")
        }
        let features = Measure.run(["sh", "-c", "wc -l < '\(folder)/filtered.geojsonseq'"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return Row(
            figure: figure, ours: seconds(oursSeconds),
            baseline:
                "osmium tags-filter, then osmium export, same columns (\(features) features): \(seconds(osmiumSeconds))",
            ratio: times(osmiumSeconds / oursSeconds), target: "report", verdict: "-")
    }

    /// The import of central Helsinki against ogr2ogr and osmium, and its peak RSS.
    static func helsinkiRows(app: String, folder: String, runs: Int) -> [Row] {
        let extract = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/osm/Helsinki.osm.pbf"
        let store = "\(folder)/helsinki.places"
        let geoPackage = "\(folder)/helsinki.gpkg"
        let hasGDAL = Measure.available("ogr2ogr") && Measure.available("ogrinfo")
        let hasOsmium = Measure.available("osmium")
        var ours: [Measure.Child] = []
        var gdal: [Measure.Child] = []
        var floor: [Double] = []
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: store)
            ours.append(Measure.run([app, "import", extract, "--output", store]))
            if hasGDAL {
                try? FileManager.default.removeItem(atPath: geoPackage)
                gdal.append(Measure.run(ogr2ogr(extract, into: geoPackage)))
            }
            if hasOsmium { floor.append(Measure.run(osmium(extract, folder: folder)).seconds) }
        }
        // "Imported 1,576 places and …": the places the import kept.
        let output = ours.last?.output ?? ""
        let words = output.split(separator: " ")
        let places = words.count > 1 ? Double(words[1].filter(\.isNumber)) ?? .nan : .nan
        let ourSeconds = Measure.median(ours.map(\.seconds))
        let rate = places.isNaN ? "" : String(format: ", %.0f places/s", places / ourSeconds)
        // The run shown: a failed one, else the last (its printed counts).
        let shown =
            ours.first { $0.status != 0 } ?? ours.last
            ?? Measure.Child(seconds: .nan, peakKB: 0, cpuSeconds: .nan, status: -1, output: "")
        return [
            compared(
                figure: "import Helsinki.osm.pbf with its network (\(Int(places.isNaN ? 0 : places)) places\(rate)),"
                    + " wall",
                ours: shown, oursSeconds: ourSeconds, store: store, geoPackage: geoPackage,
                gdal: hasGDAL
                    ? (Measure.median(gdal.map(\.seconds)), gdal.first { $0.status != 0 }?.status ?? 0) : nil),
            osmiumRow(
                figure: "import Helsinki.osm.pbf: the whole import, against reading and filtering alone",
                oursSeconds: ourSeconds, seconds: hasOsmium ? Measure.median(floor) : nil, folder: folder),
            Row(
                figure: "import Helsinki.osm.pbf: peak RSS", ours: megabytes(ours.map(\.peakKB).max() ?? 0),
                baseline: "-", ratio: "-", target: "report", verdict: "-"),
        ]
    }

    /// The 10M extract's import (`imported`, once, into `store`) against ogr2ogr doing the same
    /// work and osmium, each once (minutes each). GDAL's OSM driver refuses a PBF block that
    /// inflates more than 100 times (its guard against a zip bomb), and the generated extract's
    /// blocks of untagged street nodes do: GDAL then stops reading, says ERROR on standard error
    /// and exits 0, with the places before them (9,232,000 of 10M) and no line. It reads the same
    /// extract re-encoded without compression (osmium cat, not timed) to its end; its features
    /// are counted, so that a short read shows.
    static func tenMillionRows(extract: String, store: String, folder: String, imported: Measure.Child) -> [Row] {
        func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        let name = URL(fileURLWithPath: extract).lastPathComponent
        let hasGDAL = Measure.available("ogr2ogr") && Measure.available("ogrinfo")
        let hasOsmium = Measure.available("osmium")
        var source = extract
        if hasGDAL && hasOsmium {
            let readable = "\(folder)/\(name.replacingOccurrences(of: ".osm.pbf", with: ""))-uncompressed.osm.pbf"
            let made = Measure.run([
                "osmium", "cat", extract, "-o", readable, "-f", "pbf,pbf_compression=none", "--overwrite",
            ])
            if made.status == 0 { source = readable }
        }
        let geoPackage = "\(folder)/\(name.replacingOccurrences(of: ".osm.pbf", with: "")).gpkg"
        var gdal: Measure.Child?
        if hasGDAL {
            note("ogr2ogr of \(source) as our import keeps it (minutes)…")
            try? FileManager.default.removeItem(atPath: geoPackage)
            gdal = Measure.run(ogr2ogr(source, into: geoPackage))
        }
        if source != extract { try? FileManager.default.removeItem(atPath: source) }
        var floor: Double?
        if hasOsmium {
            note("osmium tags-filter | osmium export of \(extract) (minutes)…")
            floor = Measure.run(osmium(extract, folder: folder)).seconds
        }
        let rows = [
            compared(
                figure: "import the \(name) extract with its network (once), wall", ours: imported,
                oursSeconds: imported.seconds, store: store, geoPackage: geoPackage,
                gdal: gdal.map { ($0.seconds, $0.status) }, uncompressed: source != extract),
            osmiumRow(
                figure: "import the \(name) extract: the whole import, against reading and filtering alone (once)",
                oursSeconds: imported.seconds, seconds: floor, folder: folder),
        ]
        try? FileManager.default.removeItem(atPath: geoPackage)
        for file in ["filtered.pbf", "filtered.geojsonseq"] {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(file)")
        }
        return rows
    }
}

extension ImportBench {
    /// `importbase --ten-million`: DIR/generated-10M.osm.pbf imported into a store of its own
    /// (DIR/generated-10M-importbase.places, made anew), then `tenMillionRows`.
    static func tenMillionRows(app: String, folder: String) -> [Row] {
        let extract = "\(folder)/generated-\(label(StoreBench.count)).osm.pbf"
        let store = "\(folder)/generated-\(label(StoreBench.count))-importbase.places"
        guard FileManager.default.fileExists(atPath: extract) else {
            return [
                Row(
                    figure: "import the 10M extract: \(extract) missing", ours: "n/a", baseline: "-", ratio: "-",
                    target: "-", verdict: "NO")
            ]
        }
        FileHandle.standardError.write(Data("Importing \(extract) into \(store) (minutes)…\n".utf8))
        try? FileManager.default.removeItem(atPath: store)
        let imported = Measure.run([app, "import", extract, "--output", store])
        let rows = [
            Row(
                figure: "import the \(label(StoreBench.count)) extract (once): wall, peak RSS"
                    + (imported.status == 0 ? "" : " (exit not 0)"),
                ours: "\(seconds(imported.seconds)), \(megabytes(imported.peakKB))", baseline: "-", ratio: "-",
                target: "report", verdict: "-")
        ]
        return rows + tenMillionRows(extract: extract, store: store, folder: folder, imported: imported)
    }
}
