import Foundation
import PackagePlugin

/// Generates `Key+Generated.swift` from the target's `po/en.po` before the target compiles: one
/// typed key for each entry, so that code naming a key that is not in the catalog does not
/// build.
@main
struct CatalogKeys: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget,
            let catalog = target.sourceFiles.first(where: { $0.url.lastPathComponent == "en.po" })?.url
        else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(component: "Key+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating the catalog's keys from po/en.po",
                executable: try context.tool(named: "catalog-keys").url,
                arguments: [catalog.path, output.path],
                inputFiles: [catalog],
                outputFiles: [output])
        ]
    }
}
