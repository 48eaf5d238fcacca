#!/usr/bin/python3
"""The walking network's independent check: reads an OpenStreetMap file with pyosmium (Debian's
python3-pyosmium, no code of nearby-voice's) and builds the walking network by the rules of
docs/place-store.md ("The walking network"), written again here:

- a walkable way: highway = residential, living_street, pedestrian, footway, path, steps,
  service, unclassified, road, track, cycleway, corridor, tertiary, secondary, primary, trunk
  (and their _link); not foot=no; not access=private or no unless foot = yes, designated or
  permissive;
- a way's nodes in order, a node repeated at once counted once; a node missing from the file cuts
  the way into pieces; a piece of one node is dropped;
- a vertex: a node that ends a piece, or that the pieces of all ways pass through twice or more;
  an edge: the stretch of a piece between two vertices; a vertex's degree: its edge ends;
- an intersection: a vertex of degree 3 or more, or whose edges carry two or more different
  (non-empty) names; a dead end: degree 1; a roundabout vertex: one of its ways has
  junction=roundabout;
- a crossing: a node with highway=crossing or any crossing tag, but not crossing=no.

Prints one JSON line an intersection ({"type": "intersection", "node", "lat", "lon", "names",
"kinds" (of its unnamed roads), "degree", "roundabout"}), one a crossing ({"type": "crossing",
"node", "lat", "lon", "crossing", "signals", "tactile_paving", "button_operated", "sound",
"traffic_signals", "vertex" (whether it is a vertex), "on_way" (whether a walkable way passes through
it)}), and last the counts ({"type": "counts", "walkable_ways", "vertices",
"edges", "intersections", "dead_ends", "crossings"}).
Usage: independent-network.py FILE
"""
import json
import sys

import osmium

WALKABLE = {
    "residential", "living_street", "pedestrian", "footway", "path", "steps", "service", "unclassified",
    "road", "track", "cycleway", "corridor", "tertiary", "tertiary_link", "secondary", "secondary_link",
    "primary", "primary_link", "trunk", "trunk_link",
}


def walkable(tags):
    if tags.get("highway") not in WALKABLE or tags.get("foot") == "no":
        return False
    if tags.get("access") in ("private", "no"):
        return tags.get("foot") in ("yes", "designated", "permissive")
    return True


class Network(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.ways = []  # (name, kind, roundabout, pieces: [[(id, lat, lon)]])
        self.crossings = []
        self.walkable_ways = 0

    def node(self, n):
        highway = n.tags.get("highway")
        crossing = n.tags.get("crossing")
        if crossing == "no" or not (highway == "crossing" or crossing is not None):
            return
        if not n.location.valid():
            return
        self.crossings.append({
            "type": "crossing", "node": n.id, "lat": n.location.lat, "lon": n.location.lon,
            "crossing": crossing or "", "signals": n.tags.get("crossing:signals", ""),
            "tactile_paving": n.tags.get("tactile_paving", ""), "button_operated": n.tags.get("button_operated", ""),
            "sound": n.tags.get("traffic_signals:sound", ""), "traffic_signals": highway == "traffic_signals",
        })

    def way(self, w):
        if not walkable(w.tags):
            return
        self.walkable_ways += 1
        pieces = [[]]
        for node in w.nodes:
            if not node.location.valid():
                pieces.append([])
                continue
            piece = pieces[-1]
            if piece and piece[-1][0] == node.ref:
                continue
            piece.append((node.ref, node.location.lat, node.location.lon))
        pieces = [piece for piece in pieces if len(piece) >= 2]
        if pieces:
            self.ways.append((w.tags.get("name", ""), w.tags["highway"], w.tags.get("junction") == "roundabout", pieces))


network = Network()
network.apply_file(sys.argv[1], locations=True)

passes = {}
for _, _, _, pieces in network.ways:
    for piece in pieces:
        for node, _, _ in piece:
            passes[node] = passes.get(node, 0) + 1

vertices = {}  # node -> {"lat", "lon", "degree", "names", "kinds", "roundabout"}
edges = 0


def end(node, lat, lon, name, kind, roundabout):
    vertex = vertices.setdefault(
        node, {"lat": lat, "lon": lon, "degree": 0, "names": set(), "kinds": set(), "roundabout": False})
    vertex["degree"] += 1
    if name:
        vertex["names"].add(name)
    else:
        vertex["kinds"].add(kind)
    vertex["roundabout"] = vertex["roundabout"] or roundabout


for name, kind, roundabout, pieces in network.ways:
    for piece in pieces:
        start = 0
        for index in range(1, len(piece)):
            if index == len(piece) - 1 or passes[piece[index][0]] >= 2:
                end(*piece[start], name, kind, roundabout)
                end(*piece[index], name, kind, roundabout)
                edges += 1
                start = index

intersections = 0
for node, vertex in sorted(vertices.items()):
    if vertex["degree"] >= 3 or len(vertex["names"]) >= 2:
        intersections += 1
        print(json.dumps({
            "type": "intersection", "node": node, "lat": vertex["lat"], "lon": vertex["lon"],
            "names": sorted(vertex["names"]), "kinds": sorted(vertex["kinds"]), "degree": vertex["degree"],
            "roundabout": vertex["roundabout"],
        }, ensure_ascii=False))
seen = set()
for crossing in network.crossings:
    if crossing["node"] not in seen:
        seen.add(crossing["node"])
        crossing["vertex"] = crossing["node"] in vertices
        crossing["on_way"] = crossing["node"] in passes
        print(json.dumps(crossing, ensure_ascii=False))
print(json.dumps({
    "type": "counts", "walkable_ways": network.walkable_ways, "vertices": len(vertices), "edges": edges,
    "intersections": intersections, "dead_ends": sum(1 for v in vertices.values() if v["degree"] == 1),
    "crossings": len(seen),
}))
