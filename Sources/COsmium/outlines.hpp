// Parks' outlines (cosmium.h's `cosmium_park`), for the read in cosmium.cpp.
#ifndef COSMIUM_OUTLINES_HPP
#define COSMIUM_OUTLINES_HPP

#include "cosmium.h"

#include <osmium/osm/relation.hpp>
#include <osmium/osm/way.hpp>

#include <string>
#include <unordered_map>
#include <vector>

namespace cosmium_outlines {

/// A way's nodes in order: their ids, and their locations (invalid where the extract lacks the
/// node).
struct Piece {
    std::vector<osmium::object_id_type> ids;
    std::vector<osmium::Location> locations;
};

/// Joins `pieces` end to end by their nodes' ids (a piece may be turned round) into closed
/// rings, each of four nodes or more, written to `points` (latitude, longitude pairs) and
/// `sizes` (points a ring). False, and nothing written, when a piece has a node without a
/// location or fewer than two nodes, when the pieces do not all close into rings, or when there
/// are none.
bool joinRings(const std::vector<Piece> &pieces, std::vector<double> &points, std::vector<size_t> &sizes);

/// The parks of a read: a way with `leisure=park` and a `name` is handed on as it is read; a
/// multipolygon relation with them is remembered in the first pass (the relations), gathers its
/// outer ways as the second pass reads them, and is handed on at the end (`finish`).
class Parks {
  public:
    Parks(void *context, cosmium_park_callback callback) : context(context), callback(callback) {}

    /// The first pass: a relation of `type=multipolygon` that is a park, kept with its outer
    /// ways' ids (role `outer` or none).
    void relation(const osmium::Relation &relation);

    /// The second pass: a park way, handed on when its outline is whole; an outer way of a kept
    /// relation, gathered for it.
    void way(const osmium::Way &way);

    /// After the read: each kept relation handed on when its outer ways were all read and join
    /// into closed rings.
    void finish();

    /// Outlines handed on; parks with some nodes in the extract but no whole outline.
    uint64_t kept = 0;
    uint64_t withoutOutline = 0;

  private:
    struct Relation {
        int64_t id;
        std::string name;
        size_t outerMembers = 0;
        std::vector<Piece> outerWays;
    };

    /// Whether tags make a park whose outline is kept: `leisure=park` and a `name` (else NULL).
    static const char *parkName(const osmium::TagList &tags);

    void emit(int64_t id, int type, const char *name);

    void *context;
    cosmium_park_callback callback;
    std::vector<Relation> relations;
    std::unordered_multimap<osmium::object_id_type, size_t> outerWays;
    Piece piece;
    std::vector<double> points;
    std::vector<size_t> sizes;
};

}  // namespace cosmium_outlines

#endif
