#!/usr/bin/python3
"""The import's independent check: reads an OpenStreetMap file with pyosmium (Debian's
python3-pyosmium, libosmium's Python binding, no code of nearby-voice's) and prints, one JSON
line each, every place the rule of docs/openstreetmap.md finds:

- a node, or a way, with a non-empty `name` and a tag that makes a place people walk to:
  any value of amenity, shop, tourism, leisure, healthcare, office, craft, historic (the first
  present gives the kind, in that order); else railway = station, halt, tram_stop,
  subway_entrance; else public_transport = station, platform; else highway = bus_stop;
- a node at its location; a way at its representative point: the mean latitude and the mean
  longitude of its distinct node locations (nodes outside the extract left out; a way with
  none is not a place);
- a relation of type=multipolygon with the same tags, at the same mean over the distinct node
  locations of all its outer member ways (role "outer" or none; a relation with none is not a
  place). The file is read twice: the relations first (and their outer ways' ids), then the
  ways with their node locations. Not pyosmium's area handler: its centroid is another point.

Each line: {"id": "node/1" (or "way/N", "relation/N"), "name": ..., "key": ..., "value": ...,
"lat": ..., "lon": ...}.
Usage: independent-reader.py FILE
"""
import json
import sys

import osmium

ANY_VALUE = ["amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic"]
SOME_VALUES = [
    ("railway", {"station", "halt", "tram_stop", "subway_entrance"}),
    ("public_transport", {"station", "platform"}),
    ("highway", {"bus_stop"}),
]


def kind_tag(tags):
    name = tags.get("name")
    if not name or not name.strip():
        return None
    for key in ANY_VALUE:
        if key in tags:
            return key, tags[key]
    for key, values in SOME_VALUES:
        if tags.get(key) in values:
            return key, tags[key]
    return None


class Reader(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.found = []

    def emit(self, tag, ident, tags, lat, lon):
        key, value = tag
        self.found.append({"id": ident, "name": tags.get("name"), "key": key, "value": value, "lat": lat, "lon": lon})

    def node(self, n):
        tag = kind_tag(n.tags)
        if tag and n.location.valid():
            self.emit(tag, "node/%d" % n.id, n.tags, n.location.lat, n.location.lon)

    def way(self, w):
        tag = kind_tag(w.tags)
        if not tag:
            return
        points = {(node.location.x, node.location.y) for node in w.nodes if node.location.valid()}
        if not points:
            return
        lat = sum(y for _, y in points) / 1e7 / len(points)
        lon = sum(x for x, _ in points) / 1e7 / len(points)
        self.emit(tag, "way/%d" % w.id, w.tags, lat, lon)


class Multipolygons(osmium.SimpleHandler):
    """The first pass: the multipolygon relations that make a place, and their outer ways."""

    def __init__(self):
        super().__init__()
        self.relations = []
        self.outer = {}

    def relation(self, r):
        if r.tags.get("type") != "multipolygon":
            return
        tag = kind_tag(r.tags)
        if not tag:
            return
        index = len(self.relations)
        self.relations.append((r.id, tag, dict(r.tags), set()))
        for member in r.members:
            if member.type == "w" and member.role in ("", "outer"):
                self.outer.setdefault(member.ref, []).append(index)


class OuterWays(osmium.SimpleHandler):
    """The second pass: each outer way's node locations, given to its relations."""

    def __init__(self, multipolygons):
        super().__init__()
        self.multipolygons = multipolygons

    def way(self, w):
        for index in self.multipolygons.outer.get(w.id, []):
            points = self.multipolygons.relations[index][3]
            points.update((node.location.x, node.location.y) for node in w.nodes if node.location.valid())


reader = Reader()
reader.apply_file(sys.argv[1], locations=True)
multipolygons = Multipolygons()
multipolygons.apply_file(sys.argv[1])
OuterWays(multipolygons).apply_file(sys.argv[1], locations=True)
for ident, tag, tags, points in multipolygons.relations:
    if points:
        lat = sum(y for _, y in points) / 1e7 / len(points)
        lon = sum(x for x, _ in points) / 1e7 / len(points)
        reader.emit(tag, "relation/%d" % ident, tags, lat, lon)
for place in reader.found:
    print(json.dumps(place, ensure_ascii=False))
