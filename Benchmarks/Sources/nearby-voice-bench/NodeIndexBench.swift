import Foundation

/// Issue 42's row: the node-location index at country scale. A generated extract of `count`
/// nodes whose ids are spread as a country's are in the planet (generate-extract.py "spread":
/// sorted ids over 1..12.5 billion, most nodes untagged way nodes) is imported by the release
/// app with the index chosen by the extract's size (a sparse array in a temporary file beside
/// the store); beside it, unless skipped, the same import with the index forced into memory
/// (libosmium's FlexMem, as every import was before). Each import is its own process
/// (`Measure.run`), sampled every 0.1 s through /proc while it runs: its anonymous resident
/// memory (RssAnon: what cannot be given back without swap, which this machine has none of)
/// and the index file's blocks on disk (its open, unnamed file in the data folder, stat's
/// st_blocks: what `du` would say). The ≤ 2 GB goal is judged on the peak anonymous memory:
/// the mapped index's pages count in ru_maxrss while they are resident, but they are the
/// file's, written back and dropped when memory is short. ru_maxrss is reported beside it.
enum NodeIndexBench {
    /// Nodes in the generated extract: FlexMem's vector holds 16 bytes a node and doubles, so
    /// from 67.1 million nodes (2^26) on it grows to 2^27 entries, 2.1 GB, and holds 3.2 GB
    /// while it copies: above the goal in memory, so that the row says something.
    static let count = 100_000_000
    /// The goal: peak anonymous memory of the import.
    static let goalKB = 2 * 1024 * 1024

    /// What sampling a running import saw: peaks in kilobytes.
    struct Sampled {
        var anonymousKB = 0
        var residentKB = 0
        var indexDiskKB = 0
        var indexApparentKB = 0
    }

    /// Samples the process started with `store` among its arguments every 0.1 s until `done`.
    final class Sampler: @unchecked Sendable {
        private let lock = NSLock()
        private var peaks = Sampled()
        private var finished = false
        private let store: String
        private let folder: String

        init(store: String, folder: String) {
            self.store = store
            self.folder = folder
        }

        var result: Sampled { lock.withLock { peaks } }

        func stop() { lock.withLock { finished = true } }

        func start() {
            Thread {
                var pid: String?
                while !self.lock.withLock({ self.finished }) {
                    if pid == nil { pid = self.find() }
                    if let pid { self.sample(pid) }
                    usleep(100_000)
                }
            }.start()
        }

        /// The import's process id: the process whose arguments name the store, not a trampoline.
        private func find() -> String? {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries where entry.allSatisfy(\.isNumber) {
                guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
                let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                if arguments.contains(store), arguments.contains("import"), !arguments.contains("measure") {
                    return entry
                }
            }
            return nil
        }

