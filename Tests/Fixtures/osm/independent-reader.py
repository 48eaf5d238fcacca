#!/usr/bin/python3
"""The import's independent check: reads an OpenStreetMap file with pyosmium (Debian's
python3-pyosmium, libosmium's Python binding, no code of nearby-voice's) and prints, one JSON
line each, every place the rule of docs/openstreetmap.md finds:

- a node, or a way, with a non-empty `name` and a tag that makes a place people walk to:
  any value of amenity, shop, tourism, leisure, healthcare, office, craft, historic (the first
  present gives the kind, in that order); else a transit kind, the first of: highway=bus_stop;
  a public_transport=platform with bus=yes or trolleybus=yes (a bus stop); railway=tram_stop;
  a platform with tram=yes (a tram stop); railway=station; railway=halt;
  public_transport=station; railway=subway_entrance; public_transport=platform;
- a node at its location; a way at its representative point: the mean latitude and the mean
  longitude of its distinct node locations (nodes outside the extract left out; a way with
  none is not a place);
- a relation of type=multipolygon with the same tags, at the same mean over the distinct node
  locations of all its outer member ways (role "outer" or none; a relation with none is not a
  place). The file is read twice: the relations first (and their outer ways' ids), then the
  ways with their node locations. Not pyosmium's area handler: its centroid is another point.

- the parts of one stop are one place: the nodes and ways of a transit kind (not subway
  entrances, nor an object with one of the first keys) and the named public_transport=
  stop_position nodes; two parts are one stop when a public_transport=stop_area relation has
  both as members, or when their names are equal, they are at most 50 m apart (haversine, mean
  Earth radius) and their modes agree (one has none, or they share one: bus from
  highway=bus_stop, bus=yes, trolleybus=yes; tram from railway=tram_stop, tram=yes,
  light_rail=yes; subway from subway=yes, station=subway; train from railway=halt, train=yes,
  railway=station but not station=subway; ferry from ferry=yes), and so on along a chain. The
  stop is its part of the lowest rank in the order above (a stop position never), the first in
  the file of equals, at that part's position; its lines are every (mode, ref) of the route
  relations (route = bus, trolleybus: bus; tram, light_rail: tram; subway; train, monorail:
  train; ferry; with a ref) that have any of its parts as a member (any node; a way with a role
  beginning "platform" or "stop"). A group of stop positions alone is no place.

Each line: {"id": "node/1" (or "way/N", "relation/N"), "name": ..., "key": ..., "value": ...,
"lat": ..., "lon": ..., "lines": ["bus 16", ...] (sorted)}.
Usage: independent-reader.py FILE
"""
import json
import math
import sys

import osmium

ANY_VALUE = ["amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic"]
SOME_VALUES = [
    ("railway", {"station", "halt", "tram_stop", "subway_entrance"}),
    ("public_transport", {"station", "platform"}),
    ("highway", {"bus_stop"}),
]


TRANSIT = [
    (lambda t: t.get("highway") == "bus_stop", ("highway", "bus_stop")),
    (lambda t: t.get("public_transport") == "platform" and "yes" in (t.get("bus"), t.get("trolleybus")),
     ("highway", "bus_stop")),
    (lambda t: t.get("railway") == "tram_stop", ("railway", "tram_stop")),
    (lambda t: t.get("public_transport") == "platform" and t.get("tram") == "yes", ("railway", "tram_stop")),
    (lambda t: t.get("railway") == "station", ("railway", "station")),
    (lambda t: t.get("railway") == "halt", ("railway", "halt")),
    (lambda t: t.get("public_transport") == "station", ("public_transport", "station")),
    (lambda t: t.get("railway") == "subway_entrance", ("railway", "subway_entrance")),
    (lambda t: t.get("public_transport") == "platform", ("public_transport", "platform")),
]
ROUTE_MODES = {"bus": "bus", "trolleybus": "bus", "tram": "tram", "light_rail": "tram", "subway": "subway",
               "train": "train", "monorail": "train", "ferry": "ferry"}


def transit(tags):
    """(rank, (key, value)) of a transit kind, or None."""
    for rank, (test, tag) in enumerate(TRANSIT):
        if test(tags):
            return rank, tag
    return None


