#!/usr/bin/python3
"""Reads a GPX file with gpxpy (Debian's python3-gpxpy), a reader independent of the program's,
and prints what it read as JSON: the version, the name and time of its metadata, its tracks
(each with its name, gpxpy's own 2D length in metres and its segments' points), its waypoints
(name, description, latitude and longitude) and how many routes.

    gpx-read.py FILE.gpx

Exits with gpxpy's error when the file is not GPX it can read.
"""
import json
import sys

import gpxpy

with open(sys.argv[1], encoding="utf-8") as f:
    gpx = gpxpy.parse(f)
print(json.dumps({
    "version": gpx.version,
    "name": gpx.name,
    "time": gpx.time.isoformat() if gpx.time else None,
    "tracks": [
        {
            "name": track.name,
            "length": track.length_2d(),
            "segments": [[[p.latitude, p.longitude] for p in s.points] for s in track.segments],
        }
        for track in gpx.tracks
    ],
    "waypoints": [
        {"name": w.name, "desc": w.description, "at": [w.latitude, w.longitude]} for w in gpx.waypoints
    ],
    "routes": len(gpx.routes),
}))
