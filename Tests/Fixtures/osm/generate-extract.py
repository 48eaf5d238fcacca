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

With "spread" after the file (issue 42's country-sized extract for the node-location index):
COUNT is the number of nodes, and their ids are spread as a real country's are in the planet:
sorted, over 1..12,500,000,000 (the planet's node ids in 2025), sparser among the older ids (the
density rises linearly from 0.4 of the newest's at id 1: a model of older nodes deleted more
often, not a measured curve). Most nodes are untagged way nodes, as in a real country: each
object is a run of consecutive ids (a mapper's nodes of one way are created together) at a
place of its own in a box over southern Finland (60-62 N, 22-27 E): buildings (70% of the
ways, 4 nodes and closed, 1 in 50 a named place), landuse and water areas (15%, 8-20 nodes),
streams and power lines (7%), walkable highways (7%, 5-11 nodes, 6 in 10 continuing the
previous highway from its last node, so that they meet; named residential streets, else
footways and service roads), and named places as single tagged nodes (1% of the objects). The
ways' ids are spread the same way over 1..1,350,000,000. About 6 nodes an object. Deterministic
(a seeded generator, read twice: the nodes, then the ways). Large files are written as OPL text
through osmium-tool (`osmium cat`, when installed: pyosmium writes ~20-50k objects a second,
too slow for 100M nodes); small ones, and any without osmium-tool, through pyosmium, the same
objects either way (locations in whole 1e-7 degrees).
Usage: generate-extract.py COUNT OUT.osm.pbf [varied|spread]
"""
import math
import random
import shutil
import subprocess
import sys

import osmium

count = int(sys.argv[1])
out = sys.argv[2]
varied = len(sys.argv) > 3 and sys.argv[3] == "varied"
spread = len(sys.argv) > 3 and sys.argv[3] == "spread"
kinds = [("amenity", "cafe"), ("shop", "bakery"), ("tourism", "museum"), ("amenity", "restaurant")]
syllables = ("ka va la ti mo ne ru so pi ha ke lu ma no ri sa to vi ja ko pa me lo na si tu he"
             " ra mi ku ve ta lo jä kö py sä hy tö vä ly ny").split()
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


MAX_NODE_ID = 12_500_000_000
MAX_WAY_ID = 1_350_000_000
OLDEST_DENSITY = 0.4
SPREAD_NODES_A_RUN = 6.03  # the expected nodes of an object (run), from the shares below


def spread_quantile(q):
    """Where the fraction q of the ids lies, in 0..1, under a density that rises linearly from
    OLDEST_DENSITY at 0 to 1 at 1 (the inverse of its distribution function)."""
    a = OLDEST_DENSITY
    return (-a + math.sqrt(a * a + (1 - a * a) * q)) / (1 - a)


def spread_runs(nodes):
    """The spread extract's objects in id order, the same each call: (kind, first node id,
    locations in 1e-7 degrees, the node id it continues from or None, way id or None, tags)."""
    rng = random.Random(42)
    runs = max(1, int(nodes / SPREAD_NODES_A_RUN))
    lat_lo, lat_hi, lon_lo, lon_hi = 600_000_000, 620_000_000, 220_000_000, 270_000_000
    previous_end = None  # the last highway's last node: (id, lat, lon)
    made = 0
    start_q = 0.0
    for k in range(runs):
        end_q = spread_quantile((k + 1) / runs)
        lo = int(start_q * MAX_NODE_ID) + 1
        hi = int(end_q * MAX_NODE_ID) + 1
        way_id = int(start_q * MAX_WAY_ID) + 1
        start_q = end_q
        draw = rng.random()
        lat = rng.randrange(lat_lo, lat_hi)
        lon = rng.randrange(lon_lo, lon_hi)
        joined = None
        tags = {}
        if draw < 0.01:
            kind, points = "place", [(lat, lon)]
            key, value = kinds[k % len(kinds)]
            tags = {"name": word() + " " + word(), key: value}
            way_id = None
        elif draw < 0.71:
            kind = "building"
            dy, dx = 1000 + rng.randrange(800), 2000 + rng.randrange(1600)  # about 11-20 m by 11-20 m
            points = [(lat, lon), (lat, lon + dx), (lat + dy, lon + dx), (lat + dy, lon)]
            tags = {"building": "yes"}
            if rng.random() < 0.02:
                key, value = kinds[k % len(kinds)]
                tags.update({"name": word() + " " + word(), key: value})
        elif draw < 0.86:
            kind = "area"
            n = 8 + rng.randrange(13)
            radius = 5000 + rng.randrange(20000)
            points = [(lat + int(radius * math.sin(2 * math.pi * i / n)),
                       lon + int(2 * radius * math.cos(2 * math.pi * i / n))) for i in range(n)]
            tags = rng.choice([{"landuse": "forest"}, {"natural": "water"}, {"landuse": "meadow"}])
        else:
            kind = "line" if draw < 0.93 else "highway"
            n = 5 + rng.randrange(7)
            if kind == "highway" and previous_end is not None and rng.random() < 0.6:
                joined, lat, lon = previous_end
            step_lat, step_lon = rng.randrange(-3600, 3600), rng.randrange(-7200, 7200)  # up to ~40 m a step
            first = 0 if joined is None else 1
            points = [(lat + i * step_lat + rng.randrange(-300, 300), lon + i * step_lon + rng.randrange(-600, 600))
                      for i in range(first, first + n)]
            if kind == "line":
                tags = rng.choice([{"waterway": "stream"}, {"power": "line"}])
            elif rng.random() < 0.6:
                tags = {"highway": "residential", "name": word() + "nkatu"}
            else:
                tags = {"highway": rng.choice(["footway", "service"])}
        if hi - lo <= len(points):
            raise SystemExit("too many nodes for the id range")
        first_id = lo + rng.randrange(hi - lo - len(points))
        if kind == "highway":
            previous_end = (first_id + len(points) - 1,) + points[-1]
        made += len(points)
        yield kind, first_id, points, joined, way_id, tags


def opl_text(value):
    """OPL's escaping of a tag's key or value: anything but plain ASCII letters and digits
    (and a few safe signs) as %hex%."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-:.") else "%%%x%%" % ord(c) for c in value)


