// Parks' outlines: outlines.hpp says what each function does.

#include "outlines.hpp"

#include <cstring>

namespace cosmium_outlines {

namespace {

/// Appends `piece`'s locations but its first (turned round: but its last), the node it shares
/// with the ring's end.
void append(std::vector<osmium::Location> &ring, const Piece &piece, bool reversed) {
    size_t count = piece.locations.size();
    for (size_t index = 1; index < count; ++index) {
        ring.push_back(piece.locations[reversed ? count - 1 - index : index]);
    }
}

/// Whether any node of `pieces` is in the extract: a park with none lies wholly outside it, is no
/// place either, and is not counted as a park without its outline.
bool anyLocated(const std::vector<Piece> &pieces) {
    for (const auto &piece : pieces) {
        for (const auto &location : piece.locations) {
            if (location.valid()) return true;
        }
    }
    return false;
}

}  // namespace

bool joinRings(const std::vector<Piece> &pieces, std::vector<double> &points, std::vector<size_t> &sizes) {
    points.clear();
    sizes.clear();
    for (const auto &piece : pieces) {
        if (piece.ids.size() < 2) return false;
        for (const auto &location : piece.locations) {
            if (!location.valid()) return false;
        }
    }
    std::vector<bool> used(pieces.size(), false);
    std::vector<osmium::Location> ring;
    for (size_t start = 0; start < pieces.size(); ++start) {
        if (used[start]) continue;
        used[start] = true;
        const auto first = pieces[start].ids.front();
        auto last = pieces[start].ids.back();
        ring.assign(pieces[start].locations.begin(), pieces[start].locations.end());
        while (last != first) {
            bool joined = false;
            for (size_t next = 0; next < pieces.size() && !joined; ++next) {
                if (used[next]) continue;
                const auto &candidate = pieces[next];
                bool forwards = candidate.ids.front() == last;
                if (!forwards && candidate.ids.back() != last) continue;
                append(ring, candidate, !forwards);
                last = forwards ? candidate.ids.back() : candidate.ids.front();
                used[next] = true;
                joined = true;
            }
            if (!joined) {
                points.clear();
                sizes.clear();
                return false;
            }
        }
        if (ring.size() < 4) {
            points.clear();
            sizes.clear();
            return false;
        }
        for (const auto &location : ring) {
            points.push_back(location.lat());
            points.push_back(location.lon());
        }
        sizes.push_back(ring.size());
    }
    return !sizes.empty();
}

const char *Parks::parkName(const osmium::TagList &tags) {
    const char *leisure = tags.get_value_by_key("leisure");
    const char *name = tags.get_value_by_key("name");
    if (!leisure || std::strcmp(leisure, "park") != 0 || !name || name[0] == '\0') return nullptr;
    return name;
}

void Parks::relation(const osmium::Relation &relation) {
    const char *type = relation.tags().get_value_by_key("type");
    if (!type || std::strcmp(type, "multipolygon") != 0) return;
    const char *name = parkName(relation.tags());
    if (!name) return;
    Relation kept{relation.id(), name, 0, {}};
    for (const auto &member : relation.members()) {
        if (member.type() != osmium::item_type::way) continue;
        const char *role = member.role();
        if (role[0] != '\0' && std::strcmp(role, "outer") != 0) continue;
        outerWays.emplace(member.ref(), relations.size());
        ++kept.outerMembers;
    }
    relations.push_back(std::move(kept));
}

void Parks::way(const osmium::Way &way) {
    const char *name = way.tags().empty() ? nullptr : parkName(way.tags());
    auto range = outerWays.equal_range(way.id());
    if (!name && range.first == range.second) return;
    piece.ids.clear();
    piece.locations.clear();
    for (const auto &ref : way.nodes()) {
        piece.ids.push_back(ref.ref());
        piece.locations.push_back(ref.location());
    }
    for (auto it = range.first; it != range.second; ++it) relations[it->second].outerWays.push_back(piece);
    if (!name) return;
    bool closed = piece.ids.size() >= 4 && piece.ids.front() == piece.ids.back();
    if (closed && joinRings({piece}, points, sizes)) {
        emit(way.id(), COSMIUM_WAY, name);
    } else if (anyLocated({piece})) {
        ++withoutOutline;
    }
}

void Parks::finish() {
    for (const auto &relation : relations) {
        bool whole = relation.outerWays.size() == relation.outerMembers;
        if (whole && joinRings(relation.outerWays, points, sizes)) {
            emit(relation.id, COSMIUM_RELATION, relation.name.c_str());
        } else if (anyLocated(relation.outerWays)) {
            ++withoutOutline;
        }
    }
    relations.clear();
    outerWays.clear();
}

void Parks::emit(int64_t id, int type, const char *name) {
    cosmium_park park{id, type, name, points.data(), points.size() / 2, sizes.data(), sizes.size()};
    ++kept;
    callback(context, &park);
}

}  // namespace cosmium_outlines
