#!/usr/bin/python3
"""Writes a generated OpenStreetMap extract with pyosmium (Debian's python3-pyosmium): COUNT
named places (nodes with amenity, shop or tourism, in a grid about Helsinki's centre) and, for
every 100 places, a named street (a way of 5 unnamed nodes). With COUNT 0, unnamed nodes and an
unnamed way only: a valid file with no places. For the tests that kill an import and the one
that imports a file with no places.

With "varied" after the file (make bench's 10M extract): names of one to three made-up words
from a seeded generator (so that a search key is as selective as a real one), and places in a
grid 17.8 m apart each way (about 10,000 within any 1 km that is inside the grid: every point
is a dense point), about 31.6 km a side at 10M. Its streets are a connected grid over the
places' area instead: named residential streets every 7 places (about 125 m) each way, sharing
their nodes where they cross (so that they meet at intersections), each line of the grid cut
into ways of 8 blocks with names of their own (so that a street changes its name at a corner),
a node halfway along every block, and in every third block an unnamed footway across it from
the middle of its south side to the middle of its north side (a corner of three ways at each
end). Deterministic.
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


def grid(count, side, step_lat, step_lon, first):
    """The varied extract's streets: a grid of named residential streets every BLOCK places
    each way over the places' rows and columns, a node at each corner and halfway along each
    block, ways of WAY_BLOCKS blocks, an unnamed footway across every third block."""
    block, way_blocks = 7, 8
    rows = (count + side - 1) // side
    blocks_ns = max(1, (rows - 1) // block)
    blocks_ew = max(1, (side - 1) // block)
    lat0 = 60.15 + step_lat / 2
    lon0 = 24.90 + step_lon / 2
    corner_lat = lambda i: lat0 + i * block * step_lat
    corner_lon = lambda j: lon0 + j * block * step_lon
    lines_ew, lines_ns = blocks_ns + 1, blocks_ew + 1
    corners = first
    mid_ew = corners + lines_ew * lines_ns  # halfway along the block east of corner (i, j)
    mid_ns = mid_ew + lines_ew * blocks_ew  # halfway along the block north of corner (i, j)
    corner = lambda i, j: corners + i * lines_ns + j
    east = lambda i, j: mid_ew + i * blocks_ew + j
    north = lambda i, j: mid_ns + i * lines_ns + j
    for i in range(lines_ew):
        for j in range(lines_ns):
            writer.add_node(osmium.osm.mutable.Node(id=corner(i, j), location=(corner_lon(j), corner_lat(i))))
    for i in range(lines_ew):
        for j in range(blocks_ew):
            writer.add_node(osmium.osm.mutable.Node(
                id=east(i, j), location=((corner_lon(j) + corner_lon(j + 1)) / 2, corner_lat(i))))
    for i in range(blocks_ns):
        for j in range(lines_ns):
            writer.add_node(osmium.osm.mutable.Node(
                id=north(i, j), location=(corner_lon(j), (corner_lat(i) + corner_lat(i + 1)) / 2)))
    way_id = 1
    for i in range(lines_ew):
        for j0 in range(0, blocks_ew, way_blocks):
            nodes = [corner(i, j0)]
            for j in range(j0, min(blocks_ew, j0 + way_blocks)):
                nodes += [east(i, j), corner(i, j + 1)]
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=nodes, tags={"highway": "residential", "name": word() + "nkatu"}))
            way_id += 1
    for j in range(lines_ns):
        for i0 in range(0, blocks_ns, way_blocks):
            nodes = [corner(i0, j)]
            for i in range(i0, min(blocks_ns, i0 + way_blocks)):
                nodes += [north(i, j), corner(i + 1, j)]
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=nodes, tags={"highway": "residential", "name": word() + "ntie"}))
            way_id += 1
    for i in range(blocks_ns):
        for j in range(blocks_ew):
            if (i * 31 + j * 17) % 3 == 0:
                writer.add_way(osmium.osm.mutable.Way(
                    id=way_id, nodes=[east(i, j), east(i + 1, j)], tags={"highway": "footway"}))
                way_id += 1


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
    if varied:
        grid(count, side, step_lat, step_lon, node_id)
        writer.close()
        sys.exit(0)
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
