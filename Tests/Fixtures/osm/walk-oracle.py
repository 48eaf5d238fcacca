#!/usr/bin/python3
"""The walk's independent oracle: reads an OpenStreetMap file with pyosmium (Debian's
python3-pyosmium), no code of nearby-voice's, builds the walking
network by the rules of docs/place-store.md ("The walking network", as independent-network.py
does), and says what a walker must hear, by the rules written here again:

- a sidewalk (footway=sidewalk, no name) follows the named road (a labelled way that is not a
  footway=sidewalk|crossing and not a footway, path, steps, cycleway, bridleway, corridor or
  track) whose segment is nearest the sidewalk edge's middle within 20 m, running within 30
  degrees of the edge's segment there (either way along it); a crossing (footway=crossing, no
  name) crosses the named road that meets it at one of its ends more than 45 degrees from it
  (the most nearly square; of two as square, the first label in order), else the named road
  nearest its middle within 5 m;
- a road's label: its name, else the road a sidewalk follows, else its ref; a crossing with no
  name is said "a crossing of" the road it crosses, or "a crossing"; any other road with no
  label is said by its kind (a footway or
  pedestrian way "a footpath", path "a path", cycleway "a cycle path", steps "steps", service
  "a service road", track "a track", living_street and residential "a residential street", any
  other "an unnamed road");
- a vertex's kind: a dead end at one edge end; an intersection at three or more, or where two or
  more different names meet; a roundabout's when it is an intersection and one of its ways has
  junction=roundabout; else a way's node the road goes on through;
- a corner worth a word: a roundabout's vertex; a dead end where a labelled road ends; an
  intersection that is a crossing node, or where roads of two or more different labels meet;
- the bearing at which an edge leaves a vertex: towards the first point of its shape at least
  15 m along it (else its far end); the direction of arrival at a vertex: the reverse of the
  bearing at which the arriving edge leaves it; each other edge of the vertex is at its bearing
  relative to that, in (-180, 180]: within 30 degrees "continues ahead", else right when
  positive, left when negative; the roads in that order (clockwise from the left);
- a crossing's words: "Crossing with" its facts (traffic signals: crossing=traffic_signals,
  crossing:signals=yes or highway=traffic_signals; sound: traffic_signals:sound=yes; a button:
  button_operated=yes; tactile paving: tactile_paving=yes), else "Marked crossing." for
  crossing=marked|zebra|uncontrolled, else "Crossing.";
- a crossing node inside an edge walked (not at its ends): "Crossing ahead across" the edge's
  road, ", with" its facts, else "Marked crossing ahead across" it, else "Crossing ahead across" it;
- the street a point is on (`where`): the nearest segment of a labelled walkable way within
  25 m, else of any walkable way within 25 m (distances on the plane tangent at the point).

Usage:
  walk-oracle.py route FILE OUT.gpx   writes the walk (a shortest path along labelled streets
                                      between two fixed corners, a point every 3 m or less) and
                                      prints one JSON object: its length, its points' distances
                                      along, the corners it passes with their expected words
                                      (and for each, the track's point at it, the first point
                                      within 46 m of it, and whether any point after it has it
                                      ahead; and, marked optional, the corners straight on past
                                      a turn that a walker standing at the turn may hear), and
                                      its street changes with the headings possible 9-15 m past
                                      their start, and the crossing nodes inside the edges
                                      walked, each with its words and metres along
  walk-oracle.py where FILE SEED N    prints N seeded random points about the centre, each with
                                      the street the rule finds there (JSON, one object)
"""
import heapq
import json
import math
import random
import sys

import osmium

