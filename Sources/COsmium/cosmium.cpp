// The C interface over libosmium: cosmium.h says what each function does.

#define OSMIUM_WITH_LZ4
#include "cosmium.h"
#include "outlines.hpp"
#include "rules.hpp"

#include <osmium/handler.hpp>
#include <osmium/handler/node_locations_for_ways.hpp>
#include <osmium/index/detail/mmap_vector_base.hpp>
#include <osmium/index/detail/vector_map.hpp>
#include <osmium/index/map/flex_mem.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/thread/pool.hpp>
#include <osmium/visitor.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using namespace cosmium_rules;

/// A tag's value, or "" when absent.
const char *valueOf(const osmium::TagList &tags, const char *key) {
    const char *value = tags.get_value_by_key(key);
    return value ? value : "";
}

/// Thrown from inside the read when `progress` asks to stop.
struct Stopped {};

/// Thrown when the node index's temporary file cannot be made or grown.
struct IndexFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Throws the node index's failure: what could not be done to its file, and the system's words.
[[noreturn]] void indexFailure(const char *what, int code) {
    throw IndexFileError{
        std::string{what} + " the temporary file: " + std::generic_category().message(code)};
}

/// Reserves the blocks of the file `fd` up to `bytes` (posix_fallocate), so that writing its
/// mapped pages never needs a block the disk does not have (a SIGBUS): a full disk fails here.
void reserveBlocks(int fd, size_t bytes) {
    const int code = ::posix_fallocate(fd, 0, off_t(bytes));
    if (code != 0) indexFailure("cannot grow", code);
}

/// The node index's temporary file in `folder`: unnamed from the start (O_TMPFILE), or, where
/// the file system has no unnamed files, made with mkostemp and removed at once, so that
/// nothing is left behind however the process ends. Closed (and its blocks freed) when this goes.
class IndexFile {
    int m_fd = -1;

public:
    explicit IndexFile(const char *folder) {
        const std::string where = folder && *folder ? folder : ".";
        m_fd = ::open(where.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (m_fd >= 0) return;
        if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) indexFailure("cannot make", errno);
        std::string name = where + "/.nearby-voice-node-index-XXXXXX";
        m_fd = ::mkostemp(name.data(), O_CLOEXEC);
        if (m_fd < 0) indexFailure("cannot make", errno);
        ::unlink(name.c_str());
    }
    IndexFile(const IndexFile &) = delete;
    IndexFile &operator=(const IndexFile &) = delete;
    ~IndexFile() {
        if (m_fd >= 0) ::close(m_fd);
    }

    int fd() const { return m_fd; }

    /// Its blocks on disk, in bytes (what `du` would say of it).
    uint64_t bytesOnDisk() const {
        struct stat status {};
        return ::fstat(m_fd, &status) == 0 ? uint64_t(status.st_blocks) * 512 : 0;
    }
};

/// libosmium's `mmap_vector_file` (the storage of `SparseFileArray` and `DenseFileArray`) over an
/// `IndexFile`'s descriptor, each growth's blocks reserved before the mapping grows over them.
/// libosmium's own checks the free space with fstatvfs and then only sets the file's size
/// (ftruncate): the place store, written beside it at the same time, can take the space
/// between, and a page written without a block ends the program with SIGBUS.
template <typename T>
class ReservedFileVector : public osmium::detail::mmap_vector_base<T> {
    using Base = osmium::detail::mmap_vector_base<T>;
    static constexpr size_t step = osmium::detail::mmap_vector_size_increment;
    int m_fd;

    static int reserved(int fd) {
        reserveBlocks(fd, step * sizeof(T));
        return fd;
    }

public:
    explicit ReservedFileVector(int fd) : Base(reserved(fd), step), m_fd(fd) {}

    void reserve(size_t capacity) {
        if (capacity <= this->capacity()) return;
        reserveBlocks(m_fd, capacity * sizeof(T));
        try {
            Base::reserve(capacity);
        } catch (const std::system_error &error) {
            indexFailure("cannot map", error.code().value());
        }
    }

    void resize(size_t size) {
        if (size > this->capacity()) reserve(size + step);
        this->m_size = size;
    }

    void push_back(const T &value) {
        resize(this->m_size + 1);
        this->data()[this->m_size - 1] = value;
    }
};

using Id = osmium::unsigned_object_id_type;
/// libosmium's `SparseFileArray` and `DenseFileArray`, over a `ReservedFileVector`.
using SparseFileIndex = osmium::index::map::VectorBasedSparseMap<Id, osmium::Location, ReservedFileVector>;
using DenseFileIndex =
    osmium::index::map::VectorBasedDenseMap<ReservedFileVector<osmium::Location>, Id, osmium::Location>;

