import Foundation
import Testing

/// `Package.swift` says what each module uses, and the sources agree: a module imports the
/// modules its target lists, and a target lists only modules it imports (a test target may
/// list more). So the graph in the manifest, and docs/layout.md's table of it, is the real one.
@Suite("The module graph of Package.swift is the one the sources import")
struct ModuleGraphTests {
    static let manifest = PackageManifest(
        (try? String(contentsOf: ReadmeTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? "")

    /// Modules of the toolchain and the system, which no target lists.
    static let system: Set<String> = [
        "Foundation", "FoundationXML", "FoundationNetworking", "FoundationEssentials", "Glibc", "Dispatch",
        "Synchronization", "Darwin", "Testing", "XCTest",
    ]

    /// An import declaration; its last group is the module.
    static let importPattern = try! NSRegularExpression(
        pattern:
            #"^\s*(@\w+\s+)*((public|package|internal|private|fileprivate)\s+)?import\s+((struct|class|enum|func|var|let|protocol|typealias)\s+)?(\w+)"#,
        options: [.anchorsMatchLines])

    /// The modules the Swift files under `folder` import, the system's left out.
    static func imports(under folder: URL) -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let code = try? String(contentsOf: file, encoding: .utf8) else {
                continue
            }
            for match in importPattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range(at: 6), in: code) else { continue }
                modules.insert(String(code[range]))
            }
        }
        return modules.subtracting(system)
    }

    @Test("Each module imports exactly what its target lists; each test target lists what it imports")
    func importsMatchTheManifest() {
        let targets = Self.manifest.targets.filter { $0.kind != .systemLibrary }
        #expect(targets.contains { $0.name == "nearby-voice" }, "Package.swift was not read: \(targets.map(\.name))")
        for target in targets {
            let folder = ReadmeTests.root.appendingPathComponent(target.kind == .testTarget ? "Tests" : "Sources")
                .appendingPathComponent(target.name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                Issue.record("no folder \(folder.path) for \(target.name)")
                continue
            }
            let imported = Self.imports(under: folder)
            let listed = Set(target.dependencies)
            #expect(
                imported.subtracting(listed).isEmpty,
                "\(target.name) imports \(imported.subtracting(listed).sorted()), which it does not list")
            if target.kind != .testTarget {
                #expect(
                    listed.subtracting(imported).isEmpty,
                    "\(target.name) lists \(listed.subtracting(imported).sorted()), which it does not import")
            }
        }
    }

    @Test("The manifest reader: comments skipped, nested calls, products by name, every kind")
    func readsAManifest() {
        let manifest = PackageManifest(
            """
            let package = Package(
                name: "x",
                products: [.library(name: "A", targets: ["A"])],
                dependencies: [.package(path: "..")],
                targets: [
                    // .target(name: "Commented"),
                    .systemLibrary(name: "CLib", providers: [.apt(["lib-dev"])]),
                    /* .target(name: "Also commented", dependencies: ["X"]), */
                    .target(name: "A", dependencies: ["CLib", .target(name: "B"), .byName(name: "C")]),
                    .target(
                        name: "B",
                        resources: [.embedInCode("a // b.po")]
                    ),
                    .executableTarget(
                        name: "tool-bench",
                        dependencies: [.product(name: "A", package: "x"), "B"],
                        path: "Sources/tool (bench)"),
                    .testTarget(name: "ATests", dependencies: ["A"]),
                ]
            )
            """)
        #expect(
            manifest.targets == [
                .init(kind: .systemLibrary, name: "CLib", dependencies: []),
                .init(kind: .target, name: "A", dependencies: ["CLib", "B", "C"]),
                .init(kind: .target, name: "B", dependencies: []),
                .init(kind: .executableTarget, name: "tool-bench", dependencies: ["A", "B"]),
                .init(kind: .testTarget, name: "ATests", dependencies: ["A"]),
            ])
    }
}