WALKABLE = {
    "residential", "living_street", "pedestrian", "footway", "path", "steps", "service", "unclassified",
    "road", "track", "cycleway", "corridor", "tertiary", "tertiary_link", "secondary", "secondary_link",
    "primary", "primary_link", "trunk", "trunk_link",
}
# The kinds of way a walk along streets keeps to (a named park path is not a street).
STREETS = {
    "residential", "living_street", "pedestrian", "unclassified", "tertiary", "tertiary_link", "secondary",
    "secondary_link", "primary", "primary_link", "trunk", "trunk_link",
}
KIND_WORDS = {
    "footway": "a footpath", "pedestrian": "a footpath", "path": "a path", "bridleway": "a path",
    "cycleway": "a cycle path", "steps": "steps", "service": "a service road", "track": "a track",
    "living_street": "a residential street", "residential": "a residential street",
}
COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
EARTH = 6371008.8
# The walk: from the corner of Kalevankatu and Annankatu to that of Kirkkokatu and Unioninkatu,
# each the corner of those names nearest the centre.
START_NAMES = ("Kalevankatu", "Annankatu")
END_NAMES = ("Kirkkokatu", "Unioninkatu")
CENTRE = (60.1687, 24.9420)


def walkable(tags):
    if tags.get("highway") not in WALKABLE or tags.get("foot") == "no":
        return False
    if tags.get("access") in ("private", "no"):
        return tags.get("foot") in ("yes", "designated", "permissive")
    return True


def distance(a, b):
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    dlat, dlon = lat2 - lat1, math.radians(b[1] - a[1])
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH * math.asin(min(1, math.sqrt(h)))


def bearing(a, b):
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    dlon = math.radians(b[1] - a[1])
    y = math.sin(dlon) * math.cos(lat2)
    x = math.cos(lat1) * math.sin(lat2) - math.sin(lat1) * math.cos(lat2) * math.cos(dlon)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


def relative(angle, to):
    value = (angle - to) % 360
    return value - 360 if value > 180 else value