def kind_tag(tags):
    name = tags.get("name")
    if not name or not name.strip():
        return None
    for key in ANY_VALUE:
        if key in tags:
            return key, tags[key]
    found = transit(tags)
    return found[1] if found else None


def modes(tags):
    found = set()
    if tags.get("highway") == "bus_stop" or tags.get("bus") == "yes" or tags.get("trolleybus") == "yes":
        found.add("bus")
    if tags.get("railway") == "tram_stop" or tags.get("tram") == "yes" or tags.get("light_rail") == "yes":
        found.add("tram")
    if tags.get("subway") == "yes" or tags.get("station") == "subway":
        found.add("subway")
    if (tags.get("railway") == "station" and tags.get("station") != "subway") or tags.get("railway") == "halt" \
            or tags.get("train") == "yes":
        found.add("train")
    if tags.get("ferry") == "yes":
        found.add("ferry")
    return found


def metres(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


class Reader(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.found = []

        self.parts = []

    def emit(self, tag, ident, tags, lat, lon):
        key, value = tag
        place = {"id": ident, "name": tags.get("name"), "key": key, "value": value, "lat": lat, "lon": lon,
                 "lines": []}
        found = transit(tags)
        if found and found[1] != ("railway", "subway_entrance") and not any(k in tags for k in ANY_VALUE):
            self.parts.append({"id": ident, "place": place, "rank": found[0], "name": tags.get("name").strip(),
                               "at": (lat, lon), "modes": modes(tags)})
        else:
            self.found.append(place)

    def node(self, n):
        tag = kind_tag(n.tags)
        if tag and n.location.valid():
            self.emit(tag, "node/%d" % n.id, n.tags, n.location.lat, n.location.lon)
        elif n.tags.get("public_transport") == "stop_position" and n.tags.get("name", "").strip() \
                and n.location.valid():
            self.parts.append({"id": "node/%d" % n.id, "place": None, "rank": 99,
                               "name": n.tags.get("name").strip(),
                               "at": (n.location.lat, n.location.lon), "modes": modes(n.tags)})

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


class Memberships(osmium.SimpleHandler):
    """The route relations' lines of each member, and the stop areas' members."""

    def __init__(self):
        super().__init__()
        self.lines = {}
        self.areas = []

    def relation(self, r):
        tags = r.tags
        if tags.get("type") == "route" and tags.get("route") in ROUTE_MODES and tags.get("ref", "").strip():
            line = "%s %s" % (ROUTE_MODES[tags.get("route")], tags.get("ref").strip())
            for member in r.members:
                if member.type == "n" or (member.type == "w" and member.role.startswith(("platform", "stop"))):
                    ident = ("node/%d" if member.type == "n" else "way/%d") % member.ref
                    self.lines.setdefault(ident, set()).add(line)
        elif tags.get("public_transport") == "stop_area":
            self.areas.append({("node/%d" if m.type == "n" else "way/%d") % m.ref
                               for m in r.members if m.type in ("n", "w")})


def stops(parts, memberships):
    """The stops the parts make (the module's docstring says how)."""
    parent = list(range(len(parts)))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i

    def join(a, b):
        a, b = root(a), root(b)
        if a != b:
            parent[max(a, b)] = min(a, b)

    index = {part["id"]: i for i, part in enumerate(parts)}
    for area in memberships.areas:
        members = [index[m] for m in area if m in index]
        for other in members[1:]:
            join(members[0], other)
    for i, a in enumerate(parts):
        for j in range(i + 1, len(parts)):
            b = parts[j]
            if a["name"] != b["name"]:
                continue
            if a["modes"] and b["modes"] and not (a["modes"] & b["modes"]):
                continue
            if metres(a["at"], b["at"]) <= 50:
                join(i, j)
    groups = {}
    for i in range(len(parts)):
        groups.setdefault(root(i), []).append(i)
    found = []
    for members in groups.values():
        places = [i for i in members if parts[i]["place"]]
        if not places:
            continue
        first = min(places, key=lambda i: (parts[i]["rank"], i))
        place = dict(parts[first]["place"])
        place["lines"] = sorted(set().union(*(memberships.lines.get(parts[i]["id"], set()) for i in members)))
        found.append(place)
    return found


reader = Reader()
reader.apply_file(sys.argv[1], locations=True)
memberships = Memberships()
memberships.apply_file(sys.argv[1])
reader.found += stops(reader.parts, memberships)
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
