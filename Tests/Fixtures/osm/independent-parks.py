#!/usr/bin/python3
"""The parks' outlines' independent check: reads an OpenStreetMap file with pyosmium (Debian's
python3-pyosmium, libosmium's Python binding, no code of nearby-voice's) and prints, one JSON
line each, every park libosmium's own area assembler makes: an area from a closed way, or from
a relation of type=multipolygon, with leisure=park and a non-empty name, and its outer rings as
lists of [latitude, longitude] (each closed: its last point its first). The assembler makes no
area of a way or relation whose nodes or member ways are not all in the extract, nor of rings
that do not close: the store keeps the same parks, through its own joining of the outer ways.

Usage: independent-parks.py FILE.osm.pbf
"""

from json import dumps
from osmium import SimpleHandler
from sys import argv


class Multipolygons(SimpleHandler):
    """The ids of the relations of type=multipolygon: an area made from a relation no longer
    carries its type tag, and the assembler also makes areas of type=boundary."""

    def __init__(self):
        super().__init__()
        self.ids = set()

    def relation(self, relation):
        if relation.tags.get("type") == "multipolygon":
            self.ids.add(relation.id)


class Parks(SimpleHandler):
    def __init__(self, multipolygons):
        super().__init__()
        self.multipolygons = multipolygons
        self.parks = []

    def area(self, area):
        tags = area.tags
        if tags.get("leisure") != "park" or not tags.get("name"):
            return
        if not area.from_way() and area.orig_id() not in self.multipolygons:
            return
        kind = "way" if area.from_way() else "relation"
        rings = [[[node.lat, node.lon] for node in ring] for ring in area.outer_rings()]
        self.parks.append({"id": f"{kind}/{area.orig_id()}", "name": tags.get("name"), "rings": rings})


multipolygons = Multipolygons()
multipolygons.apply_file(argv[1])
parks = Parks(multipolygons.ids)
parks.apply_file(argv[1], locations=True)
for park in sorted(parks.parks, key=lambda park: park["id"]):
    print(dumps(park, ensure_ascii=False))
