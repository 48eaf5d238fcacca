#!/usr/bin/python3
"""The walking route's independent oracle: Debian's python3-networkx finds the shortest walk over
the walking network that pyosmium (python3-pyosmium) reads from an OpenStreetMap file, with no
code of nearby-voice's.

The network is walk-oracle.py's `Network`, imported from beside this file: the walkable ways,
vertices and edges by the rules of docs/place-store.md ("The walking network"), as
independent-network.py writes them (which cannot be imported: it reads its file as it loads),
and its sidewalks paired with the roads they follow by the rule of docs/position.md ("Sidewalks
and crossings"). Rules for a route, written again here:

- every edge is walked both ways at its length along its shape (great-circle distances between
  its points); of edges joining the same two vertices the shortest, and of those as long (to a
  millimetre: two ways drawn over the same nodes) the one with a name (else a ref, unless a
  sidewalk), of two the name first in order; an edge from a vertex to
  itself is never worth walking; with avoid_steps, no highway=steps edge;
- an edge's label: its name, else the road a sidewalk follows, else its ref, else none; a
  route's named streets are the labels of its edges in order, the unlabelled left out and a
  label repeated at once said once;
- a point is taken to the nearest point (on the plane tangent at it) of the nearest edge's
  segments; of points as near, within a centimetre, one at an end of its edge; from there it is
  walked along its edge to either end (and, both points on one edge, straight along it too).

Prints one JSON line a question, then the counts:
- {"type": "pair", "from", "to" (nodes), "from_lat", "from_lon", "to_lat", "to_lon",
  "avoid_steps", "length" (metres, null when no walk joins them), "streets", "path" (nodes)}:
  PAIRS seeded pairs of vertices of the largest connected piece of the network, 200 m to 2 km
  apart as the crow flies; then the same again without steps for those of them whose walk took
  steps (and whose ends have an edge that is not steps);
- {"type": "points", ...the same, "path" the vertices passed}: POINTS seeded pairs of points
  about the centre;
- {"type": "counts", "vertices", "edges", "pairs", "points"}.
Usage: route-oracle.py FILE [SEED [PAIRS [POINTS]]]
"""
import importlib.util
import json
import math
import os
import random
import sys

import networkx

SPEC = importlib.util.spec_from_file_location(
    "walk_oracle", os.path.join(os.path.dirname(os.path.abspath(__file__)), "walk-oracle.py"))
walk = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(walk)


def graph(network, avoid_steps):
    """The network as an undirected networkx graph of vertices (nodes), each edge's length and
    index on it: of parallel edges the shortest."""
    result = networkx.Graph()
    for index, edge in enumerate(network.edges):
        a, b = edge["shape"][0][0], edge["shape"][-1][0]
        if a == b or (avoid_steps and edge["kind"] == "steps"):
            continue
        if result.has_edge(a, b):
            known = result[a][b]
            if abs(known["length"] - edge["length"]) <= 0.001:
                if not preferred(network, index, known["edge"]):
                    continue
            elif known["length"] < edge["length"]:
                continue
        result.add_edge(a, b, length=edge["length"], edge=index)
    return result


def preferred(network, edge, other):
    """Of two edges joining the same vertices and as long (to a millimetre), whether `edge` is
    walked rather than `other`: a way with a name (else a ref, unless it is a sidewalk) before
    one without; of two, the name first in order (by code point); of two the same, the first."""
    def name(index):
        e = network.edges[index]
        return e["name"] or (e["label"] if e["footway"] != "sidewalk" else "")
    mine, theirs = name(edge), name(other)
    if mine and theirs and mine != theirs:
        return mine < theirs
    if mine and not theirs:
        return True
    if theirs and not mine:
        return False
    return edge < other


def streets(labels):
    """The named streets of a walk's edge labels: the unlabelled left out, repeats said once."""
    named = []
    for label in labels:
        if label and (not named or named[-1] != label):
            named.append(label)
    return named


def answer(network, result, start, end):
    """The shortest walk between two nodes of `result`, its length and named streets."""
    try:
        path = networkx.shortest_path(result, start, end, weight="length")
    except networkx.NetworkXNoPath:
        return None, [], []
    length = sum(result[a][b]["length"] for a, b in zip(path, path[1:]))
    labels = [network.edges[result[a][b]["edge"]]["label"] for a, b in zip(path, path[1:])]
    return length, streets(labels), path


