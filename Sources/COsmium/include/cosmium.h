#ifndef COSMIUM_H
#define COSMIUM_H

/// A plain C interface over libosmium (header-only C++), which Swift cannot import directly:
/// `osmium::io::Reader` is neither copyable nor movable and `osmium::apply` is variadic. One call
/// reads a whole `.osm.pbf` or `.osm` file and hands back, one callback each, the objects that
/// make a place people walk to, the named streets and the parks' outlines. Everything passed to a callback lives only
/// for that call.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A node, or a way or a multipolygon relation at its representative point.
enum { COSMIUM_NODE = 0, COSMIUM_WAY = 1, COSMIUM_RELATION = 2 };

/// One tag, as the file has it (UTF-8, NUL-terminated).
typedef struct cosmium_tag {
    const char *key;
    const char *value;
} cosmium_tag;

/// A kept object: a node, a way or a relation of `type=multipolygon` with a `name` and a tag that
/// makes it a place people walk to (`cosmium_is_place`), at its point, with all its tags. A way's
/// point is its representative point: the mean of the latitudes and of the longitudes of its
/// distinct node locations (a closed way's last node, the same as its first, counts once; nodes
/// missing from the extract are left out; a way with none is not kept). A relation's is the same
/// mean over the distinct node locations of all its outer member ways (role `outer` or none).
typedef struct cosmium_object {
    int64_t id;
    int type;
    double latitude;
    double longitude;
    const cosmium_tag *tags;
    size_t tag_count;
} cosmium_object;

/// A named street: a way with `highway` and `name`, its node locations in order as
/// latitude, longitude pairs (`point_count` pairs).
typedef struct cosmium_street {
    int64_t id;
    const char *name;
    const double *points;
    size_t point_count;
} cosmium_street;

/// A park's outline: a way or a relation of `type=multipolygon` with `leisure=park` and a
/// `name`, whose outline lies whole in the extract. Its outer rings, each closed (its last point
/// is its first), as latitude, longitude pairs one ring after another: ring `i` has
/// `ring_sizes[i]` points, `point_count` in all. A way is kept when it is closed (its last node
/// is its first, four nodes or more) and all its nodes are in the extract; a relation when every
/// outer member way (role `outer` or none) is in the extract with all its nodes and they join
/// end to end, by their nodes' ids, into closed rings of four nodes or more. Inner ways (the
/// holes) are left out.
typedef struct cosmium_park {
    int64_t id;
    /// `COSMIUM_WAY` or `COSMIUM_RELATION`.
    int type;
    const char *name;
    const double *points;
    size_t point_count;
    const size_t *ring_sizes;
    size_t ring_count;
} cosmium_park;

/// What a read went through.
typedef struct cosmium_counts {
    uint64_t nodes;
    uint64_t ways;
    uint64_t places;
    uint64_t streets;
    /// Ways kept by their tags whose nodes all lie outside the extract: not kept.
    uint64_t ways_without_location;
    /// Relations read (of any type), and multipolygons kept by their tags none of whose outer
    /// ways' nodes lie in the extract: not kept.
    uint64_t relations;
    uint64_t relations_without_location;
    /// Walkable ways and crossing nodes handed on (`cosmium_network`).
    uint64_t walkways;
    uint64_t crossings;
    /// Parks' outlines handed on (`cosmium_park`), and named parks whose outline is not whole in
    /// the extract though some of its nodes are (not handed on: they are places at their point).
    uint64_t parks;
    uint64_t parks_without_outline;
    /// The disk-backed node index's blocks on disk at the end of the read, in bytes (0 for the
    /// index in memory).
    uint64_t index_bytes;
} cosmium_counts;

/// Where the read keeps the node locations that give ways their points (`cosmium_read`'s
/// `node_index`): libosmium's index maps, each fitting one size of extract.
enum {
    /// `FlexMem`: in memory, 16 bytes a node in a growing vector (a dense array in blocks when
    /// more than a third of the ids up to the largest are present). The fastest.
    COSMIUM_INDEX_MEMORY = 0,
    /// `SparseFileArray`'s layout (id and location, 16 bytes a node) in a temporary file: memory
    /// mapped, so the kernel keeps in memory only what it has room for.
    COSMIUM_INDEX_SPARSE_FILE = 1,
    /// `DenseFileArray`'s layout (a location at each id, 8 bytes × the largest id) in a
    /// temporary file: for the planet, where most ids are present.
    COSMIUM_INDEX_DENSE_FILE = 2,
};

/// A way a pedestrian can use (`cosmium_is_walkable`), named or not: its node ids in order with
/// their locations as latitude, longitude pairs (`node_count` of each; a node missing from the
/// extract has NaN for both), and the tags the street network keeps ("" when absent).
typedef struct cosmium_walkway {
    int64_t id;
    const int64_t *node_ids;
    const double *points;
    size_t node_count;
    const char *name;
    const char *ref;
    /// The `highway` value: "residential", "footway"...
    const char *highway;
    /// `sidewalk` (both, left, right, no, separate...) and `footway` (sidewalk, crossing...).
    const char *sidewalk;
    const char *footway;
    /// `COSMIUM_ONEWAY`, `COSMIUM_ROUNDABOUT`.
    int flags;
} cosmium_walkway;

