import Foundation
import Testing

@testable import PlaceData
@testable import PlaceStore

/// Walking routes against an independent planner: networkx (Debian's python3-networkx) finds
/// the shortest walk over the network pyosmium reads from the same Helsinki extract
/// (Tests/Fixtures/osm/route-oracle.py), and the store's route (`PlaceStore.walkRoute`) must be
/// as long and go along the same named streets.
///
/// - Between vertices (50 seeded pairs 200 m to 2 km apart, and those of them whose walk took
///   steps again without steps), both planners answer one question: the length within 1 %.
/// - Between points (6 seeded pairs about the centre), each planner takes the points to the
///   network by its own code: within 1 % + 20 m, and no route where networkx has none.
/// - The named streets in order (a label repeated at once said once), the same; where they
///   differ, the two walks must tie: networkx's walk, told by the program over the same piece
///   (`StreetNetwork.route(through:)`), is within 0.5 % of the program's length and has
///   networkx's named streets. Such ties are counted and printed.
@Suite("Walking routes against networkx")
struct RouteOracleTests {
    struct Line: Decodable {
        var type: String
        var from: Int64?
        var to: Int64?
        var fromLat: Double?
        var fromLon: Double?
        var toLat: Double?
        var toLon: Double?
        var avoidSteps: Bool?
        var length: Double?
        var streets: [String]?
        var path: [Int64]?
        var pairs: Int?
        var points: Int?

        var origin: Coordinate { Coordinate(latitude: fromLat!, longitude: fromLon!) }
        var destination: Coordinate { Coordinate(latitude: toLat!, longitude: toLon!) }
    }

    static let expected: [Line] = {
        let script = StoreFixtures.folder.appendingPathComponent("route-oracle.py").path
        let output = try! StoreFixtures.python([script, StoreFixtures.helsinki])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return output.split(separator: "\n").map { try! decoder.decode(Line.self, from: Data($0.utf8)) }
    }()

    /// A route's named streets in order, a label repeated at once said once.
    static func streets(_ route: WalkRoute) -> [String] {
        var named: [String] = []
        for leg in route.legs {
            guard let name = leg.label.name, name != named.last else { continue }
            named.append(name)
        }
        return named
    }

    /// What went wrong with one question, or nil; and whether its streets differed in a tie.
    static func check(_ line: Line, in store: PlaceStore, slack: Double) -> (problem: String?, tie: Bool) {
        let name =
            line.type == "pair" ? "node/\(line.from!) to node/\(line.to!)" : "\(line.origin) to \(line.destination)"
        let avoid = line.avoidSteps ?? false
        let route = store.walkRoute(from: line.origin, to: line.destination, avoidSteps: avoid)
        guard let length = line.length else {
            return (route.map { "\(name): networkx has no walk, the program \($0.length) m" }, false)
        }
        guard let route else { return ("\(name): no route, networkx \(length) m", false) }
        if abs(route.length - length) > length * 0.01 + slack {
            return ("\(name)\(avoid ? " without steps" : ""): \(route.length) m, networkx \(length) m", false)
        }
        let streets = streets(route)
        guard streets != line.streets! else { return (nil, false) }
        // A tie: networkx's own walk, as the program tells it over the same piece.
        let piece = store.network(forRouteFrom: line.origin, to: line.destination)
        let index = Dictionary(piece.vertices.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        let vertices = line.path!.compactMap { index[$0] }
        guard vertices.count == line.path!.count, let theirs = piece.route(through: vertices) else {
            return ("\(name): streets \(streets), networkx \(line.streets!), and its walk is not in the piece", false)
        }
        if abs(theirs.length - route.length) > route.length * 0.005 + slack || Self.streets(theirs) != line.streets! {
            return (
                "\(name): streets \(streets), networkx \(line.streets!) (its walk told by the program: "
                    + "\(Self.streets(theirs)), \(theirs.length) m against \(route.length) m)", false
            )
        }
        return (nil, true)
    }

    @Test func routesBetweenVerticesAreNetworkxs() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let pairs = Self.expected.filter { $0.type == "pair" }
        #expect(pairs.count >= 50)
        #expect(pairs.filter { $0.avoidSteps == true }.count >= 3)
        var problems: [String] = []
        var ties = 0
        var largest = 0.0
        for line in pairs {
            let (problem, tie) = Self.check(line, in: store, slack: 0)
            if let problem { problems.append(problem) }
            if tie { ties += 1 }
            if let length = line.length,
                let route = store.walkRoute(from: line.origin, to: line.destination, avoidSteps: line.avoidSteps!)
            {
                largest = max(largest, abs(route.length - length) / length)
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(pairs.count): \(problems.prefix(10))")
        print(
            "Routes between vertices: \(pairs.count) pairs, largest length difference \(largest * 100) %, "
                + "\(pairs.count - problems.count - ties) with networkx's named streets, \(ties) ties")
    }

    @Test func routesBetweenPointsAreNetworkxs() throws {
        let store = try PlaceStore.open(path: StoreFixtures.helsinkiStore.path)
        let questions = Self.expected.filter { $0.type == "points" }
        #expect(questions.count >= 5)
        var problems: [String] = []
        var ties = 0
        for line in questions {
            let (problem, tie) = Self.check(line, in: store, slack: 20)
            if let problem { problems.append(problem) }
            if tie { ties += 1 }
        }
        #expect(problems.isEmpty, "\(problems)")
        print("Routes between points: \(questions.count), \(ties) ties")
    }
}