def project(point, a, b):
    """Metres from `point` to the segment a-b on the plane tangent at `point`, and the fraction
    of the way from a to b of its nearest point."""
    north = walk.EARTH * math.pi / 180
    east = math.cos(math.radians(point[0])) * north
    ax, ay = (a[1] - point[1]) * east, (a[0] - point[0]) * north
    bx, by = (b[1] - point[1]) * east, (b[0] - point[0]) * north
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = max(0.0, min(1.0, -(ax * dx + ay * dy) / length)) if length > 0 else 0.0
    return math.hypot(ax + t * dx, ay + t * dy), t


def snap(network, point):
    """The edge a point is taken to and the metres along it from its first point."""
    best = None  # (metres, at an end, edge, along)
    for index, edge in enumerate(network.edges):
        shape = edge["shape"]
        walked = 0.0
        for offset in range(1, len(shape)):
            a, b = shape[offset - 1][1:], shape[offset][1:]
            metres, t = project(point, a, b)
            segment = walk.distance(a, b)
            at_end = (offset == 1 and t == 0) or (offset == len(shape) - 1 and t == 1)
            if best is None or metres < best[0] - 0.01 or (metres <= best[0] + 0.01 and at_end and not best[1]):
                best = (metres, at_end, index, walked + t * segment)
            walked += segment
    return best[2], best[3]


def points_answer(network, result, origin, destination):
    """The shortest walk between two points, each joined to its edge's ends in a copy of the graph."""
    joined = result.copy()
    ends = {}
    for name, point in (("origin", origin), ("destination", destination)):
        index, along = snap(network, point)
        edge = network.edges[index]
        ends[name] = (index, along)
        for node, metres in ((edge["shape"][0][0], along), (edge["shape"][-1][0], edge["length"] - along)):
            if not joined.has_edge(name, node) or joined[name][node]["length"] > metres:
                joined.add_edge(name, node, length=metres, edge=index)
    if ends["origin"][0] == ends["destination"][0]:
        joined.add_edge("origin", "destination", length=abs(ends["origin"][1] - ends["destination"][1]),
                        edge=ends["origin"][0])
    length, named, path = answer(network, joined, "origin", "destination")
    return length, named, [node for node in path if isinstance(node, int)]


def main():
    network = walk.Network(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 38
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    points = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    rng = random.Random(seed)
    full = graph(network, avoid_steps=False)
    without_steps = graph(network, avoid_steps=True)
    largest = sorted(max(networkx.connected_components(full), key=len))
    position = network.position

    def line(kind, start, end, avoid, length, named, path, origin=None, destination=None):
        origin = origin or position[start]
        destination = destination or position[end]
        print(json.dumps({
            "type": kind, "from": start, "to": end, "from_lat": origin[0], "from_lon": origin[1],
            "to_lat": destination[0], "to_lon": destination[1], "avoid_steps": avoid,
            "length": length, "streets": named, "path": path,
        }, ensure_ascii=False))

    asked = []
    while len(asked) < pairs:
        start = rng.choice(largest)
        near = [node for node in largest if 200 <= walk.distance(position[start], position[node]) <= 2000]
        if not near:
            continue
        end = rng.choice(near)
        length, named, path = answer(network, full, start, end)
        line("pair", start, end, False, length, named, path)
        asked.append((start, end, path))
    # Without steps, the walks that took steps, between vertices with another way out.
    def has_other(node):
        return any(network.edges[e]["kind"] != "steps" for e in network.at[node])

    stepped = 0
    for start, end, path in asked:
        used = [network.edges[full[a][b]["edge"]]["kind"] for a, b in zip(path, path[1:])]
        if "steps" in used and has_other(start) and has_other(end):
            stepped += 1
            length, named, walked = answer(network, without_steps, start, end) if start in without_steps and \
                end in without_steps else (None, [], [])
            line("pair", start, end, True, length, named, walked)
    for _ in range(points):
        origin = (round(walk.CENTRE[0] + rng.uniform(-0.006, 0.006), 7),
                  round(walk.CENTRE[1] + rng.uniform(-0.012, 0.012), 7))
        destination = (round(origin[0] + rng.uniform(-0.008, 0.008), 7),
                       round(origin[1] + rng.uniform(-0.016, 0.016), 7))
        length, named, path = points_answer(network, full, origin, destination)
        line("points", None, None, False, length, named, path, origin, destination)
    print(json.dumps({
        "type": "counts", "vertices": full.number_of_nodes(), "edges": full.number_of_edges(),
        "pairs": pairs + stepped, "points": points,
    }))


if __name__ == "__main__":
    main()