enum { COSMIUM_ONEWAY = 1, COSMIUM_ROUNDABOUT = 2 };

/// A crossing node (`highway=crossing`, or any `crossing` but `no`) with its facts ("" when
/// absent): `crossing` (traffic_signals, marked, uncontrolled, unmarked...), `crossing:signals`,
/// `tactile_paving`, `button_operated`, `traffic_signals:sound`, and whether it is also
/// `highway=traffic_signals`.
typedef struct cosmium_crossing {
    int64_t id;
    double latitude;
    double longitude;
    const char *crossing;
    const char *signals;
    const char *tactile_paving;
    const char *button_operated;
    const char *sound;
    int traffic_signals;
} cosmium_crossing;

/// A stop's membership of a relation that says what serves it or what it belongs to: a member
/// of a route relation (`type=route`, `route` = bus, trolleybus, tram, light_rail, train,
/// subway, monorail or ferry, with a `ref`): every node member, and every way member whose role
/// begins with "platform" or "stop" (the route's other ways are its roads); or any node or way
/// member of a `public_transport=stop_area` relation, whose `route` is then "stop_area" and
/// `ref` "".
typedef struct cosmium_membership {
    int member_type;
    int64_t member_id;
    int64_t relation_id;
    const char *route;
    const char *ref;
} cosmium_membership;

typedef void (*cosmium_place_callback)(void *context, const cosmium_object *object);
typedef void (*cosmium_membership_callback)(void *context, const cosmium_membership *membership);
typedef void (*cosmium_street_callback)(void *context, const cosmium_street *street);
typedef void (*cosmium_park_callback)(void *context, const cosmium_park *park);
typedef void (*cosmium_walkway_callback)(void *context, const cosmium_walkway *way);
typedef void (*cosmium_crossing_callback)(void *context, const cosmium_crossing *crossing);

/// The street network's callbacks, read in the same pass as the places: each walkable way, each
/// crossing node. Either may be NULL.
typedef struct cosmium_network {
    cosmium_walkway_callback walkway;
    cosmium_crossing_callback crossing;
} cosmium_network;

/// Called now and then with the bytes read so far; returns nonzero to stop the read.
typedef int (*cosmium_progress_callback)(void *context, uint64_t bytes_read);

/// Reads `path` in `format` ("pbf", "osm", or "" to tell by the name's suffix) and calls
/// `place` for each kept object and `street` for each named street, in the file's order, the
/// relations last; when `park` is not NULL, it for each park's outline (`cosmium_park`: the
/// ways in the file's order, then the relations); when `network` is not NULL, its callbacks for each walkable way and
/// crossing node; and when `membership` is not NULL, it for each stop's membership of a route or
/// stop area (`cosmium_membership`), in the first pass (at the first way, after the nodes).
/// The file is read twice: its relations (the multipolygons kept and their outer ways' ids, decoded while the nodes are read and taken in at the first way), and its nodes and
/// ways, whose locations the outer ways give their relations; `progress` is called through both.
/// The node locations are kept in `node_index` (`COSMIUM_INDEX_MEMORY`...); a file-backed index
/// is an unnamed temporary file in the folder `index_folder` (opened with O_TMPFILE, or removed
/// at once after it is made where the file system cannot: never left behind, even when the
/// process is killed), its disk blocks reserved before they are written (posix_fallocate), so
/// that a full disk is an error here and never a SIGBUS on a mapped page.
/// Returns 0; or -1 with libosmium's own words of what is wrong in `error` (a truncated or
/// broken file, a file that is not OSM), -2 when `progress` asked to stop, or -3 when the node
/// index's file cannot be made or grown (a full disk, a folder that cannot be written), with
/// the system's words in `error`.
int cosmium_read(
    const char *path, const char *format, void *context, cosmium_place_callback place,
    cosmium_street_callback street, cosmium_park_callback park, const cosmium_network *network,
    cosmium_membership_callback membership, cosmium_progress_callback progress, int node_index,
    const char *index_folder, cosmium_counts *counts, char *error, size_t error_size);

/// Whether tags (`count` key/value pairs) make a place people walk to: a `name`, and any of
/// `amenity`, `shop`, `tourism`, `leisure`, `healthcare`, `office`, `craft`, `historic`;
/// or `railway` = station, halt, tram_stop or subway_entrance; or `public_transport` = station
/// or platform; or `highway` = bus_stop; or `public_transport` = stop_position (a stop's place on
/// the road or track, which the import merges into the stop it belongs to: never a place alone).
int cosmium_is_place(const cosmium_tag *tags, size_t count);

/// Whether tags make a way a pedestrian can use: `highway` = residential, living_street,
/// pedestrian, footway, path, steps, service, unclassified, road, track, cycleway, corridor,
/// tertiary, secondary, primary or trunk (and their `_link`s); not `foot=no`; not `access` =
/// private or no unless `foot` = yes, designated or permissive.
int cosmium_is_walkable(const cosmium_tag *tags, size_t count);

#ifdef __cplusplus
}
#endif

#endif
