import Foundation
import PackagePlugin

/// Generates two files from the target's `po/*.po` before the target compiles:
/// `Key+Generated.swift` from `po/en.po`, one typed key for each entry and, for a key with
/// fields, a `Phrase` constructor labelled with its fields, so that code naming a key that is not
/// in the catalog, or a field that is not the key's, does not build; and `CatalogTexts+Generated.swift`, the text of
/// every catalog as a string literal, which the binary carries, and of every table beside them
/// (`po/*.tsv`: the kinds' words, `osm-kinds.tsv`).
@main
struct CatalogKeys: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // The catalogs are excluded from the target's sources (Package.swift), so they are found
        // in its po folder.
        let folder = target.directoryURL.appending(component: "po")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let catalogs = files.filter { ["po", "tsv"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard let english = catalogs.first(where: { $0.lastPathComponent == "en.po" }) else { return [] }
        let others = catalogs.filter { $0 != english }
        let keys = context.pluginWorkDirectoryURL.appending(component: "Key+Generated.swift")
        let texts = context.pluginWorkDirectoryURL.appending(component: "CatalogTexts+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating the catalog's keys and texts from po/*.po and po/*.tsv",
                executable: try context.tool(named: "catalog-keys").url,
                arguments: [english.path, keys.path, texts.path] + others.map(\.path),
                inputFiles: catalogs,
                outputFiles: [keys, texts])
        ]
    }
}
