import Foundation

/// Where an OpenStreetMap import keeps the locations of the extract's nodes while it reads the
/// ways (`nearby-voice import --node-index`): chosen by the extract's size, or by hand.
///
/// A way's points are its nodes' locations, so every node's must be at hand until the ways
/// are read: libosmium's index maps, three of them, each fitting one size of extract
/// (docs/place-store.md, "Measured: the node index at country scale", gives the figures):
/// - in memory (`FlexMem`), the fastest: 16 bytes a node in a vector that doubles as it grows
///   (up to 32 bytes a node resident while it doubles: the old vector and the copy);
/// - a `SparseFileArray` (16 bytes a node, sorted once) in an unnamed temporary file beside the
///   store, memory mapped: the kernel keeps in memory only the pages it has room for;
/// - a `DenseFileArray` (8 bytes at every id up to the largest, about 100 GB for the planet's
///   ~12.5 billion ids, whatever the extract holds), only where most ids are present.
public enum NodeIndex: String, CaseIterable, Sendable {
    /// Chosen by the extract's size in bytes, known before it is read (`kind(forExtractBytes:)`).
    case auto
    /// In memory: for a small extract, or to measure.
    case memory
    /// The sparse array in a temporary file beside the store.
    case file

    /// From this many bytes of extract on, the node index is a file. A PBF extract holds
    /// roughly 8-12 bytes a node (its ways' and relations' share included); taken at its
    /// densest, 8 bytes, 256 MB is 33 million nodes, whose in-memory index takes 0.5 GB once
    /// grown and up to 1.1 GB while the vector doubles: at most half of a 2 GB budget, beside the
    /// rest of the import (about 1 GB at 100M nodes). Below it the file gains nothing measurable
    /// (Helsinki, 0.7 MB, and a 13 MB extract imported as fast either way) and maps 16 MB more;
    /// the 10M bench extract (93 MB) stays in memory.
    static let fileFromBytes: UInt64 = 256 << 20
    /// From this many bytes on, the dense array. It takes 8 bytes × the largest id (~100 GB) and
    /// the sparse one 16 bytes a node: the dense one is smaller from ~6.25 billion nodes on,
    /// 50-75 GB of PBF at 8-12 bytes a node. The planet's PBF is about 80 GB and the largest
    /// continent's (Europe) about 30 GB: 60 GB lies between them, so only the planet gets it.
    static let denseFromBytes: UInt64 = 60_000_000_000

    /// The index a read of an extract of `bytes` keeps its node locations in, its temporary file
    /// in `folder`.
    func kind(forExtractBytes bytes: UInt64, folder: String) -> OSMCalls.NodeIndexKind {
        switch self {
        case .memory: return .memory
        case .file: return .sparseFile(folder: folder)
        case .auto:
            if bytes >= Self.denseFromBytes { return .denseFile(folder: folder) }
            if bytes >= Self.fileFromBytes { return .sparseFile(folder: folder) }
            return .memory
        }
    }

    /// The folder a store's node index file is made in: the store's own. Not TMPDIR: /tmp is
    /// memory (tmpfs) on many systems, where the file would take the RAM it is there to spare,
    /// and the store's disk is the one the user chose for a file of about the same size.
    static func folder(forStore output: String) -> String {
        guard let slash = output.lastIndex(of: "/") else { return "." }
        let folder = String(output[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The size of the file at `path` in bytes, 0 when it cannot be read.
    static func bytes(of path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