/// A multipolygon relation kept by its tags, waiting for its outer ways' node locations: its
/// tags as strings (key, value, key, value...: the buffer it was read from is gone by then).
struct Relation {
    int64_t id;
    std::vector<std::string> strings;
    std::vector<osmium::Location> locations;
};

/// The mean of the latitudes and of the longitudes of the distinct `locations` (sorted and made
/// unique here): false when there are none.
bool meanOf(std::vector<osmium::Location> &locations, double &latitude, double &longitude) {
    std::sort(locations.begin(), locations.end());
    locations.erase(std::unique(locations.begin(), locations.end()), locations.end());
    if (locations.empty()) return false;
    latitude = 0;
    longitude = 0;
    for (const auto &location : locations) {
        latitude += location.lat();
        longitude += location.lon();
    }
    latitude /= locations.size();
    longitude /= locations.size();
    return true;
}

class Handler : public osmium::handler::Handler {
  public:
    void *context;
    cosmium_place_callback place;
    cosmium_street_callback street;
    const cosmium_network *network = nullptr;
    cosmium_membership_callback membership = nullptr;
    /// The parks' outlines, when asked for.
    cosmium_outlines::Parks *parks = nullptr;
    cosmium_counts counts{};
    std::vector<int64_t> nodeIDs;
    std::vector<cosmium_tag> tags;
    std::vector<osmium::Location> locations;
    std::vector<double> points;
    /// The multipolygons kept by their tags (the first pass), and for each of their outer ways
    /// (role `outer` or none) the relations it belongs to, by index in `relations`.
    std::vector<Relation> relations;
    std::unordered_multimap<osmium::object_id_type, size_t> outerWays;
    /// The first pass's reader, until it has been read (at the first way, or the end).
    osmium::io::Reader *firstPass = nullptr;
    cosmium_progress_callback progress = nullptr;

    /// Reads the first pass to its end, once: the relations, through `relation`.
    void readFirstPass() {
        if (!firstPass) return;
        while (osmium::memory::Buffer buffer = firstPass->read()) {
            osmium::apply(buffer, *this);
            if (progress && progress(context, firstPass->offset())) throw Stopped{};
        }
        firstPass->close();
        firstPass = nullptr;
    }

    /// The first pass (`readFirstPass`): a relation of `type=multipolygon` whose tags make a
    /// place is kept, with its outer ways' ids.
    void relation(const osmium::Relation &relation) {
        ++counts.relations;
        const char *type = relation.tags().get_value_by_key("type");
        if (membership) memberships(relation, type);
        if (parks) parks->relation(relation);
        if (!type || std::strcmp(type, "multipolygon") != 0) return;
        if (!gather(relation.tags()) || !isPlace(tags.data(), tags.size())) return;
        Relation kept{relation.id(), {}, {}};
        for (const auto &tag : relation.tags()) {
            kept.strings.emplace_back(tag.key());
            kept.strings.emplace_back(tag.value());
        }
        for (const auto &member : relation.members()) {
            if (member.type() != osmium::item_type::way) continue;
            const char *role = member.role();
            if (role[0] != '\0' && std::strcmp(role, "outer") != 0) continue;
            outerWays.emplace(member.ref(), relations.size());
        }
        relations.push_back(std::move(kept));
    }

    /// After the second pass: each kept relation at the mean of its outer ways' distinct node
    /// locations; one with none is not kept.
    void emitRelations() {
        double latitude = 0;
        double longitude = 0;
        for (auto &relation : relations) {
            if (!meanOf(relation.locations, latitude, longitude)) {
                ++counts.relations_without_location;
                continue;
            }
            tags.clear();
            for (size_t i = 0; i + 1 < relation.strings.size(); i += 2) {
                tags.push_back({relation.strings[i].c_str(), relation.strings[i + 1].c_str()});
            }
            emit(relation.id, COSMIUM_RELATION, latitude, longitude);
        }
    }

    void node(const osmium::Node &node) {
        ++counts.nodes;
        if (network && network->crossing && !node.tags().empty()) crossing(node);
        if (node.tags().empty() || !gather(node.tags()) || !isPlace(tags.data(), tags.size())) return;
        if (!node.location().valid()) return;
        emit(node.id(), COSMIUM_NODE, node.location().lat(), node.location().lon());
    }