def compass(degrees):
    return COMPASS[int(((degrees % 360) + 22.5) // 45) % 8]


PATH_KINDS = {"footway", "path", "steps", "cycleway", "bridleway", "corridor", "track"}


def line_angle(first, second):
    """The angle between two lines of these bearings, whichever way along each: 0 to 90."""
    angle = abs(first - second) % 180
    return 180 - angle if angle > 90 else angle


def midpoint(shape):
    """The point halfway along a shape [(node, lat, lon)] and the bearing of its segment there."""
    total = sum(distance(a[1:], b[1:]) for a, b in zip(shape, shape[1:]))
    walked = 0.0
    for a, b in zip(shape, shape[1:]):
        step = distance(a[1:], b[1:])
        if walked + step >= total / 2 and step > 0:
            f = (total / 2 - walked) / step
            return ((a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f), bearing(a[1:], b[1:]))
        walked += step
    return None


class Reader(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.ways = []  # {"id", "name", "ref", "kind", "roundabout", "pieces": [[(node, lat, lon)]]}
        self.crossings = {}  # node -> its words
        self.ahead = {}  # node -> (its facts listed or None, whether marked), for a crossing ahead

    def node(self, n):
        highway = n.tags.get("highway")
        crossing = n.tags.get("crossing")
        if crossing == "no" or not (highway == "crossing" or crossing is not None) or not n.location.valid():
            return
        facts = []
        if crossing == "traffic_signals" or n.tags.get("crossing:signals") == "yes" or highway == "traffic_signals":
            facts.append("traffic signals")
        if n.tags.get("traffic_signals:sound") == "yes":
            facts.append("sound")
        if n.tags.get("button_operated") == "yes":
            facts.append("a button")
        if n.tags.get("tactile_paving") == "yes":
            facts.append("tactile paving")
        listed = (facts[0] if len(facts) == 1 else ", ".join(facts[:-1]) + " and " + facts[-1]) if facts else None
        marked = crossing in ("marked", "zebra", "uncontrolled")
        if facts:
            words = "Crossing with " + listed + "."
        else:
            words = "Marked crossing." if marked else "Crossing."
        self.crossings[n.id] = words
        self.ahead[n.id] = (listed, marked)

    def way(self, w):
        if not walkable(w.tags):
            return
        pieces = [[]]
        for node in w.nodes:
            if not node.location.valid():
                pieces.append([])
                continue
            if pieces[-1] and pieces[-1][-1][0] == node.ref:
                continue
            pieces[-1].append((node.ref, node.location.lat, node.location.lon))
        pieces = [piece for piece in pieces if len(piece) >= 2]
        if pieces:
            self.ways.append({
                "id": w.id, "name": w.tags.get("name", ""), "ref": w.tags.get("ref", ""), "kind": w.tags["highway"],
                "roundabout": w.tags.get("junction") == "roundabout", "pieces": pieces,
                "footway": w.tags.get("footway") if w.tags.get("footway") in ("sidewalk", "crossing") else None,
            })


class Network:
    """Vertices (by node), edges (way, shape as [(node, lat, lon)]) and what each vertex is."""

    def __init__(self, path):
        reader = Reader()
        reader.apply_file(path, locations=True)
        self.crossings = reader.crossings
        self.ahead = reader.ahead
        passes = {}
        for way in reader.ways:
            for piece in way["pieces"]:
                for node, _, _ in piece:
                    passes[node] = passes.get(node, 0) + 1
        self.edges = []  # {"way", "label", "name", "kind", "roundabout", "shape"}
        self.at = {}  # vertex node -> [edge index]
        self.position = {}
        for way in reader.ways:
            label = way["name"] or way["ref"]
            for piece in way["pieces"]:
                start = 0
                for index in range(1, len(piece)):
                    if index == len(piece) - 1 or passes[piece[index][0]] >= 2:
                        shape = piece[start:index + 1]
                        number = len(self.edges)
                        self.edges.append({
                            "way": way["id"], "label": label, "name": way["name"], "kind": way["kind"],
                            "roundabout": way["roundabout"], "shape": shape, "footway": way["footway"],
                            "follows": None,
                            "length": sum(distance(a[1:], b[1:]) for a, b in zip(shape, shape[1:])),
                        })
                        ends = [shape[0][0]] if shape[0][0] == shape[-1][0] else [shape[0][0], shape[-1][0]]
                        for end in ends:
                            self.at.setdefault(end, []).append(number)
                        for node, lat, lon in (shape[0], shape[-1]):
                            self.position[node] = (lat, lon)
                        start = index

        self.pair_footways()

    def carriageway(self, edge):
        edge = self.edges[edge]
        return bool(edge["label"]) and edge["footway"] is None and edge["kind"] not in PATH_KINDS

    def pair_footways(self):
        """Each unnamed sidewalk's road and each unnamed crossing's, by the rules above; a
        sidewalk's label becomes its road's."""
        roads = [index for index in range(len(self.edges)) if self.carriageway(index)]
        pairs = {}
        for index, edge in enumerate(self.edges):
            if edge["footway"] is None or edge["name"]:
                continue
            middle = midpoint(edge["shape"])
            if middle is None:
                continue
            point, heading = middle
            if edge["footway"] == "sidewalk":
                pairs[index] = self.nearest_road(point, roads, 20, lambda b: line_angle(b, heading) <= 30)
            else:
                ends = [edge["shape"][0][0], edge["shape"][-1][0]]
                meeting = [
                    (line_angle(self.leaving(end, other), heading), self.edges[other]["label"])
                    for end in ends for other in self.at[end] if self.carriageway(other)
                ]
                meeting = [m for m in meeting if m[0] > 45]
                best = max(meeting, key=lambda m: (m[0], [-ord(c) for c in m[1]])) if meeting else None
                pairs[index] = best[1] if best else self.nearest_road(point, roads, 5, lambda b: True)
        for index, follows in pairs.items():
            self.edges[index]["follows"] = follows
            if self.edges[index]["footway"] == "sidewalk" and follows:
                self.edges[index]["label"] = follows

    def nearest_road(self, point, roads, reach, accepts):
        best = None
        for road in roads:
            shape = self.edges[road]["shape"]
            if abs(shape[0][1] - point[0]) > 0.01 or abs(shape[0][2] - point[1]) > 0.02:
                continue
            for p, q in zip(shape, shape[1:]):
                if p[1:] == q[1:]:
                    continue
                metres = project(point, p[1:], q[1:])
                if metres <= reach and (best is None or metres < best[0]) and accepts(bearing(p[1:], q[1:])):
                    best = (metres, self.edges[road]["label"])
        return best[1] if best else None

    def said(self, edge):
        """A road as it is said: its label, a crossing by the road it crosses, else its kind's words."""
        edge = self.edges[edge]
        if edge["label"]:
            return edge["label"]
        if edge["footway"] == "crossing":
            return "a crossing of " + edge["follows"] if edge["follows"] else "a crossing"
        return KIND_WORDS.get(edge["kind"], "an unnamed road")

    def crossing_ahead(self, node, edge):
        """What is said of the crossing node `node` ahead inside `edge`."""
        listed, marked = self.ahead[node]
        street = self.said(edge)
        if listed:
            return f"Crossing ahead across {street}, with {listed}."
        return f"Marked crossing ahead across {street}." if marked else f"Crossing ahead across {street}."

    def kind(self, vertex):
        edges = self.at[vertex]
        ends = sum(1 if self.edges[e]["shape"][0][0] != self.edges[e]["shape"][-1][0] else 2 for e in edges)
        names = {self.edges[e]["name"] for e in edges if self.edges[e]["name"]}
        if ends == 1:
            return "dead end"
        if ends >= 3 or len(names) >= 2:
            return "roundabout" if any(self.edges[e]["roundabout"] for e in edges) else "intersection"
        return "through"

    def worth_a_word(self, vertex):
        kind = self.kind(vertex)
        labels = {self.edges[e]["label"] for e in self.at[vertex] if self.edges[e]["label"]}
        if kind == "roundabout":
            return True
        if kind == "dead end":
            return bool(labels)
        if kind == "intersection":
            return vertex in self.crossings or len(labels) >= 2
        return False

    def leaving(self, vertex, edge, reach=15.0):
        """The bearing at which `edge` leaves `vertex`: to its first point `reach` m along, else its end."""
        shape = self.edges[edge]["shape"]
        if shape[0][0] != vertex:
            shape = list(reversed(shape))
        start = shape[0][1:]
        walked = 0.0
        for a, b in zip(shape, shape[1:]):
            walked += distance(a[1:], b[1:])
            if walked >= reach:
                return bearing(start, b[1:])
        return bearing(start, shape[-1][1:])

    def other_end(self, edge, vertex):
        shape = self.edges[edge]["shape"]
        return shape[-1][0] if shape[0][0] == vertex else shape[0][0]

    def straight_on(self, vertex, arriving):
        """The edge leaving `vertex` most nearly straight on for one arriving by `arriving`."""
        travel = (self.leaving(vertex, arriving) + 180) % 360
        others = [edge for edge in self.at[vertex] if edge != arriving]
        return min(others, key=lambda edge: abs(relative(self.leaving(vertex, edge), travel)), default=None)

    def corner(self, vertex, arriving):
        """What is said approaching `vertex` by edge `arriving`: its kind, its roads as
        (words, direction, angle) clockwise from the left, and a crossing's words."""
        kind = self.kind(vertex)
        travel = (self.leaving(vertex, arriving) + 180) % 360
        roads = []
        for edge in self.at[vertex]:
            if edge == arriving:
                continue
            angle = relative(self.leaving(vertex, edge), travel)
            direction = "ahead" if abs(angle) <= 30 else ("right" if angle > 0 else "left")
            roads.append({"street": self.said(edge), "direction": direction, "angle": round(angle, 2)})
        roads.sort(key=lambda road: road["angle"])
        return {
            "node": vertex, "kind": kind, "roads": roads, "crossing": self.crossings.get(vertex),
            "ends": self.said(arriving) if kind == "dead end" else None,
        }


def corner_named(network, first, second):
    """The vertex where roads named `first` and `second` meet, nearest the centre."""
    found = [
        vertex for vertex, edges in network.at.items()
        if {first, second} <= {network.edges[e]["name"] for e in edges}
    ]
    return min(found, key=lambda vertex: (distance(network.position[vertex], CENTRE), vertex))


def shortest_path(graph, start, end):
    """Dijkstra over {vertex: {neighbour: (metres, edge)}}; ties broken by vertex id."""
    done, queue, previous = set(), [(0.0, start)], {start: None}
    best = {start: 0.0}
    while queue:
        metres, vertex = heapq.heappop(queue)
        if vertex in done:
            continue
        done.add(vertex)
        if vertex == end:
            break
        for neighbour, (length, _) in sorted(graph[vertex].items()):
            if metres + length < best.get(neighbour, math.inf):
                best[neighbour] = metres + length
                previous[neighbour] = vertex
                heapq.heappush(queue, (metres + length, neighbour))
    path = [end]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])
    return list(reversed(path))


def route(network, out):
    graph = {}
    for index, edge in enumerate(network.edges):
        a, b = edge["shape"][0][0], edge["shape"][-1][0]
        if not edge["label"] or edge["kind"] not in STREETS or a == b:
            continue
        known = graph.get(a, {}).get(b)
        if known is None or (edge["length"], index) < known:
            graph.setdefault(a, {})[b] = (edge["length"], index)
            graph.setdefault(b, {})[a] = (edge["length"], index)
    start, end = corner_named(network, *START_NAMES), corner_named(network, *END_NAMES)
    vertices = shortest_path(graph, start, end)
    # The shape, vertex by vertex; each vertex's distance along.
    points, along, corners, stretches, crossings = [network.position[start]], [0.0], [], [], []
    walked = 0.0
    arriving = None
    for index, (a, b) in enumerate(zip(vertices, vertices[1:])):
        edge = graph[a][b][1]
        shape = network.edges[edge]["shape"]
        if shape[0][0] != a:
            shape = list(reversed(shape))
        street = network.said(edge)
        if not stretches or stretches[-1]["street"] != street:
            stretches.append({"street": street, "from": walked, "node": a})
        for p, q in zip(shape, shape[1:]):
            metres = distance(p[1:], q[1:])
            if q is not shape[-1] and q[0] in network.ahead:
                crossings.append({"node": q[0], "at": walked + metres, "words": network.crossing_ahead(q[0], edge)})
            steps = max(1, math.ceil(metres / 3.0))
            for step in range(1, steps + 1):
                f = step / steps
                points.append((p[1] + (q[1] - p[1]) * f, p[2] + (q[2] - p[2]) * f))
                along.append(walked + metres * f)
            walked += metres
        arriving = edge
        stretches[-1]["to"] = walked
        if network.worth_a_word(b):
            corner = network.corner(b, arriving)
            corner["at"] = walked
            corner["arrival"] = len(points) - 1
            corners.append(corner)
    # Standing at a corner where the walk turns, still facing the way it came, the walker may
    # hear the corner worth a word straight on (within 20 m, past junctions not worth a word,
    # each time along the edge most nearly straight on): said, if at all, once, there.
    beyond = []
    for index in range(1, len(vertices) - 1):
        a, b, c = vertices[index - 1], vertices[index], vertices[index + 1]
        arriving, leaving = graph[a][b][1], graph[b][c][1]
        straight = network.straight_on(b, arriving)
        if straight is None or straight == leaving or not network.worth_a_word(b):
            continue
        vertex, edge, metres = b, straight, 0.0
        for _ in range(64):
            vertex = network.other_end(edge, vertex)
            metres += network.edges[edge]["length"]
            if metres > 20 or network.worth_a_word(vertex):
                break
            edge = network.straight_on(vertex, edge)
            if edge is None:
                break
        if metres <= 20 and edge is not None and network.worth_a_word(vertex):
            turn = next(corner for corner in corners if corner["node"] == b)
            extra = network.corner(vertex, edge)
            extra.update({"at": turn["at"], "arrival": turn["arrival"], "optional": True})
            beyond.append(extra)
    for corner in corners:
        corner["optional"] = False
        here = network.position[corner["node"]]
        # A walk that hears the corner afresh starts where the track first comes within 46 m of
        # it (the corner is said within intersection-distance, 20 m, along a way within 25 m).
        corner["window"] = next(i for i, point in enumerate(points) if distance(point, here) <= 46)
        # Whether, at or after the corner, the walker could have it ahead and 2.5 m away or more.
        corner["ahead_after"] = any(
            2.5 <= distance(point, here) <= 46 and abs(relative(bearing(point, here), course)) < 90.5
            for i in range(corner["arrival"] + 1, len(points))
            for course in [bearing(points[i - 1], points[i])]
            for f in (0.25, 0.5, 0.75, 1.0)
            for point in [(points[i - 1][0] + (points[i][0] - points[i - 1][0]) * f,
                           points[i - 1][1] + (points[i][1] - points[i - 1][1]) * f)]
        )
    # The compass of the walk at each metre: the course of the segment being walked.
    def course_at(metres):
        for i in range(1, len(points)):
            if along[i] >= metres and along[i] > along[i - 1]:
                return bearing(points[i - 1], points[i])
        return bearing(points[-2], points[-1])

    changes = []
    for stretch in stretches[1:]:
        changes.append({
            "street": stretch["street"], "at": stretch["from"], "length": stretch["to"] - stretch["from"],
            "headings": sorted({compass(course_at(stretch["from"] + m)) for m in range(9, 16)}),
        })
    with open(out, "w") as gpx:
        gpx.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="walk-oracle.py">\n<trk><trkseg>\n')
        for lat, lon in points:
            gpx.write(f'<trkpt lat="{lat:.8f}" lon="{lon:.8f}"></trkpt>\n')
        gpx.write("</trkseg></trk>\n</gpx>\n")
    corners = sorted(corners + beyond, key=lambda corner: (corner["at"], corner["optional"]))
    print(json.dumps({
        "length": walked, "points": len(points), "along": along, "start": stretches[0]["street"],
        "vertices": vertices, "corners": corners, "changes": changes, "crossings": crossings,
        "streets": [[s["street"], round(s["from"], 1), round(s["to"], 1)] for s in stretches],
    }, ensure_ascii=False))


def project(point, a, b):
    """Metres from `point` to the segment a-b on the plane tangent at `point`."""
    across = math.cos(math.radians(point[0])) * EARTH * math.pi / 180
    metres = EARTH * math.pi / 180
    ax, ay = (a[1] - point[1]) * across, (a[0] - point[0]) * metres
    bx, by = (b[1] - point[1]) * across, (b[0] - point[0]) * metres
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = max(0.0, min(1.0, -(ax * dx + ay * dy) / length)) if length > 0 else 0.0
    return math.hypot(ax + t * dx, ay + t * dy)


def where(network, seed, count):
    rng = random.Random(seed)
    answers = []
    for _ in range(count):
        point = (round(CENTRE[0] + rng.uniform(-0.004, 0.004), 7), round(CENTRE[1] + rng.uniform(-0.008, 0.008), 7))
        best = {}  # labelled or not -> (distance, words)
        for index, edge in enumerate(network.edges):
            shape = edge["shape"]
            if abs(shape[0][1] - point[0]) > 0.02 or abs(shape[0][2] - point[1]) > 0.04:
                continue
            for p, q in zip(shape, shape[1:]):
                metres = project(point, p[1:], q[1:])
                if metres > 25:
                    continue
                for group in ("any", "labelled") if edge["label"] else ("any",):
                    if group not in best or metres < best[group][0]:
                        best[group] = (metres, network.said(index))
        chosen = best.get("labelled") or best.get("any")
        group = "labelled" if "labelled" in best else "any"
        # The runner-up of the chosen group, to tell how clear the choice is.
        runner = None
        for index, edge in enumerate(network.edges):
            if group == "labelled" and not edge["label"]:
                continue
            if chosen is None or network.said(index) == chosen[1]:
                continue
            for p, q in zip(edge["shape"], edge["shape"][1:]):
                metres = project(point, p[1:], q[1:])
                if metres <= 25 and (runner is None or metres < runner):
                    runner = metres
        answers.append({
            "lat": round(point[0], 7), "lon": round(point[1], 7), "street": chosen[1] if chosen else None,
            "distance": round(chosen[0], 2) if chosen else None, "margin": round(runner - chosen[0], 2)
            if chosen and runner is not None else None,
        })
    print(json.dumps({"points": answers}, ensure_ascii=False))


if __name__ == "__main__":
    network = Network(sys.argv[2])
    if sys.argv[1] == "route":
        route(network, sys.argv[3])
    else:
        where(network, int(sys.argv[3]), int(sys.argv[4]))
