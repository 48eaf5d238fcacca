#!/usr/bin/python3
"""The import's streets against an independent reader: reads an OpenStreetMap file with
pyosmium (node locations from its own index, no code of nearby-voice's) and a place store with
Python's sqlite3, and prints one JSON object: how many streets pyosmium finds (a way with a
`highway` tag and a non-empty `name`, its points the locations of its nodes that are in the
file, in order; a way with none is no street), how many the store's `streets` table holds, and
up to 20 differences (a street missing, extra, or with another name or other points, to 1e-7
degrees).
Usage: independent-streets.py EXTRACT STORE
"""
import json
import sqlite3
import struct
import sys

import osmium

extract, store = sys.argv[1], sys.argv[2]


class Streets(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.found = {}

    def way(self, way):
        name = way.tags.get("name")
        if not name or "highway" not in way.tags:
            return
        points = [(n.location.lat, n.location.lon) for n in way.nodes if n.location.valid()]
        if points:
            self.found[way.id] = (name, points)


reader = Streets()
reader.apply_file(extract, locations=True, idx="sparse_mem_array")
stored = {}
for osm_id, name, blob in sqlite3.connect(store).execute("SELECT osm_id, name, points FROM streets"):
    values = struct.unpack("<%dd" % (len(blob) // 8), blob)
    stored[osm_id] = (name, list(zip(values[0::2], values[1::2])))
wrong = []
for osm_id, (name, points) in reader.found.items():
    if osm_id not in stored:
        wrong.append("way/%d %s: missing" % (osm_id, name))
        continue
    got_name, got_points = stored[osm_id]
    if got_name != name:
        wrong.append("way/%d: name %s, pyosmium %s" % (osm_id, got_name, name))
    if len(got_points) != len(points) or any(
            abs(a[0] - b[0]) > 1e-7 or abs(a[1] - b[1]) > 1e-7 for a, b in zip(got_points, points)):
        wrong.append("way/%d: points %s, pyosmium %s" % (osm_id, got_points[:3], points[:3]))
wrong += ["way/%d: not a street pyosmium finds" % i for i in stored if i not in reader.found]
print(json.dumps({"expected": len(reader.found), "stored": len(stored), "wrong": wrong[:20]}))