    void way(const osmium::Way &way) {
        ++counts.ways;
        readFirstPass();
        if (!outerWays.empty()) collectOuter(way);
        if (parks) parks->way(way);
        if (network && network->walkway && !way.tags().empty()) walkway(way);
        if (way.tags().empty() || !gather(way.tags())) return;
        const char *name = way.tags().get_value_by_key("name");
        if (isPlace(tags.data(), tags.size())) {
            locations.clear();
            for (const auto &ref : way.nodes()) {
                if (ref.location().valid()) locations.push_back(ref.location());
            }
            double latitude = 0;
            double longitude = 0;
            if (meanOf(locations, latitude, longitude)) {
                emit(way.id(), COSMIUM_WAY, latitude, longitude);
            } else {
                ++counts.ways_without_location;
            }
        }
        if (name && name[0] != '\0' && way.tags().has_key("highway")) {
            points.clear();
            for (const auto &ref : way.nodes()) {
                if (!ref.location().valid()) continue;
                points.push_back(ref.location().lat());
                points.push_back(ref.location().lon());
            }
            if (points.empty()) return;
            cosmium_street found{way.id(), name, points.data(), points.size() / 2};
            ++counts.streets;
            street(context, &found);
        }
    }

  private:
    /// The stops of a route or a stop area handed to `membership` (cosmium.h says which).
    void memberships(const osmium::Relation &relation, const char *type) {
        const auto &tags = relation.tags();
        const char *route = nullptr;
        const char *ref = "";
        if (equals(type, "route")) {
            const char *value = tags.get_value_by_key("route");
            if (isTransitRoute(value)) route = value;
            ref = valueOf(tags, "ref");
            if (!route || ref[0] == '\0') return;
        } else if (equals(tags.get_value_by_key("public_transport"), "stop_area")) {
            route = "stop_area";
        } else {
            return;
        }
        bool stopArea = std::strcmp(route, "stop_area") == 0;
        for (const auto &member : relation.members()) {
            int memberType;
            if (member.type() == osmium::item_type::node) {
                memberType = COSMIUM_NODE;
            } else if (member.type() == osmium::item_type::way) {
                const char *role = member.role();
                if (!stopArea && std::strncmp(role, "platform", 8) != 0 && std::strncmp(role, "stop", 4) != 0) continue;
                memberType = COSMIUM_WAY;
            } else {
                continue;
            }
            cosmium_membership found{memberType, member.ref(), relation.id(), route, ref};
            membership(context, &found);
        }
    }

    /// A crossing node handed to `network->crossing`.
    void crossing(const osmium::Node &node) {
        const auto &tags = node.tags();
        const char *highway = tags.get_value_by_key("highway");
        if (!isCrossing(highway, tags.get_value_by_key("crossing")) || !node.location().valid()) return;
        cosmium_crossing found{
            node.id(),
            node.location().lat(),
            node.location().lon(),
            valueOf(tags, "crossing"),
            valueOf(tags, "crossing:signals"),
            valueOf(tags, "tactile_paving"),
            valueOf(tags, "button_operated"),
            valueOf(tags, "traffic_signals:sound"),
            equals(highway, "traffic_signals") ? 1 : 0,
        };
        ++counts.crossings;
        network->crossing(context, &found);
    }

    /// A walkable way handed to `network->walkway`, every node in order, a missing one's
    /// location NaN.
    void walkway(const osmium::Way &way) {
        const auto &tags = way.tags();
        const char *highway = tags.get_value_by_key("highway");
        if (!isWalkable(highway, tags.get_value_by_key("foot"), tags.get_value_by_key("access"))) return;
        nodeIDs.clear();
        points.clear();
        for (const auto &ref : way.nodes()) {
            nodeIDs.push_back(ref.ref());
            bool valid = ref.location().valid();
            points.push_back(valid ? ref.location().lat() : std::nan(""));
            points.push_back(valid ? ref.location().lon() : std::nan(""));
        }
        const char *oneway = tags.get_value_by_key("oneway");
        int flags = 0;
        if (equals(oneway, "yes") || equals(oneway, "1") || equals(oneway, "true") || equals(oneway, "-1")) {
            flags |= COSMIUM_ONEWAY;
        }
        if (equals(tags.get_value_by_key("junction"), "roundabout")) flags |= COSMIUM_ROUNDABOUT;
        cosmium_walkway found{
            way.id(),
            nodeIDs.data(),
            points.data(),
            nodeIDs.size(),
            valueOf(tags, "name"),
            valueOf(tags, "ref"),
            highway,
            valueOf(tags, "sidewalk"),
            valueOf(tags, "footway"),
            flags,
        };
        ++counts.walkways;
        network->walkway(context, &found);
    }

    /// The node locations of `way`, given to each kept relation it is an outer way of.
    void collectOuter(const osmium::Way &way) {
        auto range = outerWays.equal_range(way.id());
        for (auto it = range.first; it != range.second; ++it) {
            auto &locations = relations[it->second].locations;
            for (const auto &ref : way.nodes()) {
                if (ref.location().valid()) locations.push_back(ref.location());
            }
        }
    }

    /// The tags as C pairs; false when none could matter (no name).
    bool gather(const osmium::TagList &list) {
        if (!list.has_key("name")) return false;
        tags.clear();
        for (const auto &tag : list) tags.push_back({tag.key(), tag.value()});
        return true;
    }