def write_spread(nodes, out):
    """The spread extract: nodes (every run's, in id order), then ways."""
    def node_lines():
        for kind, first, points, joined, way_id, tags in spread_runs(nodes):
            for i, (lat, lon) in enumerate(points):
                line = "n%d x%d.%07d y%d.%07d" % (first + i, lon // 10**7, lon % 10**7, lat // 10**7, lat % 10**7)
                if kind == "place":
                    line += " T" + ",".join("%s=%s" % (opl_text(k), opl_text(v)) for k, v in tags.items())
                yield line, first + i, lat, lon, (tags if kind == "place" else None)

    def way_lines():
        for kind, first, points, joined, way_id, tags in spread_runs(nodes):
            if way_id is None:
                continue
            refs = ([joined] if joined is not None else []) + list(range(first, first + len(points)))
            if kind in ("building", "area"):
                refs.append(first)
            yield way_id, refs, tags

    global state
    if nodes >= 1_000_000 and shutil.which("osmium"):
        osmium_cat = subprocess.Popen(["osmium", "cat", "-F", "opl", "-o", out, "-O", "--no-progress"],
                                      stdin=subprocess.PIPE)
        pipe = osmium_cat.stdin
        batch = []
        state = 12345
        for line, *_ in node_lines():
            batch.append(line)
            if len(batch) >= 50_000:
                pipe.write(("\n".join(batch) + "\n").encode())
                batch = []
        state = 12345
        for way_id, refs, tags in way_lines():
            batch.append("w%d T%s N%s" % (way_id, ",".join("%s=%s" % (opl_text(k), opl_text(v)) for k, v in tags.items()),
                                          ",".join("n%d" % r for r in refs)))
            if len(batch) >= 50_000:
                pipe.write(("\n".join(batch) + "\n").encode())
                batch = []
        pipe.write(("\n".join(batch) + "\n").encode() if batch else b"")
        pipe.close()
        if osmium_cat.wait() != 0:
            raise SystemExit("osmium cat failed")
        return
    writer = osmium.SimpleWriter(out)
    state = 12345
    for _, node, lat, lon, tags in node_lines():
        writer.add_node(osmium.osm.mutable.Node(id=node, location=(lon / 1e7, lat / 1e7), tags=tags or {}))
    state = 12345
    for way_id, refs, tags in way_lines():
        writer.add_way(osmium.osm.mutable.Way(id=way_id, nodes=refs, tags=tags))
    writer.close()


if spread:
    write_spread(count, out)
    sys.exit(0)
writer = osmium.SimpleWriter(out)
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
