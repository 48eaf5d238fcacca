extension StoreSchema {
    /// The walking network's tables (version 6; `NetworkBuilder` says how it is made). `ways`
    /// keeps each walkable way's facts once; `vertices` are in the order of the places' grid of
    /// cells (`Cell`), with `vertex_cells` giving each cell that holds vertices its first and
    /// last row, so that the vertices about a point are a range of rows a strip, as places are;
    /// `names` and `kinds` are a vertex's different road names and the kinds of its unnamed
    /// roads, each list joined by U+001E. `edges` run from vertex `a` to vertex `b` along
    /// `points` (little-endian Float64 pairs, as `streets` keeps them), indexed by both ends and,
    /// by their boxes, in an R*Tree for the edge nearest a point. `crossings` keeps every
    /// crossing node, with the vertex it is, if any.
    static let networkTables = """
        CREATE TABLE ways(
            id INTEGER PRIMARY KEY, osm_id INTEGER NOT NULL, name TEXT, ref TEXT, kind TEXT NOT NULL,
            flags INTEGER NOT NULL, sidewalk TEXT, footway TEXT);
        CREATE TABLE vertices(
            id INTEGER PRIMARY KEY, node INTEGER NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
            degree INTEGER NOT NULL, flags INTEGER NOT NULL, names TEXT, kinds TEXT);
        CREATE TABLE vertex_cells(cell INTEGER PRIMARY KEY, first INTEGER NOT NULL, last INTEGER NOT NULL);
        CREATE TABLE edges(
            id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL, way INTEGER NOT NULL,
            length REAL NOT NULL, points BLOB NOT NULL);
        CREATE VIRTUAL TABLE edges_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        CREATE TABLE crossings(
            node INTEGER PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL, vertex INTEGER,
            on_way INTEGER NOT NULL, crossing TEXT, signals TEXT, tactile_paving TEXT, button_operated TEXT,
            sound TEXT, traffic_signals INTEGER NOT NULL);
        """

    /// The indexes of the edges by their ends and by their way, of the ways by name (`set at
    /// STREET`), and of the crossings inside edges by place (a piece's crossings), made once
    /// they are written.
    static let networkIndexes = """
        CREATE INDEX edges_a ON edges(a); CREATE INDEX edges_b ON edges(b); CREATE INDEX edges_way ON edges(way);
        CREATE INDEX ways_name ON ways(name);
        CREATE INDEX crossings_inside ON crossings(latitude, longitude) WHERE vertex IS NULL AND on_way = 1;
        """

    /// `vertices.flags` and `ways.flags`.
    enum VertexFlag {
        static let intersection: Int64 = 1
        static let deadEnd: Int64 = 2
        static let roundabout: Int64 = 4
        static let crossing: Int64 = 8
    }

    enum WayFlag {
        static let oneway: Int64 = 1
        static let roundabout: Int64 = 2
    }

    /// The separator of the lists in `vertices.names` and `vertices.kinds`.
    static let listSeparator: Character = "\u{1E}"
}
