#!/usr/bin/python3
"""Writes a generated OpenStreetMap extract with pyosmium (Debian's python3-pyosmium): COUNT
named places (nodes with amenity, shop or tourism, in a grid about Helsinki's centre) and, for
every 100 places, a named street (a way of 5 unnamed nodes). With COUNT 0, unnamed nodes and an
unnamed way only: a valid file with no places. For the tests that kill an import and the one
that imports a file with no places.
Usage: generate-extract.py COUNT OUT.osm.pbf
"""
import sys

import osmium

count = int(sys.argv[1])
out = sys.argv[2]
kinds = [("amenity", "cafe"), ("shop", "bakery"), ("tourism", "museum"), ("amenity", "restaurant")]
writer = osmium.SimpleWriter(out)
node_id = 1
street_nodes = []
if count == 0:
    for i in range(10):
        writer.add_node(osmium.osm.mutable.Node(id=i + 1, location=(24.94 + i * 1e-4, 60.17), tags={"natural": "tree"}))
    writer.add_way(osmium.osm.mutable.Way(id=1, nodes=list(range(1, 11)), tags={"highway": "service"}))
else:
    side = max(1, int(count ** 0.5))
    for i in range(count):
        lat = 60.15 + (i // side) * 0.00005
        lon = 24.90 + (i % side) * 0.0001
        key, value = kinds[i % len(kinds)]
        writer.add_node(osmium.osm.mutable.Node(
            id=node_id, location=(lon, lat), tags={"name": "Paikka %d Töölö" % i, key: value}))
        node_id += 1
    streets = count // 100
    first_street_node = node_id
    for s in range(streets):
        for j in range(5):
            lat = 60.15 + (s % side) * 0.0005
            lon = 24.90 + j * 0.001
            writer.add_node(osmium.osm.mutable.Node(id=node_id, location=(lon, lat)))
            node_id += 1
    for s in range(streets):
        start = first_street_node + s * 5
        writer.add_way(osmium.osm.mutable.Way(
            id=s + 1, nodes=list(range(start, start + 5)), tags={"highway": "residential", "name": "Katu %d" % s}))
writer.close()
