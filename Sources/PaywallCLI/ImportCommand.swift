import Foundation
import PaywallKit

/// `paywall catalog import FILE.storekit [-o catalog.yml]`: the equivalent native catalog, on stdout or into a file.
enum ImportCommand {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let file = options.file
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            reporter.report([.error(SourceLocation(file: file), "cannot read the file: \(error.localizedDescription)",
                                    hint: "name an Xcode StoreKit configuration file, such as Products.storekit")])
            return 1
        }
        let (yaml, diagnostics) = CatalogWriter.importStoreKit(data, file: file)
        reporter.report(diagnostics.sorted)
        guard let yaml else { return 1 }
        guard let output = options.output, output != "-" else {
            reporter.console.out(String(yaml.dropLast()))
            return 0
        }
        guard URL(fileURLWithPath: output).standardizedFileURL != URL(fileURLWithPath: file).standardizedFileURL else {
            reporter.report([.error(SourceLocation(file: output), "the output would replace the .storekit file it is read from",
                                    hint: "write it to another file: -o catalog.yml")])
            return 1
        }
        do {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            reporter.report([.error(SourceLocation(file: output), "cannot write the catalog: \(error.localizedDescription)")])
            return 1
        }
        reporter.status("Wrote \(output). Next: point 'catalog:' in paywall.yml at it, and add further storefronts' prices where its comments say.")
        return 0
    }
}
