#!/usr/bin/python3
"""Writes a generated OpenStreetMap extract with pyosmium (Debian's python3-pyosmium): COUNT
named places (nodes with amenity, shop or tourism, in a grid about Helsinki's centre) and, for
every 100 places, a named street (a way of 5 unnamed nodes). With COUNT 0, unnamed nodes and an
unnamed way only: a valid file with no places. For the tests that kill an import and the one
that imports a file with no places.

With "varied" after the file (make bench's 10M extract): names of one to three made-up words
from a seeded generator (so that a search key is as selective as a real one), and places in a
grid 17.8 m apart each way (about 10,000 within any 1 km that is inside the grid: every point
is a dense point), about 31.6 km a side at 10M.
Usage: generate-extract.py COUNT OUT.osm.pbf [varied]
"""
import sys

import osmium

count = int(sys.argv[1])
out = sys.argv[2]
varied = len(sys.argv) > 3 and sys.argv[3] == "varied"
kinds = [("amenity", "cafe"), ("shop", "bakery"), ("tourism", "museum"), ("amenity", "restaurant")]
syllables = ("ka va la ti mo ne ru so pi ha ke lu ma no ri sa to vi ja ko pa me lo na si tu he"
             " ra mi ku ve ta lo jä kö py sä hy tö vä ly ny").split()
writer = osmium.SimpleWriter(out)
node_id = 1
state = 12345


def word():
    global state
    parts = []
    for _ in range(2 + state % 3):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        parts.append(syllables[(state >> 8) % len(syllables)])
    return "".join(parts).capitalize()


if count == 0:
    for i in range(10):
        writer.add_node(osmium.osm.mutable.Node(id=i + 1, location=(24.94 + i * 1e-4, 60.17), tags={"natural": "tree"}))
    writer.add_way(osmium.osm.mutable.Way(id=1, nodes=list(range(1, 11)), tags={"highway": "service"}))
else:
    side = max(1, int(count ** 0.5))
    step_lat, step_lon = (0.00016, 0.00032) if varied else (0.00005, 0.0001)
    for i in range(count):
        lat = 60.15 + (i // side) * step_lat
        lon = 24.90 + (i % side) * step_lon
        key, value = kinds[i % len(kinds)]
        if varied:
            name = " ".join(word() for _ in range(1 + state % 3))
        else:
            name = "Paikka %d Töölö" % i
        writer.add_node(osmium.osm.mutable.Node(id=node_id, location=(lon, lat), tags={"name": name, key: value}))
        node_id += 1
    streets = count // 100
    first_street_node = node_id
    for s in range(streets):
        for j in range(5):
            if varied:
                lat = 60.15 + ((s * 7919) % side) * step_lat
                lon = 24.90 + ((s * 37) % side) * step_lon + j * 0.001
            else:
                lat = 60.15 + (s % side) * 0.0005
                lon = 24.90 + j * 0.001
            writer.add_node(osmium.osm.mutable.Node(id=node_id, location=(lon, lat)))
            node_id += 1
    for s in range(streets):
        start = first_street_node + s * 5
        name = word() + "nkatu" if varied else "Katu %d" % s
        writer.add_way(osmium.osm.mutable.Way(
            id=s + 1, nodes=list(range(start, start + 5)), tags={"highway": "residential", "name": name}))
writer.close()
