#!/usr/bin/python3
"""Debian's python3-gpxpy, a GPX reader and writer independent of the program's, for the markers
file's tests (Tests/MarkerStoreTests).

    gpxpy-library.py read FILE.gpx
        Prints what gpxpy reads as JSON: the version; the waypoints (name, desc, lat, lon, time
        in seconds since 1970, and the text of each extension element by its tag); the routes
        (name, desc and points as waypoints are); the tracks (name and every point).

    gpxpy-library.py write VERSION FILE.gpx < LIBRARY.json
        Writes, with gpxpy, a GPX file of VERSION (1.0 or 1.1) holding the library given on
        standard input in the same JSON shape as `read` prints (tracks' points with or without
        names). In 1.1 each waypoint and route point also gets an extension of another program
        (OsmAnd's namespace, <osmand:color>), which a reader must skip.

Exits with gpxpy's error when the file is not GPX it can read.
"""
import datetime
import json
import sys
import xml.etree.ElementTree as ElementTree

import gpxpy
import gpxpy.gpx

OSMAND = "https://osmand.net"


def seconds(time):
    return time.timestamp() if time else None


def point_json(p):
    return {
        "name": p.name,
        "desc": p.description,
        "lat": p.latitude,
        "lon": p.longitude,
        "time": seconds(p.time),
        "extensions": {e.tag: e.text for e in getattr(p, "extensions", None) or []},
    }


def read(path):
    with open(path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    print(json.dumps({
        "version": gpx.version,
        "waypoints": [point_json(w) for w in gpx.waypoints],
        "routes": [
            {"name": r.name, "desc": r.description, "points": [point_json(p) for p in r.points]}
            for r in gpx.routes
        ],
        "tracks": [
            {"name": t.name, "points": [point_json(p) for s in t.segments for p in s.points]}
            for t in gpx.tracks
        ],
    }, ensure_ascii=False))


def time(value):
    if value is None:
        return None
    return datetime.datetime.fromtimestamp(value, tz=datetime.timezone.utc)


def extended(point, version, index):
    if version == "1.1":
        colour = ElementTree.Element("{%s}color" % OSMAND)
        colour.text = "#%06x" % (index * 4099 % 0xFFFFFF)
        point.extensions.append(colour)
    return point


def write(version, path):
    library = json.load(sys.stdin)
    gpx = gpxpy.gpx.GPX()
    gpx.creator = "gpxpy test writer"
    if version == "1.1":
        gpx.nsmap["osmand"] = OSMAND
    for index, w in enumerate(library.get("waypoints", [])):
        gpx.waypoints.append(extended(gpxpy.gpx.GPXWaypoint(
            w["lat"], w["lon"], time=time(w.get("time")), name=w.get("name"),
            description=w.get("desc")), version, index))
    for r in library.get("routes", []):
        route = gpxpy.gpx.GPXRoute(name=r.get("name"), description=r.get("desc"))
        for index, p in enumerate(r["points"]):
            route.points.append(extended(gpxpy.gpx.GPXRoutePoint(
                p["lat"], p["lon"], time=time(p.get("time")), name=p.get("name"),
                description=p.get("desc")), version, index))
        gpx.routes.append(route)
    for t in library.get("tracks", []):
        track = gpxpy.gpx.GPXTrack(name=t.get("name"))
        segment = gpxpy.gpx.GPXTrackSegment()
        for p in t["points"]:
            segment.points.append(gpxpy.gpx.GPXTrackPoint(
                p["lat"], p["lon"], time=time(p.get("time")), name=p.get("name"),
                comment=p.get("cmt")))
        track.segments.append(segment)
        gpx.tracks.append(track)
    with open(path, "w", encoding="utf-8") as f:
        f.write(gpx.to_xml(version=version))


if sys.argv[1] == "read":
    read(sys.argv[2])
else:
    write(sys.argv[2], sys.argv[3])
