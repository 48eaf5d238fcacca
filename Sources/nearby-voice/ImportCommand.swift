import Foundation
import NearbyCore
import PlaceData
import PlaceStore
import ShellParsing
import Synchronization
import SystemCalls
import TextFormats
import Words

/// `nearby-voice import FILE --output STORE [--encoding E] [--node-index auto|memory|file]`
/// (`Subcommand.import` declares its arguments): an OpenStreetMap extract (`.osm.pbf`, `.osm`)
/// or a GeoJSON, CSV or JSON places file into a new place store, written beside STORE and
/// renamed over it when complete; an extract's node locations kept where `--node-index` says
/// (`NodeIndex`). Prints what it imported.
enum ImportCommand {
    static func run(_ arguments: SubcommandArguments, language: Language) throws(Failure) -> ExitCode {
        // The table has checked that there is one file and an output, and the encoding's name.
        guard let source = arguments.operands.first, let output = arguments[.output] else { return .usage }
        let encoding = arguments[.encoding].flatMap(TextEncoding.init(rawValue:)) ?? .utf8
        let nodeIndex = arguments[.nodeIndex].flatMap { NodeIndex(rawValue: $0.lowercased()) } ?? .auto
        // SIGINT, SIGTERM and SIGHUP stop the import between blocks of the file: the unfinished
        // store is removed, then the signal ends the program as it would have. Blocked before
        // any thread starts, so that every thread inherits the block.
        let stop = Stop()
        ProcessSignal.block(Stop.signals)
        // The words and the search's folding tables are made beside the extract's reading, on
        // the other core: each a tenth of the Helsinki import's time.
        DispatchQueue.global().async { _ = Catalog.builtIn(language) }
        DispatchQueue.global().async { TextFolding.prepare() }
        let waiter = Thread {
            stop.signal.store(ProcessSignal.waitForAny(Stop.signals), ordering: .sequentiallyConsistent)
        }
        waiter.start()
        let counts = try importFile(
            source, into: output, language: language, encoding: encoding, nodeIndex: nodeIndex
        ) {
            stop.signal.load(ordering: .sequentiallyConsistent) != 0
        }
        let signal = stop.signal.load(ordering: .sequentiallyConsistent)
        if signal != 0 { ProcessSignal.endBy(signal) }
        guard let counts else { return .terminated }
        print(report(counts, source: source, output: output, words: Catalog.builtIn(language)))
        return .success
    }

    /// A signal that stopped the import, 0 for none.
    private final class Stop: Sendable {
        static let signals = [SIGINT, SIGTERM, SIGHUP]
        let signal = Atomic<Int32>(0)
    }

    /// Imports `source` into a new store at `output`, an extract's node locations kept where
    /// `nodeIndex` says; nil when `shouldStop` said to.
    static func importFile(
        _ source: String, into output: String, language: Language, encoding: TextEncoding = .utf8,
        nodeIndex: NodeIndex = .auto, shouldStop: @escaping () -> Bool = { false }
    ) throws(Failure) -> PlaceImport.Counts? {
        if let format = PlaceImport.osmFormat(of: source) {
            do throws(StoreProblem) {
                return try PlaceImport.importOSM(
                    source, format: format, into: output, nodeIndex: nodeIndex, shouldStop: shouldStop)
            } catch {
                throw Failure(store: error, Catalog.builtIn(language))
            }
        }
        let words = Catalog.builtIn(language)
        let loaded = try NearbyVoice.readPlaces(source, words: words, encoding: encoding)
        let head = FileHandle(forReadingAtPath: source).flatMap { try? $0.read(upToCount: 4096) } ?? Data()
        let format = PlacesFile.format(of: head, file: source).rawValue
        do throws(StoreProblem) {
            return try PlaceImport.importPlaces(loaded.places, source: format, from: source, into: output)
        } catch {
            throw Failure(store: error, words)
        }
    }

    /// "Imported 1,139 places and 2,012 streets from F into S.", and how many places were
    /// given their nearest street, the walking network, the parks' outlines kept, and ways and
    /// multipolygons left out.
    static func report(_ counts: PlaceImport.Counts, source: String, output: String, words: Catalog) -> String {
        func grouped(_ number: Int) -> String { SpokenMeasure.grouped(number, words) }
        var lines = [
            words.text(
                .importDone(
                    places: words.text(.placesCount(count: grouped(counts.places), plural: counts.places)),
                    streets: words.text(.importStreets(count: grouped(counts.streets), plural: counts.streets)),
                    file: source, store: output))
        ]
        if counts.nearestStreets > 0 {
            lines.append(
                words.text(.importNearestStreets(count: grouped(counts.nearestStreets), plural: counts.nearestStreets)))
        }
        if counts.waysWithoutLocation > 0 {
            lines.append(
                words.text(
                    .importSkippedWays(count: grouped(counts.waysWithoutLocation), plural: counts.waysWithoutLocation)))
        }
        let network = counts.network
        if network.edges > 0 {
            lines.append(
                words.text(
                    .importNetwork(
                        intersections: grouped(network.intersections), crossings: grouped(network.crossings),
                        deadEnds: grouped(network.deadEnds))))
        }
        if network.waysWithMissingNodes > 0 {
            lines.append(
                words.text(
                    .importNetworkCutWays(
                        count: grouped(network.waysWithMissingNodes), plural: network.waysWithMissingNodes)))
        }
        if network.waysWithoutEdge > 0 {
            lines.append(
                words.text(
                    .importNetworkSkippedWays(count: grouped(network.waysWithoutEdge), plural: network.waysWithoutEdge))
            )
        }
        if counts.parks > 0 {
            lines.append(words.text(.importParks(count: grouped(counts.parks), plural: counts.parks)))
        }
        if counts.parksWithoutOutline > 0 {
            lines.append(
                words.text(
                    .importParksPartial(count: grouped(counts.parksWithoutOutline), plural: counts.parksWithoutOutline))
            )
        }
        if counts.relationsWithoutLocation > 0 {
            lines.append(
                words.text(
                    .importSkippedRelations(
                        count: grouped(counts.relationsWithoutLocation), plural: counts.relationsWithoutLocation)))
        }
        return lines.joined(separator: "\n")
    }
}

extension Failure {
    /// A place store's problem, with its exit code: 65 for the file's data, 74 for a store that
    /// cannot be written, 66 for a file that cannot be opened.
    init(store problem: StoreProblem, _ words: Catalog) {
        let code: ExitCode
        switch problem.cause {
        case .badData: code = .dataError
        case .cannotWrite: code = .cannotWrite
        case .noInput: code = .noInput
        }
        self.init(code, problem.text(words))
    }
}