        private func sample(_ pid: String) {
            var now = Sampled()
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    // "RssAnon:\t  123456 kB": a tab after the key.
                    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    guard fields.count >= 2, let value = Int(fields[1]) else { continue }
                    if fields[0] == "RssAnon:" { now.anonymousKB = value }
                    if fields[0] == "VmRSS:" { now.residentKB = value }
                }
            }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for descriptor in descriptors {
                let path = "/proc/\(pid)/fd/\(descriptor)"
                guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                    link.hasPrefix(folder + "/"), link.hasSuffix(" (deleted)")
                else { continue }
                var status = stat()
                if stat(path, &status) == 0 {
                    now.indexDiskKB = max(now.indexDiskKB, Int(status.st_blocks) / 2)
                    now.indexApparentKB = max(now.indexApparentKB, Int(status.st_size) / 1024)
                }
            }
            lock.withLock {
                peaks.anonymousKB = max(peaks.anonymousKB, now.anonymousKB)
                peaks.residentKB = max(peaks.residentKB, now.residentKB)
                peaks.indexDiskKB = max(peaks.indexDiskKB, now.indexDiskKB)
                peaks.indexApparentKB = max(peaks.indexApparentKB, now.indexApparentKB)
            }
        }
    }

    /// One import of `extract` with `--node-index index`, measured and sampled; the store removed.
    static func imported(app: String, extract: String, folder: String, index: String) -> (
        child: Measure.Child, sampled: Sampled
    ) {
        let store = "\(folder)/spread-\(index).places"
        try? FileManager.default.removeItem(atPath: store)
        // The index file's link in /proc names its folder's real, absolute path.
        let sampler = Sampler(store: store, folder: URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
        sampler.start()
        let child = Measure.run([app, "import", extract, "--output", store, "--node-index", index])
        sampler.stop()
        try? FileManager.default.removeItem(atPath: store)
        return (child, sampler.result)
    }

    /// `nodeindex --data DIR --app APP [--count N] [--skip-memory]`: the rows.
    static func rows(app: String, folder: String, count: Int = count, skipMemory: Bool = false) -> [Row] {
        func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        let extract = "\(folder)/spread-\(label(count)).osm.pbf"
        var rows: [Row] = []
        if !FileManager.default.fileExists(atPath: extract) {
            note("Generating \(extract) (minutes)…")
            let partial = "\(folder)/partial-spread-\(label(count)).osm.pbf"
            let generator = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/osm/generate-extract.py"
            let made = Measure.run(["/usr/bin/python3", generator, String(count), partial, "spread"])
            guard made.status == 0, (try? FileManager.default.moveItem(atPath: partial, toPath: extract)) != nil else {
                return [
                    Row(
                        figure: "generate the spread-id \(label(count)) extract", ours: "failed", baseline: "-",
                        ratio: "-", target: "-", verdict: "NO")
                ]
            }
            rows.append(
                Row(
                    figure: "generate the spread-id \(label(count))-node extract (once)", ours: seconds(made.seconds),
                    baseline: "-", ratio: "-", target: "report", verdict: "-"))
        }
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: extract))?[.size] as? NSNumber)?.intValue ?? 0
        note("Importing \(extract) (\(bytes / 1_048_576) MB) with the node index chosen by its size…")
        let auto = imported(app: app, extract: extract, folder: folder, index: "auto")
        var memory: (child: Measure.Child, sampled: Sampled)?
        if !skipMemory {
            note("Importing it again with the node index in memory…")
            memory = imported(app: app, extract: extract, folder: folder, index: "memory")
        }
        let failed = auto.child.status != 0
        let name = "node index, \(label(count)) spread-id nodes (\(bytes / 1_048_576) MB)"
        func beside(_ value: String) -> String { memory.map { _ in value } ?? "-" }
        let memoryFailed = memory.map { $0.child.status != 0 } ?? false
        rows += [
            Row(
                figure: "\(name): import, auto (file) vs memory" + (failed ? " (failed)" : ""),
                ours: seconds(auto.child.seconds),
                baseline: beside(memoryFailed ? "failed" : seconds(memory?.child.seconds ?? .nan)),
                ratio: memory.map { times(auto.child.seconds / $0.child.seconds) } ?? "-", target: "report",
                verdict: "-"),
            Row(
                figure: "\(name): peak anonymous RAM (RssAnon)", ours: megabytes(auto.sampled.anonymousKB),
                baseline: beside(megabytes(memory?.sampled.anonymousKB ?? 0)),
                ratio: memory.map { times(Double(auto.sampled.anonymousKB) / Double($0.sampled.anonymousKB)) } ?? "-",
                target: "≤ 2048 MB",
                verdict: !failed && auto.sampled.anonymousKB > 0 && auto.sampled.anonymousKB <= goalKB ? "yes" : "NO"),
            Row(
                figure: "\(name): peak RSS, mapped index pages too (ru_maxrss)", ours: megabytes(auto.child.peakKB),
                baseline: beside(megabytes(memory?.child.peakKB ?? 0)), ratio: "-", target: "report", verdict: "-"),
            Row(
                figure: "\(name): index file on disk (blocks; apparent size)",
                ours: "\(megabytes(auto.sampled.indexDiskKB)); \(megabytes(auto.sampled.indexApparentKB))",
                baseline: beside("0 MB"), ratio: "-", target: "report", verdict: "-"),
        ]
        return rows
    }
}
