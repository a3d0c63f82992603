import Foundation
import PackagePlugin

/// Compiles the default theme in `templates/` into the target as `DefaultThemeFiles`.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where !url.hasDirectoryPath { inputs.append(url) }
        }
        return [.buildCommand(displayName: "Embedding the default theme",
                              executable: try context.tool(named: "EmbedTheme").url,
                              arguments: [templates.path, output.path],
                              inputFiles: inputs.sorted { $0.path < $1.path },
                              outputFiles: [output])]
    }
}
