// The tag rules of cosmium.h (rules.cpp), for the read in cosmium.cpp.
#ifndef COSMIUM_RULES_HPP
#define COSMIUM_RULES_HPP

#include "cosmium.h"

namespace cosmium_rules {

/// Whether `text` (NULL when a tag is absent) is `other`.
bool equals(const char *text, const char *other);

/// Whether tags make a place people walk to (`cosmium_is_place`).
bool isPlace(const cosmium_tag *tags, size_t count);

/// Whether a way with these `highway`, `foot` and `access` values (NULL when absent) is one a
/// pedestrian can use (`cosmium_is_walkable`).
bool isWalkable(const char *highway, const char *foot, const char *access);

/// Whether a node with these `highway` and `crossing` values is a crossing.
bool isCrossing(const char *highway, const char *crossing);

/// Whether a route relation's `route` value is public transport whose stops are said with their
/// lines: bus, trolleybus, tram, light_rail, train, subway, monorail, ferry.
bool isTransitRoute(const char *route);

}  // namespace cosmium_rules

#endif