    void emit(int64_t id, int type, double latitude, double longitude) {
        cosmium_object object{id, type, latitude, longitude, tags.data(), tags.size()};
        ++counts.places;
        place(context, &object);
    }
};

void copyError(const char *text, char *error, size_t size) {
    if (size == 0) return;
    std::strncpy(error, text, size - 1);
    error[size - 1] = '\0';
}

}  // namespace

extern "C" int cosmium_is_place(const cosmium_tag *tags, size_t count) { return isPlace(tags, count) ? 1 : 0; }

extern "C" int cosmium_is_walkable(const cosmium_tag *tags, size_t count) {
    const char *highway = nullptr;
    const char *foot = nullptr;
    const char *access = nullptr;
    for (size_t i = 0; i < count; ++i) {
        if (std::strcmp(tags[i].key, "highway") == 0) highway = tags[i].value;
        if (std::strcmp(tags[i].key, "foot") == 0) foot = tags[i].value;
        if (std::strcmp(tags[i].key, "access") == 0) access = tags[i].value;
    }
    return isWalkable(highway, foot, access) ? 1 : 0;
}

namespace {

/// The read itself, over the node index `index`: see `cosmium_read`.
template <typename Index>
void readWith(
    Index &index, const osmium::io::File &file, void *context, cosmium_place_callback place,
    cosmium_street_callback street, cosmium_park_callback park, const cosmium_network *network,
    cosmium_membership_callback membership, cosmium_progress_callback progress, cosmium_counts *counts) {
    Handler handler;
    handler.context = context;
    handler.place = place;
    handler.street = street;
    handler.network = network;
    handler.membership = membership;
    cosmium_outlines::Parks parks{context, park};
    if (park) handler.parks = &parks;
    // The relations come after the ways in a file, and the ways must know which relations
    // they are outer ways of: the file is read twice, its relations alone first. Both readers
    // start here, the first with a decoding thread of its own (libosmium's default pool has
    // one thread on two cores), so that its blocks are decoded while the second reads the
    // nodes; the first is read to its end at the first way.
    osmium::thread::Pool firstPool{1};
    osmium::io::Reader relations{file, osmium::osm_entity_bits::relation, osmium::io::read_meta::no, firstPool};
    osmium::io::Reader reader{
        file, osmium::osm_entity_bits::node | osmium::osm_entity_bits::way, osmium::io::read_meta::no};
    handler.firstPass = &relations;
    handler.progress = progress;
    osmium::handler::NodeLocationsForWays<Index> locations{index};
    locations.ignore_errors();
    while (osmium::memory::Buffer buffer = reader.read()) {
        osmium::apply(buffer, locations, handler);
        if (progress && progress(context, reader.offset())) throw Stopped{};
    }
    handler.readFirstPass();
    reader.close();
    handler.emitRelations();
    if (park) parks.finish();
    handler.counts.parks = parks.kept;
    handler.counts.parks_without_outline = parks.withoutOutline;
    if (counts) *counts = handler.counts;
}

}  // namespace

extern "C" int cosmium_read(
    const char *path, const char *format, void *context, cosmium_place_callback place,
    cosmium_street_callback street, cosmium_park_callback park, const cosmium_network *network,
    cosmium_membership_callback membership, cosmium_progress_callback progress, int node_index,
    const char *index_folder, cosmium_counts *counts, char *error, size_t error_size) {
    try {
        osmium::io::File file{path, format ? format : ""};
        switch (node_index) {
        case COSMIUM_INDEX_SPARSE_FILE: {
            IndexFile backing{index_folder};
            SparseFileIndex index{backing.fd()};
            readWith(index, file, context, place, street, park, network, membership, progress, counts);
            if (counts) counts->index_bytes = backing.bytesOnDisk();
            break;
        }
        case COSMIUM_INDEX_DENSE_FILE: {
            IndexFile backing{index_folder};
            DenseFileIndex index{backing.fd()};
            readWith(index, file, context, place, street, park, network, membership, progress, counts);
            if (counts) counts->index_bytes = backing.bytesOnDisk();
            break;
        }
        default: {
            osmium::index::map::FlexMem<Id, osmium::Location> index;
            readWith(index, file, context, place, street, park, network, membership, progress, counts);
            if (counts) counts->index_bytes = 0;
        }
        }
        return 0;
    } catch (const Stopped &) {
        copyError("stopped", error, error_size);
        return -2;
    } catch (const IndexFileError &failure) {
        copyError(failure.what(), error, error_size);
        return -3;
    } catch (const std::exception &exception) {
        copyError(exception.what(), error, error_size);
        return -1;
    } catch (...) {
        copyError("unknown error", error, error_size);
        return -1;
    }
}
