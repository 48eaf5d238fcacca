// Which tags make a place, a walkable way, a crossing and a transit route: the rules
// cosmium.h gives, kept apart from the read (cosmium.cpp) that applies them.

#include "rules.hpp"

#include <cstring>

namespace cosmium_rules {

namespace {

/// The keys any value of which makes a named object a place.
const char *const placeKeys[] = {"amenity", "shop", "tourism", "leisure", "healthcare", "office", "craft", "historic"};

/// The key/value pairs that do.
struct Pair {
    const char *key;
    const char *value;
};
const Pair placePairs[] = {
    {"railway", "station"},        {"railway", "halt"},   {"railway", "tram_stop"},
    {"railway", "subway_entrance"}, {"public_transport", "station"}, {"public_transport", "platform"},
    {"highway", "bus_stop"},       {"public_transport", "stop_position"},
};

/// The `route` values of the routes whose stops are said with their lines.
const char *const transitRoutes[] = {"bus", "trolleybus", "tram", "light_rail", "train", "subway", "monorail", "ferry"};

}  // namespace

bool isPlace(const cosmium_tag *tags, size_t count) {
    bool named = false;
    bool kind = false;
    for (size_t i = 0; i < count; ++i) {
        const char *key = tags[i].key;
        const char *value = tags[i].value;
        if (std::strcmp(key, "name") == 0) {
            named = value[0] != '\0';
            continue;
        }
        for (const char *placeKey : placeKeys) {
            if (std::strcmp(key, placeKey) == 0) kind = true;
        }
        for (const Pair &pair : placePairs) {
            if (std::strcmp(key, pair.key) == 0 && std::strcmp(value, pair.value) == 0) kind = true;
        }
    }
    return named && kind;
}

/// The `highway` values of ways a pedestrian can use (not motorways, nor ways under construction
/// or proposed, nor platforms, elevators or bridleways).
const char *const walkableHighways[] = {
    "residential", "living_street", "pedestrian", "footway", "path", "steps", "service", "unclassified", "road",
    "track", "cycleway", "corridor", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
    "primary_link", "trunk", "trunk_link",
};

bool equals(const char *text, const char *other) { return text && std::strcmp(text, other) == 0; }

/// Whether a way with these `highway`, `foot` and `access` values (NULL when absent) is one a
/// pedestrian can use: cosmium.h says the rule.
bool isWalkable(const char *highway, const char *foot, const char *access) {
    if (!highway) return false;
    bool kind = false;
    for (const char *value : walkableHighways) kind = kind || std::strcmp(highway, value) == 0;
    if (!kind || equals(foot, "no")) return false;
    if (equals(access, "private") || equals(access, "no")) {
        return equals(foot, "yes") || equals(foot, "designated") || equals(foot, "permissive");
    }
    return true;
}

/// Whether a node with these `highway` and `crossing` values is a crossing.
bool isCrossing(const char *highway, const char *crossing) {
    if (equals(crossing, "no")) return false;
    return equals(highway, "crossing") || crossing != nullptr;
}

bool isTransitRoute(const char *route) {
    for (const char *transit : transitRoutes) {
        if (equals(route, transit)) return true;
    }
    return false;
}

}  // namespace cosmium_rules
